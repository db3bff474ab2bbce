package main

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

type oneByte struct{ r io.Reader }

func (o *oneByte) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	return o.r.Read(p[:1])
}

type dataEOF struct {
	s    string
	done bool
}

func (d *dataEOF) Read(p []byte) (int, error) {
	if d.done {
		return 0, io.EOF
	}
	d.done = true
	return copy(p, d.s), io.EOF
}

type Item struct {
	XMLName xml.Name `xml:"item"`
	ID      string   `xml:"id,attr"`
	Text    string   `xml:",chardata"`
	Inner   string   `xml:",innerxml"`
}

type List struct {
	Items []Item `xml:"item"`
	Note  string `xml:"note"`
}

func main() {
	doc := "<list>\r\n <item id='1'>one &amp; <b>two</b></item>\n <item id=\"2\">x]y&#65;&#x42;</item><note>" + strings.Repeat("long note ", 800) + "</note></list>"
	for i, r := range []io.Reader{strings.NewReader(doc), &oneByte{strings.NewReader(doc)}, &dataEOF{s: doc}, io.MultiReader(strings.NewReader(doc[:10]), strings.NewReader(doc[10:]))} {
		var l List
		d := xml.NewDecoder(r)
		err := d.Decode(&l)
		line, col := d.InputPos()
		fmt.Println(i, err, len(l.Items), l.Items[0].ID, l.Items[0].Text, l.Items[0].Inner, l.Items[1].Text, len(l.Note), d.InputOffset(), line, col)
	}
	d := xml.NewDecoder(&oneByte{strings.NewReader("<a>\n<b>&bad;</b></a>")})
	for {
		_, err := d.Token()
		if err != nil {
			fmt.Println(err, d.InputOffset())
			break
		}
	}
}
