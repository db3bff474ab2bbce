package main

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

var seed uint32 = 4242

func rnd(n int) int {
	seed = seed*1664525 + 1013904223
	return int(seed>>8) % n
}

var pieces = []string{"<r>", "</r>", "<n>", "</n>", "5", "-3", "x", "1e3", " ", "\n", "<f>", "</f>", "<p><q>", "</q></p>", "<p>", "</p>", "<q>", "</q>", "<s k='v'>", "</s>", "<s k='w' j='2'/>", "<!--cm-->", "<![CDATA[<cd>]]>", "&amp;", "<u:t xmlns:u='urn:u'>", "</u:t>", "<t>", "</t>", "<b>true</b>", "<b>nope</b>", "<o/>", "<o a='1'>z</o>", "<r a='7' c='3.5'>"}

type S struct {
	K string `xml:"k,attr"`
	J int    `xml:"j,attr"`
}

type Any struct {
	XMLName xml.Name
	Attr    []xml.Attr `xml:",any,attr"`
	Body    string     `xml:",chardata"`
}

type R struct {
	XMLName xml.Name `xml:"r"`
	A       int      `xml:"a,attr"`
	C       float32  `xml:"c,attr"`
	N       []int    `xml:"n"`
	F       float64  `xml:"f"`
	Q       []string `xml:"p>q"`
	S       []S      `xml:"s"`
	T       string   `xml:"urn:u t"`
	B       bool     `xml:"b"`
	Text    string   `xml:",chardata"`
	Cmt     string   `xml:",comment"`
	Other   []Any    `xml:",any"`
}

func main() {
	for i := 0; i < 200; i++ {
		var sb strings.Builder
		n := 1 + rnd(10)
		if rnd(2) == 0 {
			sb.WriteString("<r>")
		}
		for j := 0; j < n; j++ {
			sb.WriteString(pieces[rnd(len(pieces))])
		}
		if rnd(2) == 0 {
			sb.WriteString("</r>")
		}
		doc := sb.String()
		var v R
		err := xml.Unmarshal([]byte(doc), &v)
		fmt.Printf("%q\n  %v %+v\n", doc, err, v)
		var w R
		d := xml.NewDecoder(struct{ io.Reader }{strings.NewReader(doc)})
		err = d.Decode(&w)
		fmt.Printf("  %v %d\n", err, d.InputOffset())
		if err == nil {
			b, err := xml.Marshal(v)
			fmt.Printf("  %s %v\n", b, err)
		}
	}
}
