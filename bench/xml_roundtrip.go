// Marshals and unmarshals a ~1 MB XML document with encoding/xml.
package main

import (
	"encoding/xml"
	"fmt"
)

type Tag struct {
	Key   string `xml:"key,attr"`
	Value string `xml:",chardata"`
}

type Rec struct {
	ID      int      `xml:"id,attr"`
	Kind    string   `xml:"kind,attr,omitempty"`
	Name    string   `xml:"name"`
	Score   float64  `xml:"score"`
	Active  bool     `xml:"active"`
	Notes   string   `xml:"info>notes"`
	Labels  []string `xml:"labels>label"`
	Tags    []Tag    `xml:"tag"`
	Comment string   `xml:",comment"`
}

type Doc struct {
	XMLName xml.Name `xml:"urn:bench catalog"`
	Version string   `xml:"version,attr"`
	Recs    []Rec    `xml:"rec"`
}

func main() {
	doc := Doc{Version: "1.0"}
	for i := 0; i < 3300; i++ {
		doc.Recs = append(doc.Recs, Rec{
			ID:     i,
			Kind:   []string{"", "a", "b"}[i%3],
			Name:   fmt.Sprintf("record <%d> & co", i),
			Score:  float64(i) / 7,
			Active: i%2 == 0,
			Notes:  "some \"quoted\" notes",
			Labels: []string{"x", "y"},
			Tags:   []Tag{{"k1", "v1"}, {"k2", "v2"}},
		})
	}
	b, err := xml.MarshalIndent(doc, "", " ")
	if err != nil {
		panic(err)
	}
	var back Doc
	if err := xml.Unmarshal(b, &back); err != nil {
		panic(err)
	}
	if len(back.Recs) != len(doc.Recs) || back.Recs[7].Name != doc.Recs[7].Name {
		panic("round trip lost data")
	}
	fmt.Println(len(b), len(back.Recs))
}
