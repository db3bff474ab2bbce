package main

import (
	"encoding/xml"
	"fmt"
)

var seed uint32 = 99

func rnd(n int) int {
	seed = seed*1664525 + 1013904223
	return int(seed>>8) % n
}

var strs = []string{"", "a", "<&>", "\"'", "\n\t\r", "\xff", "\x00", "é", "]]>", "-", "--", "x-", "\uFFFD", "\uFFFE", "日本"}

func rs() string {
	s := ""
	for k := rnd(3); k >= 0; k-- {
		s += strs[rnd(len(strs))]
	}
	return s
}

type In struct {
	V string `xml:",chardata"`
	W string `xml:"w,attr,omitempty"`
}

type M struct {
	XMLName xml.Name `xml:"m"`
	A       string   `xml:"a,attr"`
	B       string   `xml:"b,omitempty"`
	C       string   `xml:",cdata"`
	D       string   `xml:",comment"`
	E       []In     `xml:"x>e"`
	F       *In      `xml:"x>f"`
	G       string   `xml:",innerxml"`
	H       []byte   `xml:"h"`
	I       float64  `xml:"i,omitempty"`
}

func main() {
	for i := 0; i < 200; i++ {
		m := M{A: rs(), B: rs(), C: rs(), D: rs(), H: []byte(rs())}
		if rnd(2) == 0 {
			m.G = rs()
		}
		for k := rnd(3); k > 0; k-- {
			m.E = append(m.E, In{rs(), rs()})
		}
		if rnd(2) == 0 {
			m.F = &In{rs(), rs()}
		}
		if rnd(3) == 0 {
			m.I = float64(rnd(1000)) / 7
		}
		var b []byte
		var err error
		if rnd(2) == 0 {
			b, err = xml.Marshal(m)
		} else {
			b, err = xml.MarshalIndent(m, "", " ")
		}
		fmt.Printf("%q %v\n", b, err)
		if err == nil {
			var back M
			err = xml.Unmarshal(b, &back)
			fmt.Printf("  %v %q %q %q %q %q\n", err, back.A, back.B, back.C, back.D, back.H)
		}
	}
}
