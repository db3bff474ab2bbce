package main

import (
	"encoding/xml"
	"fmt"
	"strings"
)

type Up string

func (u Up) MarshalText() ([]byte, error) { return []byte(strings.ToUpper(string(u))), nil }

type Val struct{ n *int }

func (v Val) UnmarshalXML(d *xml.Decoder, s xml.StartElement) error {
	*v.n = 42
	return d.Skip()
}

type A struct {
	X any `xml:"x,attr"`
	Y any `xml:"y"`
	Z any `xml:",chardata"`
}

func main() {
	b, err := xml.Marshal(A{X: Up("a"), Y: Up("b"), Z: Up("c")})
	fmt.Println(string(b), err)
	n := 0
	var s struct {
		V any `xml:"v"`
	}
	s.V = Val{&n}
	fmt.Println(xml.Unmarshal([]byte("<a><v/></a>"), &s), n)
}
