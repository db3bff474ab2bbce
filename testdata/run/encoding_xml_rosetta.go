package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"strings"
)

type Students struct {
	Student []Student
}

type Student struct {
	Name        string `xml:",attr"`
	Gender      string `xml:",attr"`
	DateOfBirth string `xml:",attr"`
	Pet         []Pet
}

type Pet struct {
	Type string `xml:",attr"`
	Name string `xml:",attr"`
}

const students = `<Students>
  <Student Name="April" Gender="F" DateOfBirth="1989-01-02" />
  <Student Name="Bob" Gender="M"  DateOfBirth="1990-03-04" />
  <Student Name="Chad" Gender="M"  DateOfBirth="1991-05-06" />
  <Student Name="Dave" Gender="M"  DateOfBirth="1992-07-08">
    <Pet Type="dog" Name="Rover" />
  </Student>
  <Student DateOfBirth="1993-09-10" Gender="F" Name="&#x00C9;mily" />
</Students>`

type Character struct {
	Name   string `xml:"name,attr"`
	Remark string `xml:",chardata"`
}

type CharacterRemarks struct {
	Character []Character
}

const inventory = `<inventory title="OmniCorp Store #45x10^3">
  <section name="health">
    <item upc="123456789" stock="12">
      <name>Invisibility Cream</name>
      <price>14.50</price>
      <description>Makes you invisible</description>
    </item>
    <item upc="445322344" stock="18">
      <name>Levitation Salve</name>
      <price>23.99</price>
      <description>Levitate yourself for up to 3 hours per application</description>
    </item>
  </section>
  <section name="food">
    <item upc="485672034" stock="653">
      <name>Blork and Freen Instameal</name>
      <price>4.95</price>
      <description>A tasty meal in a tablet; just add water</description>
    </item>
  </section>
</inventory>`

func main() {
	var s Students
	if err := xml.Unmarshal([]byte(students), &s); err != nil {
		fmt.Println(err)
		return
	}
	for _, st := range s.Student {
		fmt.Println(st.Name, len(st.Pet))
	}
	x, err := xml.MarshalIndent(CharacterRemarks{[]Character{
		{"April", "Bubbly: I'm > Tam and <= Emily"},
		{"Tam O'Shanter", `Burns: "When chapman billies leave the street ..."`},
		{"Emily", "Short & shrift"},
	}}, "", "  ")
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(string(x))

	// XPath-like queries with the token stream.
	d := xml.NewDecoder(strings.NewReader(inventory))
	var names []string
	var prices []string
	first := ""
	var path []string
	for {
		t, err := d.Token()
		if err != nil {
			break
		}
		switch t := t.(type) {
		case xml.StartElement:
			path = append(path, t.Name.Local)
			if t.Name.Local == "item" && first == "" {
				var buf bytes.Buffer
				e := xml.NewEncoder(&buf)
				e.EncodeToken(t)
				first = "seen"
				fmt.Println(buf.String())
			}
		case xml.EndElement:
			path = path[:len(path)-1]
		case xml.CharData:
			p := strings.Join(path, "/")
			if p == "inventory/section/item/name" {
				names = append(names, string(t))
			}
			if p == "inventory/section/item/price" {
				prices = append(prices, string(t))
			}
		}
	}
	fmt.Println(names)
	fmt.Println(prices)

	// DOM serialization.
	e := xml.NewEncoder(os.Stdout)
	e.Indent("", "  ")
	e.EncodeToken(xml.ProcInst{Target: "xml", Inst: []byte(`version="1.0"`)})
	root := xml.StartElement{Name: xml.Name{Local: "root"}}
	el := xml.StartElement{Name: xml.Name{Local: "element"}}
	e.EncodeToken(root)
	e.EncodeToken(el)
	e.EncodeToken(xml.CharData("Some text here"))
	e.EncodeToken(el.End())
	e.EncodeToken(root.End())
	e.Flush()
	fmt.Println()
}
