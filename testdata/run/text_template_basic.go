package main

import (
	"fmt"
	"os"
	"strings"
	"text/template"
)

type Item struct {
	Name  string
	Price float64
	Qty   int
	Tags  []string
}

func (i Item) Total() float64           { return i.Price * float64(i.Qty) }
func (i *Item) Label(p string) string   { return p + ":" + i.Name }
func (i Item) Has(tag string) bool {
	for _, t := range i.Tags {
		if t == tag {
			return true
		}
	}
	return false
}

type Order struct {
	ID    int
	Items []*Item
	Meta  map[string]string
	Note  *string
	Paid  bool
}

func run(name, text string, data any) {
	t, err := template.New(name).Funcs(template.FuncMap{
		"upper": strings.ToUpper,
		"add":   func(a, b int) int { return a + b },
		"join":  strings.Join,
		"fail":  func() (string, error) { return "", fmt.Errorf("boom") },
	}).Parse(text)
	if err != nil {
		fmt.Println("parse error:", err)
		return
	}
	err = t.Execute(os.Stdout, data)
	fmt.Println()
	if err != nil {
		fmt.Println("exec error:", err)
	}
}

func main() {
	o := Order{ID: 7, Items: []*Item{
		{"apple", 0.5, 10, []string{"fruit", "red"}},
		{"bread", 2.25, 1, nil},
		{"cheese", 7, 2, []string{"dairy"}},
	}, Meta: map[string]string{"z": "last", "a": "first", "m": "mid"}, Paid: true}
	run("t1", "Order {{.ID}}: {{len .Items}} items\n{{range $i, $it := .Items}}{{$i}}. {{$it.Name | upper}} x{{.Qty}} = {{printf \"%.2f\" .Total}}{{if .Tags}} [{{join .Tags \",\"}}]{{else}} (no tags){{end}}\n{{end}}", o)
	run("t2", "{{range $k, $v := .Meta}}{{$k}}={{$v}};{{end}} {{.Meta.a}} {{index .Meta \"m\"}} [{{.Meta.nope}}]", o)
	run("t3", "{{with .Note}}note={{.}}{{else}}no note{{end}} {{if and .Paid (gt (len .Items) 2)}}big paid{{end}} {{if not .Paid}}unpaid{{else if .ID}}id{{end}}", o)
	run("t4", "{{- /* comment */ -}}  x  {{- 3 -}}  y {{\"a\" -}} \n\n b", nil)
	run("t5", `{{$x := 1}}{{range .}}{{$x = add $x .}}{{end}}{{$x}} {{print 1 2 "a" "b" 3}} {{println "p"}}{{printf "%d-%s" 5 "z"}} {{html "<a href='x'>&</a>"}} {{js "it's \"q\" <b>"}} {{urlquery "a b&c=d"}}`, []int{1, 2, 3, 4})
	run("t6", `{{eq 1 1}} {{eq 1 2 3 1}} {{ne "a" "b"}} {{lt 1 2}} {{le 2 2}} {{gt 1.5 2.5}} {{ge "b" "a"}} {{eq .A .B}} {{len "héllo"}} {{index "abc" 1}} {{slice "abcdef" 1 3}} {{index .S 2}} {{slice .S 1}}`, map[string]any{"A": 3, "B": 3, "S": []int{5, 6, 7, 8}})
	run("t7", `{{range 3}}{{.}},{{end}} {{range $i, $e := .}}{{if eq $i 1}}{{continue}}{{end}}{{if eq $i 3}}{{break}}{{end}}{{$e}}{{end}} {{range .}}{{else}}empty{{end}}`, []string{"a", "b", "c", "d", "e"})
	run("t8", `{{define "row"}}<{{.}}>{{end}}{{range .}}{{template "row" .}}{{end}} {{block "foot" .}}default foot {{len .}}{{end}}`, []int{1, 2})
	run("t9", `{{(index .Items 0).Label "L"}} {{(index .Items 1).Has "x"}} {{(index .Items 0).Has "red"}} {{.Items | len}} {{"x" | printf "%s-%s" "y"}}`, o)
	run("t10", `{{true}} {{false}} {{1.5}} {{0x10}} {{'a'}} {{1e3}} {{-7}} {{nil | print}}`, nil)
	run("e1", `{{.Nope}}`, o)
	run("e2", `a {{.ID.X}}`, o)
	run("e3", "line1\n  {{fail}}", o)
	run("e4", `{{index .Items 10}}`, o)
	run("e5", `{{template "missing"}}`, o)
	run("e6", `{{add 1}}`, o)
	run("e7", `{{add 1 "x"}}`, o)
	run("e8", `{{.Note.X}}`, o)
	run("e9", `{{lt 1 "a"}}`, o)
	run("e10", `{{.ID 3}}`, o)
	run("p1", `{{foo}}`, nil)
	run("p2", `{{if .X}}`, nil)
	run("p3", "a\n{{.X", nil)
	run("p4", `{{end}}`, nil)
	run("p5", `{{$x}}`, nil)
	run("p6", `{{range .}}{{else}}{{else}}{{end}}`, nil)
	run("p7", `{{.X | 3}}`, nil)
	run("p8", `{{"unterminated}}`, nil)
	run("p9", `{{break}}`, nil)
	run("p10", `{{/* x */ .Y}}`, nil)
	run("p11", `{{3 4}}`, nil)
	run("p12", `{{(1}}`, nil)
	run("p13", `{{.X)}}`, nil)
	run("p14", `{{define "a"}}x{{end}}{{define "a"}}y{{end}}`, nil)
	run("p15", `{{with $x := 3}}{{$x}}{{end}}{{$x}}`, nil)
	run("p16", "{{if 1}}\n\n{{else}}", nil)
	run("p17", `{{a b}}`, nil)
	run("p18", `{{.X %}}`, nil)
}
