package main

import (
	"encoding/xml"
	"fmt"
	"os"
	"strings"
)

type Address struct {
	City, State string
}

type Person struct {
	XMLName   xml.Name `xml:"person"`
	Id        int      `xml:"id,attr"`
	FirstName string   `xml:"name>first"`
	LastName  string   `xml:"name>last"`
	Age       int      `xml:"age"`
	Height    float32  `xml:"height,omitempty"`
	Married   bool
	Address
	Comment string   `xml:",comment"`
	Emails  []string `xml:"email"`
	Groups  []string `xml:"group>value"`
}

func main() {
	v := &Person{Id: 13, FirstName: "John", LastName: "Doe", Age: 42}
	v.Comment = " Need more details. "
	v.Address = Address{"Hanga Roa", "Easter Island"}
	v.Emails = []string{"a@b.c", "x<y>&z"}
	output, err := xml.MarshalIndent(v, "  ", "    ")
	if err != nil {
		fmt.Printf("error: %v\n", err)
	}
	os.Stdout.Write([]byte(xml.Header))
	os.Stdout.Write(output)
	fmt.Println()

	var p Person
	err = xml.Unmarshal(output, &p)
	fmt.Printf("%+v %v\n", p, err)

	d := xml.NewDecoder(strings.NewReader(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><a xmlns:h="urn:h" h:x="1">t&amp;x<![CDATA[<raw>]]><!-- c --><h:b/></a>`))
	for {
		t, err := d.Token()
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Printf("%T %+v\n", t, t)
	}
	for _, s := range []string{"<a>", "<a></b>", "<a x=1/>", "<a>&foo;</a>", "<a>\n\n&#xZ;</a>", "</a>", "<a><!-- -- --></a>", "<a b='1' b2=\"<\"/>"} {
		var x struct{}
		fmt.Println(xml.Unmarshal([]byte(s), &x))
	}
	_, err = xml.Marshal(map[string]int{"a": 1})
	fmt.Println(err)
	_, err = xml.Marshal(make(chan int))
	fmt.Println(err)
	var n int
	fmt.Println(xml.Unmarshal([]byte("<a>x</a>"), &n))
	type T struct {
		XMLName xml.Name `xml:"t"`
	}
	var t T
	fmt.Println(xml.Unmarshal([]byte("<u/>"), &t))
}
