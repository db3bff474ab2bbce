package main

import (
	"encoding/xml"
	"fmt"
	"strings"
)

type N struct {
	A *N `xml:"a"`
}

func main() {
	for _, n := range []int{100, 10001} {
		doc := strings.Repeat("<a>", n) + strings.Repeat("</a>", n)
		var v N
		err := xml.Unmarshal([]byte(doc), &v)
		depth := 0
		for p := v.A; p != nil; p = p.A {
			depth++
		}
		fmt.Println(n, err, depth)
	}
}
