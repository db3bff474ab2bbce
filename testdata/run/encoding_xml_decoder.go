package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

type Inner struct {
	XMLName xml.Name
	Raw     string `xml:",innerxml"`
}

type Base struct {
	ID string `xml:"id,attr"`
	N  int    `xml:"n"`
}

type Box[T any] struct {
	V T `xml:"v"`
}

type Outer struct {
	*Base
	Items   []Inner `xml:"items>item"`
	Deep    string  `xml:"a>b>c"`
	Deep2   string  `xml:"a>b>d"`
	Skip    string  `xml:"-"`
	private int
	Named   xml.Name `xml:"named"`
	Attr    xml.Attr `xml:"at,attr"`
	Cmt     []byte   `xml:",comment"`
}

type Conf1 struct {
	A string `xml:"x>y"`
	B string `xml:"x"`
}

type Conf2 struct {
	A string `xml:"a,attr,chardata"`
}

type Conf3 struct {
	A string `xml:"urn:x ,attr"`
}

type Conf4 struct {
	A string `xml:"a>"`
}

type Conf5 struct {
	A string `xml:"a>b,attr"`
}

type Named struct {
	XMLName xml.Name `xml:"named"`
}

type Conf6 struct {
	N Named `xml:"other"`
}

type tokens []xml.Token

func (t *tokens) Token() (xml.Token, error) {
	if len(*t) == 0 {
		return nil, io.EOF
	}
	tok := (*t)[0]
	*t = (*t)[1:]
	return tok, nil
}

func main() {
	src := `<Outer id="b1" at="q"><n> 5 </n><items><item kind="x">one <b>bold</b></item><item/></items><a><b><c>C</c><d>D</d></b></a><named/><!--c1--><!--c2--></Outer>`
	var o Outer
	err := xml.Unmarshal([]byte(src), &o)
	fmt.Printf("%v %+v %+v %q %q %+v %+v %q\n", err, *o.Base, o.Items, o.Deep, o.Deep2, o.Named, o.Attr, o.Cmt)
	out, err := xml.Marshal(o)
	fmt.Println(string(out), err)
	b, err := xml.Marshal(Box[int]{V: 3})
	fmt.Println(string(b), err)
	for _, v := range []any{Conf1{}, Conf2{}, Conf3{}, Conf4{}, Conf5{}, Conf6{}} {
		_, err := xml.Marshal(v)
		fmt.Println(err)
		err = xml.Unmarshal([]byte("<x/>"), &v)
		fmt.Println(err)
	}
	// Non-strict HTML parsing.
	d := xml.NewDecoder(strings.NewReader(`<html><body><p class=x checked>a &nbsp; &copy; &bogus; <br><img src="i.png"></p></body></html>`))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	for {
		t, err := d.Token()
		if err != nil {
			fmt.Println(err)
			break
		}
		switch t := t.(type) {
		case xml.CharData:
			fmt.Printf("chardata %q\n", t)
		default:
			fmt.Printf("%T %v\n", t, t)
		}
	}
	d = xml.NewDecoder(strings.NewReader("<a>\n  <b x='1'>text</b>\n  <c/>\n</a>"))
	for {
		t, err := d.RawToken()
		line, col := d.InputPos()
		fmt.Println(d.InputOffset(), line, col)
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Printf("%T %v\n", t, t)
	}
	d = xml.NewDecoder(strings.NewReader(`<a xmlns:p="urn:p"><p:b p:c="1" xml:lang="en"/><d/></a>`))
	d.DefaultSpace = "urn:default"
	for {
		t, err := d.Token()
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Printf("%T %v\n", t, t)
	}
	d = xml.NewDecoder(strings.NewReader(`<?xml version="1.0" encoding="ISO-8859-1"?><a/>`))
	_, err = d.Token()
	fmt.Println(err)
	_, err = d.Token()
	fmt.Println(err)
	d = xml.NewDecoder(strings.NewReader(`<?xml version="1.1"?><a/>`))
	_, err = d.Token()
	fmt.Println(err)
	d = xml.NewDecoder(strings.NewReader(`<?xml version="1.0" encoding="latin1"?><a>x</a>`))
	d.CharsetReader = func(cs string, r io.Reader) (io.Reader, error) {
		fmt.Println("charset", cs)
		return r, nil
	}
	for {
		t, err := d.Token()
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Printf("%T %v\n", t, t)
	}
	ts := tokens{xml.StartElement{Name: xml.Name{Local: "r"}}, xml.CharData("12"), xml.EndElement{Name: xml.Name{Local: "r"}}}
	var n int
	fmt.Println(xml.NewTokenDecoder(&ts).Decode(&n), n)
	// Skip and DecodeElement.
	d = xml.NewDecoder(bytes.NewReader([]byte(`<list><skip><x/><y>1</y></skip><item>1</item><item>2</item></list>`)))
	var items []int
	for {
		t, err := d.Token()
		if err != nil {
			fmt.Println(err)
			break
		}
		if se, ok := t.(xml.StartElement); ok {
			switch se.Name.Local {
			case "skip":
				fmt.Println("skip", d.Skip())
			case "item":
				var v int
				fmt.Println(d.DecodeElement(&v, &se))
				items = append(items, v)
			}
		}
	}
	fmt.Println(items)
	bad := []string{"<a", "<a b", "<a b=", "<a b='x", "<!x", "<!-x", "<![CDAT", "<![CDATA[x", "<?", "<?x", "<a></a >x</a>", "<a>]]></a>", "<a>\x00</a>", "<a>\xff</a>", "<1a/>", "</>", "<a/ >", "<a x:y:z='1'/>", "<a>&#12345678901;</a>", "<a>&;</a>", "<a>&amp</a>", "<x:a xmlns:x='u'></y:a>", "<a b='1' c></a>", "<!-- x"}
	for _, s := range bad {
		var v struct{}
		fmt.Printf("%q: %v\n", s, xml.Unmarshal([]byte(s), &v))
	}
	d = xml.NewDecoder(strings.NewReader("<a><b></a>"))
	d.Strict = false
	for {
		t, err := d.Token()
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Printf("%T %v\n", t, t)
	}
	fmt.Println(xml.CopyToken(xml.CharData("x")), xml.CopyToken(xml.StartElement{Name: xml.Name{Local: "q"}}), xml.CopyToken(42))
	s := xml.StartElement{Name: xml.Name{Local: "q"}, Attr: []xml.Attr{{Value: "1"}}}
	c := s.Copy()
	c.Attr[0].Value = "2"
	fmt.Println(s, c, s.End())
	fmt.Println(string(xml.ProcInst{"a", []byte("b")}.Copy().Inst), string(xml.Comment("c").Copy()), string(xml.Directive("d").Copy()))
}
