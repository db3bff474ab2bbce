// template_table executes a text/template that renders a 1,000-row table
// (fields, a method, a FuncMap function, printf, if/else and range) three
// times and prints the size and a checksum of the output.
package main

import (
	"fmt"
	"hash/crc32"
	"strings"
	"text/template"
)

type Row struct {
	ID    int
	Name  string
	Price float64
	Qty   int
	Tags  []string
}

func (r Row) Total() float64 { return r.Price * float64(r.Qty) }

const table = `<table>
{{- range $i, $r := .Rows}}
<tr class="{{if even $i}}even{{else}}odd{{end}}"><td>{{$r.ID}}</td><td>{{$r.Name | upper}}</td><td>{{printf "%.2f" $r.Price}}</td><td>{{$r.Qty}}</td><td>{{printf "%.2f" $r.Total}}</td><td>{{range $j, $t := $r.Tags}}{{if $j}}, {{end}}{{$t}}{{end}}</td></tr>
{{- end}}
</table>
Total rows: {{len .Rows}}
`

func main() {
	rows := make([]Row, 1000)
	for i := range rows {
		rows[i] = Row{ID: i, Name: fmt.Sprintf("item-%d", i), Price: float64(i%97) + 0.25, Qty: i % 13}
		if i%3 == 0 {
			rows[i].Tags = []string{"a", "b"}
		}
	}
	t := template.Must(template.New("table").Funcs(template.FuncMap{
		"upper": strings.ToUpper,
		"even":  func(i int) bool { return i%2 == 0 },
	}).Parse(table))
	data := struct{ Rows []Row }{rows}
	var sum uint32
	var size int
	for n := 0; n < 3; n++ {
		var b strings.Builder
		if err := t.Execute(&b, data); err != nil {
			panic(err)
		}
		size = b.Len()
		sum = crc32.ChecksumIEEE([]byte(b.String()))
	}
	fmt.Printf("%d bytes, crc32 %08x\n", size, sum)
}
