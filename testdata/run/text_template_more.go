package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"text/template"
)

type Level int

func (l Level) String() string { return [...]string{"low", "mid", "high"}[l] }

type Node struct {
	Name     string
	Children []*Node
	Level    Level
	Attrs    map[int]string
	Next     *Node
}

func (n *Node) Depth() int {
	if n == nil {
		return 0
	}
	d := 0
	for _, c := range n.Children {
		if x := c.Depth(); x > d {
			d = x
		}
	}
	return d + 1
}

func (n Node) Panics() string { panic("method exploded") }
func (n Node) Fails(x int) (int, error) {
	if x > 1 {
		return 0, errors.New("too big")
	}
	return x * 10, nil
}

func show(t *template.Template, data any) {
	var b strings.Builder
	err := t.Execute(&b, data)
	fmt.Printf("%q\n", b.String())
	if err != nil {
		fmt.Println("  error:", err)
	}
}

func main() {
	// Go by Example style
	t1 := template.New("t1")
	t1, err := t1.Parse("Value is {{.}}\n")
	if err != nil {
		panic(err)
	}
	t1 = template.Must(t1.Parse("Value: {{.}}\n"))
	t1.Execute(os.Stdout, "some text")
	t1.Execute(os.Stdout, 5)
	t1.Execute(os.Stdout, []string{"Go", "Rust", "C++", "C#"})
	Create := func(name, t string) *template.Template {
		return template.Must(template.New(name).Parse(t))
	}
	t2 := Create("t2", "Name: {{.Name}}\n")
	t2.Execute(os.Stdout, struct{ Name string }{"Jane Doe"})
	t2.Execute(os.Stdout, map[string]string{"Name": "Mickey Mouse"})
	t3 := Create("t3", "{{if . -}} yes {{else -}} no {{end}}\n")
	t3.Execute(os.Stdout, "not empty")
	t3.Execute(os.Stdout, "")
	t4 := Create("t4", "Range: {{range .}}{{.}} {{end}}\n")
	t4.Execute(os.Stdout, []string{"Go", "Rust", "C++", "C#"})

	tree := &Node{Name: "root", Level: 2, Attrs: map[int]string{10: "ten", 2: "two", -1: "neg"}, Children: []*Node{
		{Name: "a", Children: []*Node{{Name: "a1"}}},
		{Name: "b", Level: 1},
	}}
	show(Create("tree", `{{define "n"}}{{.Name}}({{.Level}}){{if .Children}}[{{range $i, $c := .Children}}{{if $i}},{{end}}{{template "n" $c}}{{end}}]{{end}}{{end}}{{template "n" .}} depth={{.Depth}}`), tree)
	show(Create("attrs", `{{range $k, $v := .Attrs}}{{$k}}:{{$v}} {{end}}{{range .Attrs}}{{.}} {{end}}{{len .Attrs}} {{index .Attrs 10}} [{{index .Attrs 99}}]`), tree)
	show(Create("nilptr", `{{.Next}} {{.Next.Depth}} {{with .Next}}x{{else}}none{{end}}`), tree)
	show(Create("nilfield", `{{.Next.Name}}`), tree)
	show(Create("panics", `{{.Panics}}`), tree)
	show(Create("fails", `{{.Fails 1}} {{.Fails 2}}`), tree)
	show(Create("level", `{{.Level}} {{printf "%d %v %s" .Level .Level .Level}} {{eq .Level 2}}`), tree)
	show(Create("multi", "line one\n{{range .Children}}\n  {{.Name}} {{.Nope}}\n{{end}}"), tree)
	show(Create("vars", `{{$x := 1}}{{if true}}{{$x = 2}}{{$y := 3}}{{$y}}{{end}}{{$x}} {{range $i, $e := .}}{{$x = $e}}{{end}}{{$x}}`), []int{7, 8, 9})
	show(Create("rangeone", `{{range $e := .}}{{$e}}{{end}} {{range $i, $e := .}}{{$i}}{{end}}`), []string{"x", "y"})
	show(Create("nested", `{{index . "a" "b"}} {{index . "a"}} {{len (index . "a")}}`), map[string]map[string]int{"a": {"b": 5}})
	show(Create("paren", `{{printf "%s=%d" (print "k") (len .)}} {{(print "a" "b") | len}} {{print (1) (2.5) ('x') (true)}}`), []int{1, 2})
	show(Create("ws", "a  {{- 1 -}}  b  {{- 2}}  c  {{3 -}}  d\n{{- /* c */ -}}\ne"), nil)
	show(Create("dollar", `{{range .L}}{{$.P}}{{.}} {{end}}`), map[string]any{"P": ">", "L": []int{1, 2}})
	show(Create("andor", `{{and 1 0 2}} {{and 1 2}} {{or 0 "" "x"}} {{or 0 ""}} {{not 0}} {{and .X .Y}} {{or .X .Y}}`), map[string]any{"X": nil, "Y": 3})
	show(Create("cmp", `{{lt 1.5 2}} {{eq "a" "a" "b"}} {{ne 1 2}} {{eq .A .B}} {{eq .N nil}}`), map[string]any{"A": uint8(3), "B": 3, "N": nil})
	show(Create("cmperr", `{{eq .S .S}}`), map[string]any{"S": []int{1}})
	show(Create("cmperr2", `{{lt true false}}`), nil)
	show(Create("callerr", `{{call .F 1}}`), map[string]any{"F": nil})
	show(Create("callerr2", `{{call .F "x"}}`), map[string]any{"F": func(int) int { return 1 }})
	show(Create("slice", `{{slice .S 1 2}} {{slice .S}} {{slice "hello" 1}} {{slice .S 3 1}}`), map[string]any{"S": []int{1, 2, 3, 4}})
	show(Create("idxerr", `{{index .S -1}}`), map[string]any{"S": []int{1}})
	show(Create("idxerr2", `{{index 3 1}}`), nil)
	show(Create("lenerr", `{{len 3}}`), nil)
	show(Create("nodata", `{{.X}}`), nil)
	show(Create("iface", `{{.Err}} {{.Str}}`), map[string]any{"Err": errors.New("an error"), "Str": Level(1)})
	show(Create("bool", `{{if .}}t{{end}}`), struct{}{})
	show(Create("notfunc", `{{.X 1}}`), map[string]int{"X": 1})
	show(Create("funcval", `{{.F}}`), map[string]any{"F": func() {}})
	show(Create("float", `{{1.0}} {{3e2}} {{0x1p4}} {{1_000}} {{-0}} {{+5}}`), nil)
	show(Create("str", "{{`raw\\n`}} {{\"esc\\t\\u00e9\"}} {{'\\n'}}"), nil)
	show(Create("else", `{{if eq . 1}}one{{else if eq . 2}}two{{else if eq . 3}}three{{else}}many{{end}}`), 3)
	show(Create("with2", `{{with $v := .}}{{$v}}{{end}} {{with .}}{{.}}{{else with 5}}{{.}}{{end}}`), 0)
	show(Create("tmplvar", `{{define "x"}}{{.}}{{end}}{{$a := 5}}{{template "x" $a}}`), nil)
	show(Create("chainerr", `{{(1).X}}`), nil)
	for _, src := range []string{`{{99999999999999999999}}`, `{{1.2.3}}`, `{{'ab'}}`, `{{3x}}`, `{{.X | nil}}`, `{{$x := 1, 2}}`, `{{range $a, $b, $c := .}}{{end}}`, "{{if}}", "{{with}}{{end}}", `{{template .X}}`, `{{define "a" 3}}{{end}}`, `{{block "b"}}{{end}}`, `{{.X.}}`, "{{\"a\"}}{{/*", `{{1 | printf}}`, `{{else}}`, `{{if 1}}{{else}}{{else}}{{end}}`, "{{.X\n\n}}", "a\n{{.X\n\n", "{{$}}", `{{nil.X}}`, `{{"x".Y}}`, `{{@}}`, `{{é}}`} {
		_, err := template.New("p").Parse(src)
		fmt.Println(err)
	}
	fmt.Println("done")
}
