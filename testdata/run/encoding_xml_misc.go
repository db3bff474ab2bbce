package main

import (
	"encoding/xml"
	"errors"
	"fmt"
	"os"
)

type Animal struct {
	Name string `xml:"name"`
}

type Zoo struct {
	XMLName  xml.Name
	Animals  []*Animal `xml:"animal"`
	Keeper   any       `xml:"keeper"`
	Empty    string    `xml:"empty,omitempty"`
	EmptyA   string    `xml:"emptya,attr,omitempty"`
	ZeroA    int       `xml:"zeroa,attr"`
	Lang     string    `xml:"http://www.w3.org/XML/1998/namespace lang,attr"`
	Other    string    `xml:"urn:other o,attr"`
	Other2   string    `xml:"urn:other2/ o2,attr"`
	Nested   *Zoo      `xml:"nested"`
	U8       uint8     `xml:"u8"`
	F32      float32   `xml:"f32"`
	Text     string    `xml:",chardata"`
	Flag     *bool     `xml:"flag"`
	unexport int
}

type failWriter struct{ n int }

func (f *failWriter) Write(p []byte) (int, error) {
	f.n++
	return 0, errors.New("disk full")
}

type M map[string]string

type Wrap struct {
	M M `xml:"m"`
}

type Dash struct {
	C string `xml:",comment"`
}

type BoolT struct {
	B bool    `xml:"b"`
	I int8    `xml:"i"`
	U uint    `xml:"u"`
	F float64 `xml:"f"`
}

type Ent struct {
	XMLName xml.Name `xml:"ent"`
	V       string   `xml:"v,attr"`
	Body    []byte   `xml:",innerxml"`
}

func main() {
	t := true
	z := Zoo{XMLName: xml.Name{Space: "urn:zoo", Local: "zoo"}, Animals: []*Animal{{"cat"}, nil, {"dog"}},
		Keeper: Animal{"bob"}, Lang: "en", Other: "x", Other2: "y",
		Nested: &Zoo{Text: "inner"}, U8: 255, F32: 1.1, Text: "hello\nworld", Flag: &t}
	b, err := xml.MarshalIndent(z, "", "  ")
	fmt.Println(string(b), err)
	var back Zoo
	err = xml.Unmarshal(b, &back)
	fmt.Println(err)
	fmt.Printf("%v %d %v %v %q %q %q %v %v %q %v\n", back.XMLName, len(back.Animals), back.Keeper, back.Lang, back.Other, back.Other2, back.Nested.Text, back.U8, back.F32, back.Text, *back.Flag)
	var kept Zoo
	kept.Keeper = &Animal{}
	err = xml.Unmarshal(b, &kept)
	fmt.Println(err, kept.Keeper.(*Animal).Name)

	type Arr struct {
		Code [3]byte `xml:"code"`
		Nums [2]int  `xml:"num"`
	}
	b, err = xml.Marshal(Arr{[3]byte{'a', 'b', 'c'}, [2]int{1, 2}})
	fmt.Println(string(b), err)
	var arr Arr
	fmt.Println(xml.Unmarshal(b, &arr))
	_, err = xml.Marshal(Wrap{M{"a": "b"}})
	fmt.Println(err)
	var w Wrap
	fmt.Println(xml.Unmarshal([]byte("<Wrap><m>x</m></Wrap>"), &w))
	_, err = xml.Marshal(Dash{"a--b"})
	fmt.Println(err)
	b, err = xml.Marshal(Dash{"ends-"})
	fmt.Println(string(b), err)
	for _, s := range []string{"<BoolT><b>yes</b></BoolT>", "<BoolT><i>300</i></BoolT>", "<BoolT><u>-1</u></BoolT>", "<BoolT><f>1e400</f></BoolT>", "<BoolT><b> true </b><i> -3 </i><u></u><f>2.5</f></BoolT>"} {
		var v BoolT
		err := xml.Unmarshal([]byte(s), &v)
		fmt.Printf("%v %+v\n", err, v)
	}
	var e Ent
	fmt.Println(xml.Unmarshal([]byte(`<ent v="1"><a x="&amp;">t&lt;</a><!--c--><b/></ent>`), &e), string(e.Body))

	enc := xml.NewEncoder(&failWriter{})
	fmt.Println(enc.Encode(Animal{"x"}))
	fmt.Println(enc.Encode(Animal{"y"}))
	fmt.Println(enc.Close())

	var strs []string
	fmt.Println(xml.Unmarshal([]byte("<a>1</a>"), &strs), strs)
	var ip *int
	fmt.Println(xml.Unmarshal([]byte("<a>7</a>"), &ip), *ip)
	var iface any
	fmt.Println(xml.Unmarshal([]byte("<a>7</a>"), &iface), iface)
	var name xml.Name
	fmt.Println(xml.Unmarshal([]byte("<p:a xmlns:p='urn:p'>7</p:a>"), &name), name)
	var m map[string]string
	fmt.Println(xml.Unmarshal([]byte("<a>7</a>"), &m))
	var by []byte
	fmt.Println(xml.Unmarshal([]byte("<a>7<b>8</b>9</a>"), &by), string(by))

	fmt.Println(xml.NewEncoder(os.Stdout).Encode([]any{1, "two", 3.0, nil, true}))
	fmt.Println()
	b, err = xml.Marshal(struct{ A int }{1})
	fmt.Println(string(b), err)
	b, err = xml.Marshal(&struct {
		XMLName struct{} `xml:"anon"`
		A       int
	}{A: 2})
	fmt.Println(string(b), err)
	b, err = xml.Marshal(nil)
	fmt.Println(string(b), err)
	b, err = xml.Marshal(42)
	fmt.Println(string(b), err)
	b, err = xml.Marshal([]int{1, 2})
	fmt.Println(string(b), err)
	b, err = xml.Marshal("s")
	fmt.Println(string(b), err)
	var ue xml.UnmarshalError = "boom"
	fmt.Println(ue.Error())
	se := &xml.SyntaxError{Msg: "m", Line: 9}
	fmt.Println(se)
	fmt.Print(xml.Header)
}
