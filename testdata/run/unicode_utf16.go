package main

import (
	"fmt"
	"unicode/utf16"
)

func main() {
	s := []rune("a€😀\U0010FFFF")
	e := utf16.Encode(s)
	fmt.Println(e, utf16.Decode(e), string(utf16.Decode(e)))
	fmt.Println(utf16.Decode([]uint16{0xd800, 'x', 0xdc00, 0xd83d}))
	fmt.Println(utf16.IsSurrogate(0xd800), utf16.IsSurrogate('a'), utf16.RuneLen('a'), utf16.RuneLen(0x1F600), utf16.RuneLen(0xd800), utf16.RuneLen(-1))
	r1, r2 := utf16.EncodeRune(0x1F600)
	fmt.Printf("%x %x %x\n", r1, r2, utf16.DecodeRune(r1, r2))
	fmt.Println(utf16.EncodeRune('a'))
	fmt.Println(utf16.AppendRune(nil, 0x110000), utf16.DecodeRune('a', 'b'))
}
