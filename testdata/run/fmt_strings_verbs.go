package main

import "fmt"

func main() {
	s := "héllo"
	fmt.Printf("%s|%10s|%-10s|%.2s|%5.1s|\n", s, s, s, s, s)
	fmt.Printf("%q|%+q|%#q|%x|%X|% x\n", s, s, s, s, s, s)
	fmt.Printf("%q\n", "tab\tnewline\nquote\"back\\")
	fmt.Printf("%#q %#q\n", "has`tick", "plain")
	fmt.Printf("%q %q\n", 'x', '\n')
	fmt.Printf("%v|%s|%q\n", []string{"a", "b"}, []string{"a", "b"}, []string{"a", "b"})
	fmt.Printf("%s|%v|%d\n", []byte("bytes"), []byte("bytes"), []byte("ab"))
	fmt.Printf("%5q|%-8q|\n", "a", "b")
	fmt.Printf("%s\n", "日本語")
	fmt.Printf("%.1s|%.2q\n", "日本語", "日本語")
	fmt.Printf("%c%c%c\n", 'G', 'o', '!')
	fmt.Printf("%q\n", "\x00\x7f\u00e9\U0001F600")
	fmt.Printf("%+q\n", "\u00e9\U0001F600")
	fmt.Printf("%*d|%-*d|%.*f\n", 5, 42, 4, 7, 2, 3.14159)
	fmt.Printf("%[2]d %[1]d %d\n", 10, 20)
	fmt.Printf("%[1]s %[1]q %[1]x\n", "rep")
}
