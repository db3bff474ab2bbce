package main

import "fmt"

func main() {
	s := "aé日🙂"
	for i, r := range s {
		fmt.Println(i, r, string(r))
	}
	for i := range s {
		fmt.Print(i, ",")
	}
	fmt.Println()
	fmt.Println(len(s), len([]rune(s)), len([]byte(s)))
	bs := []byte(s)
	fmt.Println(bs)
	var r rune = 'A'
	fmt.Println(r, string(r), r+1, string(r+2))
	var b byte = 'z'
	fmt.Println(b, string(b), b-25)
	fmt.Println('a' - 'A', 'x' < 'y', '\n', '\'', '\\')
	fmt.Println(string(rune(0x65e5)), string([]rune{72, 105}))
	bad := "a\xffb"
	for i, r := range bad {
		fmt.Println(i, r)
	}
	fmt.Println(len(bad), []byte(bad))
	count := 0
	for range "日本語" {
		count++
	}
	fmt.Println("runes:", count)
}
