package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"strings"
)

type BadText struct{}

func (BadText) MarshalText() ([]byte, error) { return nil, errors.New("no text") }

type BadAttr struct{}

func (BadAttr) MarshalXMLAttr(n xml.Name) (xml.Attr, error) { return xml.Attr{}, errors.New("no attr") }

type EmptyAttr struct{}

func (EmptyAttr) MarshalXMLAttr(n xml.Name) (xml.Attr, error) { return xml.Attr{}, nil }

type BadM struct{}

func (BadM) MarshalXML(e *xml.Encoder, s xml.StartElement) error { return errors.New("no xml") }

type BadU struct{}

func (*BadU) UnmarshalXML(d *xml.Decoder, s xml.StartElement) error {
	d.Skip()
	return errors.New("no unxml")
}

type RawU struct{}

func (*RawU) UnmarshalXML(d *xml.Decoder, s xml.StartElement) error {
	_, err := d.RawToken()
	fmt.Println("raw:", err)
	return d.Skip()
}

type BadUT int

func (*BadUT) UnmarshalText(b []byte) error { return fmt.Errorf("bad text %q", b) }

type BadUA int

func (*BadUA) UnmarshalXMLAttr(a xml.Attr) error { return fmt.Errorf("bad attr %v", a) }

type Base struct {
	X int `xml:"x"`
}

type WithPtr struct {
	*Base
	Y int `xml:"y"`
}

type Dup1 struct {
	A string `xml:"a"`
}
type Dup2 struct {
	A string `xml:"a"`
}
type Dups struct {
	Dup1
	Dup2
}

type Shadow struct {
	Dup1
	A string `xml:"a"`
}

func main() {
	for _, v := range []any{
		struct{ T BadText }{},
		struct {
			T BadAttr `xml:"t,attr"`
		}{},
		struct {
			T EmptyAttr `xml:"t,attr"`
		}{},
		struct{ M BadM }{},
		struct {
			C int `xml:",comment"`
		}{},
		struct {
			F func()
		}{F: func() {}},
		struct {
			F func()
		}{},
		struct {
			C complex128
		}{},
		WithPtr{Y: 1},
		WithPtr{Base: &Base{2}, Y: 1},
		Dups{Dup1{"1"}, Dup2{"2"}},
		Shadow{Dup1{"1"}, "2"},
		&struct{ P *int }{},
		struct {
			XMLName xml.Name
			V       int
		}{V: 1},
		struct {
			I any `xml:"i,attr"`
		}{},
		struct {
			S []int `xml:"s,attr"`
		}{S: []int{1, 2}},
		struct {
			B []byte `xml:"b,attr"`
		}{B: []byte("xy")},
	} {
		var bb bytes.Buffer
		err := xml.NewEncoder(&bb).EncodeElement(v, xml.StartElement{Name: xml.Name{Local: "v"}})
		fmt.Printf("%s | %v\n", bb.String(), err)
	}
	var u struct{ U BadU }
	fmt.Println(xml.Unmarshal([]byte("<a><U><x/></U></a>"), &u))
	var r struct{ R RawU }
	fmt.Println(xml.Unmarshal([]byte("<a><R><x/></R></a>"), &r))
	var ut struct{ T BadUT }
	fmt.Println(xml.Unmarshal([]byte("<a><T>zz</T></a>"), &ut))
	var ua struct {
		T BadUA `xml:"t,attr"`
	}
	fmt.Println(xml.Unmarshal([]byte("<a t='q'/>"), &ua))
	var wp WithPtr
	fmt.Println(xml.Unmarshal([]byte("<a><x>5</x><y>6</y></a>"), &wp), wp.Base.X, wp.Y)
	var ds Dups
	fmt.Println(xml.Unmarshal([]byte("<a><a>5</a></a>"), &ds), ds)
	var sh Shadow
	fmt.Println(xml.Unmarshal([]byte("<a><a>5</a></a>"), &sh), sh)
	var c struct{ C complex128 }
	fmt.Println(xml.Unmarshal([]byte("<a><C>1</C></a>"), &c))
	var ch struct{ C chan int }
	fmt.Println(xml.Unmarshal([]byte("<a><C>1</C></a>"), &ch))
	var ip struct {
		P *int  `xml:"p,attr"`
		S []int `xml:"s,attr"`
	}
	fmt.Println(xml.Unmarshal([]byte("<a p='3' s='4'/>"), &ip), *ip.P, ip.S)
	fmt.Println(xml.Unmarshal([]byte("<a p='x'/>"), &ip))

	// Encoder indentation with tokens.
	var buf bytes.Buffer
	e := xml.NewEncoder(&buf)
	e.Indent("# ", "..")
	e.EncodeToken(xml.StartElement{Name: xml.Name{Local: "a"}})
	e.EncodeToken(xml.StartElement{Name: xml.Name{Local: "b"}})
	e.EncodeToken(xml.CharData("text"))
	e.EncodeToken(xml.EndElement{Name: xml.Name{Local: "b"}})
	e.EncodeToken(xml.Comment("c"))
	e.EncodeElement(struct {
		X int
		Y []string
	}{1, []string{"p", "q"}}, xml.StartElement{Name: xml.Name{Local: "s"}, Attr: []xml.Attr{{Name: xml.Name{Local: "k"}, Value: "v"}}})
	e.EncodeToken(xml.EndElement{Name: xml.Name{Local: "a"}})
	fmt.Println(e.Close())
	fmt.Println(buf.String())

	// Decoder errors persist.
	d := xml.NewDecoder(strings.NewReader("<a><b></c></a>"))
	for i := 0; i < 5; i++ {
		t, err := d.Token()
		fmt.Println(t, err)
	}
	d = xml.NewDecoder(strings.NewReader("<a>text"))
	for i := 0; i < 4; i++ {
		t, err := d.Token()
		fmt.Printf("%v %v\n", t, err)
	}
	d = xml.NewDecoder(strings.NewReader("<a/><b/>trailing"))
	for i := 0; i < 7; i++ {
		t, err := d.Token()
		fmt.Printf("%v %v\n", t, err)
	}
	var two struct{ A, B string }
	d = xml.NewDecoder(strings.NewReader("<x><A>1</A></x><y><B>2</B></y>"))
	fmt.Println(d.Decode(&two), d.Decode(&two), d.Decode(&two), two)
}
