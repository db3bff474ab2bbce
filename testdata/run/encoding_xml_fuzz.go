package main

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

var seed uint32 = 12345

func rnd(n int) int {
	seed = seed*1664525 + 1013904223
	return int(seed>>8) % n
}

var pieces = []string{"<a>", "</a>", "<b x='1'>", "</b>", "<c/>", "text", " ", "\n", "&amp;", "&lt;", "&#65;", "&#x42;", "&bad;", "&", "<!-- c -->", "<![CDATA[d]]>", "<?pi x?>", "<!DOCTYPE r>", "]]>", "<", ">", "'", "\"", "=", "<p:e xmlns:p='u'>", "</p:e>", "<d y=\"2\" z='3'>", "</d>", "\r\n", "\r", "é", "\xff", "\x01", "<1>", "</ a>", "<a b>", "<a b=c>", "<e/ >", "<!-", "<![X[", "<?xml version='1.0'?>", "<x:y:z/>", "<:a/>", "<a:/>"}

func main() {
	for i := 0; i < 150; i++ {
		var sb strings.Builder
		n := 1 + rnd(8)
		for j := 0; j < n; j++ {
			sb.WriteString(pieces[rnd(len(pieces))])
		}
		doc := sb.String()
		for mode, strict := range []bool{true, false, true, false} {
			var r io.Reader = strings.NewReader(doc)
			if mode >= 2 {
				r = struct{ io.Reader }{r}
			}
			d := xml.NewDecoder(r)
			d.Strict = strict
			if !strict {
				d.AutoClose = []string{"c", "b"}
			}
			var out strings.Builder
			for k := 0; k < 40; k++ {
				t, err := d.Token()
				if err != nil {
					fmt.Fprintf(&out, "ERR %v @%d", err, d.InputOffset())
					break
				}
				fmt.Fprintf(&out, "%T%q;", t, fmt.Sprint(t))
			}
			fmt.Printf("%q %v: %s\n", doc, strict, out.String())
		}
		var v struct {
			A string `xml:"a"`
			B struct {
				X string `xml:"x,attr"`
				T string `xml:",chardata"`
			} `xml:"b"`
			Inner string `xml:",innerxml"`
		}
		err := xml.Unmarshal([]byte(doc), &v)
		fmt.Printf("U %v %q %q %q %q\n", err, v.A, v.B.X, v.B.T, v.Inner)
	}
}
