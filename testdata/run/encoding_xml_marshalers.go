package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
)

type Celsius float64

func (c Celsius) MarshalXMLAttr(name xml.Name) (xml.Attr, error) {
	return xml.Attr{Name: name, Value: fmt.Sprintf("%.1fC", float64(c))}, nil
}

func (c *Celsius) UnmarshalXMLAttr(a xml.Attr) error {
	var f float64
	_, err := fmt.Sscanf(a.Value, "%fC", &f)
	*c = Celsius(f)
	return err
}

type Upper string

func (u Upper) MarshalText() ([]byte, error) { return []byte(strings.ToUpper(string(u))), nil }
func (u *Upper) UnmarshalText(b []byte) error {
	*u = Upper(strings.ToLower(string(b)))
	return nil
}

type Pair struct{ A, B int }

func (p Pair) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	start.Attr = append(start.Attr, xml.Attr{Name: xml.Name{Local: "a"}, Value: fmt.Sprint(p.A)})
	if err := e.EncodeToken(start); err != nil {
		return err
	}
	if err := e.EncodeToken(xml.CharData(fmt.Sprint(p.B))); err != nil {
		return err
	}
	return e.EncodeToken(start.End())
}

func (p *Pair) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	for _, a := range start.Attr {
		if a.Name.Local == "a" {
			fmt.Sscan(a.Value, &p.A)
		}
	}
	var s string
	if err := d.DecodeElement(&s, &start); err != nil {
		return err
	}
	_, err := fmt.Sscan(s, &p.B)
	return err
}

type Bad struct{}

func (Bad) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	return e.EncodeToken(start)
}

type Lazy struct{}

func (*Lazy) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	_, err := d.Token()
	return err
}

type Doc struct {
	XMLName xml.Name  `xml:"urn:doc doc"`
	Temp    Celsius   `xml:"temp,attr"`
	Name    Upper     `xml:"name"`
	Tag     Upper     `xml:"tag,attr"`
	P       Pair      `xml:"pair"`
	Ps      []Pair    `xml:"ps"`
	When    time.Time `xml:"when"`
	Data    []byte    `xml:"data"`
	Ptr     *int      `xml:"ptr,omitempty"`
	Iface   any       `xml:"iface"`
	Inner   struct {
		X string `xml:",chardata"`
		Y string `xml:"y,attr"`
	} `xml:"inner"`
	CD   string     `xml:",cdata"`
	Any  []string   `xml:",any"`
	Rest []xml.Attr `xml:",any,attr"`
}

func main() {
	seven := 7
	d := Doc{Temp: 21.5, Name: "bob", Tag: "t", P: Pair{1, 2}, Ps: []Pair{{3, 4}, {5, 6}},
		When: time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC), Data: []byte("hi<"), Ptr: &seven, Iface: 3.5,
		CD: "a]]>b", Any: []string{"q"}, Rest: []xml.Attr{{Name: xml.Name{Space: "urn:x", Local: "extra"}, Value: "e"}}}
	d.Inner.X = "text"
	d.Inner.Y = "why"
	out, err := xml.MarshalIndent(d, "", "  ")
	fmt.Println(string(out), err)
	var back Doc
	err = xml.Unmarshal(out, &back)
	fmt.Println(err)
	fmt.Printf("%v %v %v %v %v %s %v %q %q %q %v\n", back.XMLName, back.Temp, back.Name, back.Tag, back.P, back.Ps, back.When, back.Data, back.CD, back.Any, back.Rest)
	fmt.Println(*back.Ptr, back.Iface, back.Inner)

	_, err = xml.Marshal(Bad{})
	fmt.Println(err)
	var lz struct {
		L Lazy `xml:"l"`
	}
	fmt.Println(xml.Unmarshal([]byte("<x><l><a/><b/></l></x>"), &lz))
	var ns struct {
		XMLName xml.Name `xml:"urn:a doc"`
	}
	fmt.Println(xml.Unmarshal([]byte("<doc/>"), &ns))
	fmt.Println(xml.Unmarshal([]byte(`<doc xmlns="urn:b"/>`), &ns))

	var buf bytes.Buffer
	enc := xml.NewEncoder(&buf)
	enc.Indent(">", "\t")
	fmt.Println(enc.EncodeToken(xml.ProcInst{Target: "xml", Inst: []byte(`version="1.0"`)}))
	fmt.Println(enc.EncodeToken(xml.StartElement{Name: xml.Name{Space: "urn:s", Local: "root"}, Attr: []xml.Attr{{Name: xml.Name{Space: "http://example.com/ns/", Local: "k"}, Value: "v\"'\n\t"}}}))
	fmt.Println(enc.EncodeToken(xml.Comment("hello")))
	fmt.Println(enc.EncodeToken(xml.Comment("bad-->")))
	fmt.Println(enc.EncodeToken(xml.ProcInst{Target: "xml"}))
	fmt.Println(enc.EncodeToken(xml.ProcInst{Target: "1x"}))
	fmt.Println(enc.EncodeToken(xml.Directive("DOCTYPE x")))
	fmt.Println(enc.EncodeToken(xml.Directive("DOCTYPE x>")))
	fmt.Println(enc.EncodeToken(xml.CharData("a\nb<")))
	fmt.Println(enc.EncodeElement(42, xml.StartElement{Name: xml.Name{Local: "n"}}))
	fmt.Println(enc.EncodeElement(42, xml.StartElement{}))
	fmt.Println(enc.EncodeToken(xml.EndElement{Name: xml.Name{Local: "wrong"}}))
	fmt.Println(enc.EncodeToken(xml.EndElement{Name: xml.Name{Space: "urn:t", Local: "root"}}))
	fmt.Println(enc.EncodeToken(42))
	fmt.Println(enc.Flush())
	fmt.Println(enc.Close())
	fmt.Printf("%q\n", buf.String())
	fmt.Println(enc.EncodeToken(xml.CharData("x")))
	enc2 := xml.NewEncoder(os.Stdout)
	enc2.EncodeToken(xml.StartElement{Name: xml.Name{Local: "r"}})
	enc2.EncodeToken(xml.EndElement{Name: xml.Name{Local: "r"}})
	fmt.Println(enc2.Close())
	fmt.Println(enc2.Close())
	xml.EscapeText(os.Stdout, []byte("a<b>&'\"\n\x01\uFFFD"))
	fmt.Println()
	xml.Escape(os.Stdout, []byte("\r\t"))
	fmt.Println()
	var se *xml.SyntaxError
	err = xml.Unmarshal([]byte("<a>\n<b></a>"), &struct{}{})
	fmt.Println(errors.As(err, &se), se.Line, se.Msg)
	fmt.Println(xml.Unmarshal([]byte("<a/>"), nil))
	fmt.Println(xml.Unmarshal([]byte("<a/>"), struct{}{}))
	var np *struct{}
	fmt.Println(xml.Unmarshal([]byte("<a/>"), np))
	fmt.Println(xml.Unmarshal([]byte(""), &struct{}{}))
	fmt.Println(xml.Unmarshal([]byte("   "), &struct{}{}))
}
