package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"strings"
)

func main() {
	for _, s := range []string{
		"plain ascii",
		"¡Hola, señor!",
		"tab\tok",
		"a=b?c_d é",
		strings.Repeat("é", 40),
		strings.Repeat("x", 70) + "€",
		"日本語のテキストです。とても長い件名をエンコードします。",
	} {
		fmt.Println(mime.QEncoding.Encode("utf-8", s))
		fmt.Println(mime.BEncoding.Encode("UTF-8", s))
	}
	fmt.Println(mime.QEncoding.Encode("iso-8859-1", "caf\xe9 "+strings.Repeat("\xe9", 30)))
	fmt.Println(mime.BEncoding.Encode("iso-8859-1", strings.Repeat("\xe9", 60)))

	dec := new(mime.WordDecoder)
	for _, w := range []string{
		"=?UTF-8?q?=C2=A1Hola,_se=C3=B1or!?=",
		"=?utf-8?B?wqFIb2xhLCBzZcOxb3Ih?=",
		"=?ISO-8859-1?Q?caf=E9?=",
		"=?US-ASCII?Q?a=E9b?=",
		"=?UTF-8?Q?bad=ZZ?=",
		"=?UTF-8?Q?bad=4?=",
		"=?UTF-8?X?abc?=",
		"=?UTF-8?B?!!!?=",
		"=??Q?abc?=",
		"=?UTF-8?Q?a?b?=",
		"not a word",
		"=?UTF-8?QQ?abc?=",
		"=?windows-1252?q?x?=",
	} {
		s, err := dec.Decode(w)
		fmt.Printf("%q %q %v\n", w, s, err)
	}
	for _, h := range []string{
		"no words here",
		"=?UTF-8?Q?a?= =?UTF-8?Q?b?=",
		"=?UTF-8?Q?a?=  \t =?UTF-8?Q?b?= c =?UTF-8?Q?d?=",
		"Re: =?ISO-8859-1?Q?Andr=E9?= Pirard <PIRARD@vm1.ulg.ac.be>",
		"=?UTF-8?Q?bad=ZZ?= =?UTF-8?Q?ok?=",
		"=?UTF-8?Q?unterminated",
		"=?UTF-8?",
		"x =?koi8-r?q?abc?= y",
	} {
		s, err := dec.DecodeHeader(h)
		fmt.Printf("%q %q %v\n", h, s, err)
	}
	up := &mime.WordDecoder{CharsetReader: func(charset string, r io.Reader) (io.Reader, error) {
		if charset != "x-upper" {
			return nil, errors.New("unknown charset " + charset)
		}
		b, _ := io.ReadAll(r)
		return bytes.NewReader(bytes.ToUpper(b)), nil
	}}
	fmt.Println(up.Decode("=?X-UPPER?q?hello?="))
	fmt.Println(up.DecodeHeader("a =?x-upper?b?d29ybGQ=?= b"))
	fmt.Println(up.DecodeHeader("a =?other?q?x?= b"))
	fmt.Println(mime.BEncoding == 'b', mime.QEncoding == 'q')
}
