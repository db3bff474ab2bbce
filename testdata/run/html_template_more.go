package main

import (
	"errors"
	"fmt"
	"html/template"
	"os"
	"strings"
)

type Todo struct {
	Title string
	Done  bool
}

type PageData struct {
	PageTitle string
	Todos     []Todo
}

func run(name, src string, data any) {
	t, err := template.New(name).Parse(src)
	if err != nil {
		fmt.Println("parse error:", err)
		return
	}
	var b strings.Builder
	err = t.Execute(&b, data)
	fmt.Printf("%s: %q\n", name, b.String())
	if err != nil {
		fmt.Println("  error:", err)
	}
}

func main() {
	tmpl := template.Must(template.New("layout").Parse(`<h1>{{.PageTitle}}</h1>
<ul>
{{range .Todos}}
    {{if .Done}}
        <li class="done">{{.Title}}</li>
    {{else}}
        <li>{{.Title}}</li>
    {{end}}
{{end}}
</ul>
`))
	data := PageData{PageTitle: "My TODO list", Todos: []Todo{
		{Title: "Task 1", Done: false}, {Title: "Task <2>", Done: true}, {Title: "Task 3", Done: true},
	}}
	tmpl.Execute(os.Stdout, data)

	run("attrs", `<input type="text" value="{{.}}" disabled><img src="{{.}}" alt='{{.}}'>`, `a "b" 'c' <d>`)
	run("urls", `<a href="{{.}}">x</a><a href="http://e.com/?q={{.}}">y</a><a href="{{.}}/z?{{.}}#{{.}}">w</a>`, "a b/c?d=e&f")
	run("urlsafe", `<a href="{{.}}">x</a>`, template.URL("javascript:ok()"))
	run("mailto", `<a href="{{.}}">x</a><a href="{{.}}">y</a>`, "mailto:a@b.c")
	run("js", `<script>var a = {{.A}}; var b = '{{.B}}'; var c = {{.C}}; var d = {{.D}}; var e = {{.E}};</script>`,
		map[string]any{"A": map[string]int{"k": 1}, "B": "it's", "C": true, "D": nil, "E": 1.5})
	run("jstyped", `<script>{{.}}</script>`, template.JS("alert(1)"))
	run("css", `<style>p { color: {{.}}; }</style><p style="color: {{.}}">x</p>`, "red")
	run("cssbad", `<style>p { color: {{.}}; }</style>`, "expression(alert(1))")
	run("nil", `<p>{{.}}</p><p title="{{.}}">x</p>`, nil)
	run("htmlattr", `<p title="{{.}}">x</p>`, template.HTML("<b>bold</b> text"))
	run("comment", `a<!-- {{.}} -->b`, "x")
	run("multi", `{{.A}} {{.B}}`, map[string]any{"A": 1, "B": []int{1, 2}})
	run("err", `{{.X.Y}}`, map[string]any{"X": 1})
	run("stringer", `<p>{{.}}</p>`, errors.New("an <error>"))
	run("title", `<title>{{.}}</title>`, "<b>T</b>")
	run("print", `{{printf "%d<%s>" 1 "x"}} {{print .}} {{len .}}`, "ab")
	t := template.Must(template.New("base").Parse(`{{define "T"}}Hello, {{.}}!{{end}}`))
	c, err := t.Clone()
	fmt.Println(err)
	err = t.ExecuteTemplate(os.Stdout, "T", "<script>alert('you have been pwned')</script>")
	fmt.Println()
	fmt.Println(err)
	fmt.Println(t.ExecuteTemplate(os.Stdout, "nope", nil))
	fmt.Println(t.Lookup("T").Name(), t.Lookup("zz") == nil, len(t.Templates()))
	_, err = template.New("bad").Parse("{{.X")
	fmt.Println(err)
	_, err = t.Clone()
	fmt.Println(err)
	template.Must(c.New("U").Parse(`[{{template "T" .}}]`))
	c.ExecuteTemplate(os.Stdout, "U", "you & me")
	fmt.Println()
}
