package main

import "fmt"

func main() {
	for _, r := range []rune{'A', 'é', '世', '😀', 'ñ', 0x1F4A9} {
		fmt.Printf("%c %U %#U %d %q %x\n", r, r, r, r, r, r)
	}
	fmt.Printf("%U %U\n", -1, 0x110000)
	fmt.Printf("%q %q %q %+q\n", 0x7f, 0xD800, 0x10FFFF, 'é')
	s := "Go语言"
	fmt.Printf("%s has %d bytes\n", s, len(s))
	for i, r := range s {
		fmt.Printf("%d:%c(%U) ", i, r, r)
	}
	fmt.Println()
	fmt.Printf("%q\n", []rune(s))
	fmt.Printf("%v\n", []rune(s))
	fmt.Printf("%x\n", []rune("ab"))
	fmt.Printf("%+q %#q\n", "日本", "日本")
	fmt.Printf("%08.3s|\n", "abcdef")
	fmt.Printf("%v %d %c\n", byte('A'), byte('A'), byte('A'))
}
