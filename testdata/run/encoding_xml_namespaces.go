package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

type Feed struct {
	XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	Title   string   `xml:"title"`
	Links   []Link   `xml:"link"`
	Entries []Entry  `xml:"entry"`
	Extra   []Any    `xml:",any"`
}

type Link struct {
	Rel  string `xml:"rel,attr,omitempty"`
	Href string `xml:"href,attr"`
}

type Entry struct {
	ID      string `xml:"id"`
	Title   string `xml:"http://www.w3.org/2005/Atom title"`
	Summary struct {
		Type string `xml:"type,attr"`
		Body string `xml:",chardata"`
	} `xml:"summary"`
	Media string `xml:"http://search.yahoo.com/mrss/ thumbnail"`
}

type Any struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Content string     `xml:",innerxml"`
}

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
  <title>Example Feed</title>
  <link href="http://example.org/"/>
  <link rel="self" href="http://example.org/feed"/>
  <entry>
    <id>urn:1</id>
    <title>Atom-Powered &amp; Robots</title>
    <summary type="text">Some text.</summary>
    <media:thumbnail>t.png</media:thumbnail>
  </entry>
  <generator uri="http://gen" version="1.0">Gen <b>bold</b></generator>
  <other:x xmlns:other="urn:other" other:a="1"/>
</feed>`

func main() {
	var f Feed
	err := xml.Unmarshal([]byte(atom), &f)
	fmt.Println(err)
	fmt.Printf("%+v\n", f)
	out, err := xml.MarshalIndent(f, "", "\t")
	fmt.Println(string(out), err)

	// Copy a document token by token.
	d := xml.NewDecoder(strings.NewReader(atom))
	var buf bytes.Buffer
	e := xml.NewEncoder(&buf)
	for {
		t, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			break
		}
		if err := e.EncodeToken(xml.CopyToken(t)); err != nil {
			fmt.Println("encode:", err)
		}
	}
	fmt.Println(e.Flush())
	fmt.Println(buf.String())

	// The same with RawToken.
	d = xml.NewDecoder(strings.NewReader(atom))
	buf.Reset()
	e = xml.NewEncoder(&buf)
	e.Indent("", "  ")
	for {
		t, err := d.RawToken()
		if err != nil {
			fmt.Println(err)
			break
		}
		if cd, ok := t.(xml.CharData); ok && len(bytes.TrimSpace(cd)) == 0 {
			continue
		}
		if err := e.EncodeToken(t); err != nil {
			fmt.Println("encode:", err)
		}
	}
	fmt.Println(e.Close())
	fmt.Println(buf.String())

	type NS struct {
		XMLName xml.Name `xml:"root"`
		A       string   `xml:"urn:a v"`
		B       string   `xml:"urn:b v"`
		C       string   `xml:"urn:a w,attr"`
		D       string   `xml:"urn:b w,attr"`
		E       string   `xml:"xmlns:q,attr"`
	}
	out, err = xml.Marshal(NS{A: "1", B: "2", C: "3", D: "4", E: "urn:q"})
	fmt.Println(string(out), err)
	var ns NS
	fmt.Println(xml.Unmarshal(out, &ns), ns)
	fmt.Println(xml.Unmarshal([]byte(`<root xmlns:a="urn:a" xmlns:b="urn:b" a:w="x" b:w="y"><v xmlns="urn:b">B</v><a:v>A</a:v></root>`), &ns), ns)
}
