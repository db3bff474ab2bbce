package main

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

func main() {
	s := "Héllo, 世界! 123"
	fmt.Println(len(s), utf8.RuneCountInString(s))
	letters, digits, spaces, upper, punct := 0, 0, 0, 0, 0
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		case unicode.IsDigit(r):
			digits++
		case unicode.IsSpace(r):
			spaces++
		case unicode.IsPunct(r):
			punct++
		}
	}
	fmt.Println(letters, digits, spaces, upper, punct)
	fmt.Println(string(unicode.ToUpper('é')), string(unicode.ToLower('Ä')), unicode.IsLower('a'), unicode.IsNumber('5'))
	r, size := utf8.DecodeRuneInString("世界")
	fmt.Println(string(r), size)
	r, size = utf8.DecodeRuneInString("")
	fmt.Println(r, size)
	r, size = utf8.DecodeRuneInString("\xff")
	fmt.Println(r == utf8.RuneError, size)
	r, size = utf8.DecodeLastRuneInString("ab界")
	fmt.Println(string(r), size)
	fmt.Println(utf8.RuneLen('a'), utf8.RuneLen('é'), utf8.RuneLen('世'), utf8.RuneLen('😀'))
	fmt.Println(utf8.ValidString("ok"), utf8.ValidString("a\xffb"), utf8.RuneCount([]byte("日本")))
	fmt.Println(utf8.UTFMax, utf8.RuneSelf, utf8.RuneError)
	bs := make([]byte, 4)
	n := utf8.EncodeRune(bs, 'é')
	fmt.Println(bs[:n], n)
	rev := func(s string) string {
		rs := []rune(s)
		for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
			rs[i], rs[j] = rs[j], rs[i]
		}
		return string(rs)
	}
	fmt.Println(rev("Hello, 世界"))
}
