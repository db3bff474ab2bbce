package main

import (
	"fmt"
	"strconv"
)

func main() {
	for _, s := range []string{"abc", "a\tb\n", "héllo\u00a0wörld", "\u2028x\u3000", "\x00\x7f\xff", "emoji 😀", "\ufeff`q`", "tab\there", "quote\"and'"} {
		fmt.Println(strconv.QuoteToGraphic(s), string(strconv.AppendQuoteToGraphic([]byte("<"), s)), strconv.CanBackquote(s))
	}
	for _, r := range []rune{'a', '\'', '"', '\\', '\n', 0x7f, 0xa0, 0x3000, 'é', 0x1F600, 0x10FFFF + 1, 0xD800, -1, 0x2028} {
		fmt.Println(strconv.QuoteRuneToASCII(r), strconv.QuoteRuneToGraphic(r), string(strconv.AppendQuoteRuneToASCII(nil, r)),
			string(strconv.AppendQuoteRuneToGraphic([]byte("x"), r)), strconv.IsPrint(r), strconv.IsGraphic(r))
	}
	for _, s := range []string{`a`, `\n`, `\x41rest`, `\u00e9x`, `\U0001F600`, `\101`, `\400`, `\'`, `\"`, `"`, `'`, `\q`, `\x4`, `é!`, `\\`, ``, `\`, `\uD800`, `\xff`} {
		for _, q := range []byte{'"', '\''} {
			v, mb, tail, err := strconv.UnquoteChar(s, q)
			fmt.Printf("%q %c: %q %v %q %v\n", s, q, v, mb, tail, err)
		}
	}
	for _, s := range []string{`"abc"rest`, "`raw\nx`y", `'a'b`, `'ab'`, `''`, `"a\"b" c`, `"unterminated`, `"new
line"`, `x"a"`, `"`, `"\q"`, `'\''z`, "\"\xff\"!", `"é"`, "`"} {
		p, err := strconv.QuotedPrefix(s)
		fmt.Printf("%q -> %q %v\n", s, p, err)
	}
}
