package main

import (
	"fmt"
	"html/template"
	"os"
	"strings"
)

type Page struct {
	Title   string
	Body    string
	Link    string
	Items   []string
	Safe    template.HTML
	Num     int
	Script  string
	Attr    string
	Missing map[string]string
}

func main() {
	p := Page{
		Title:  `Tom & Jerry's <Show>`,
		Body:   `<script>alert("x")</script>`,
		Link:   `javascript:alert(1)`,
		Items:  []string{"a<b", `"q"`, "c&d"},
		Safe:   template.HTML("<b>bold</b>"),
		Num:    42,
		Script: `O'Reilly </script>`,
		Attr:   `x" onclick="evil()`,
	}
	const src = `<!DOCTYPE html>
<html><head><title>{{.Title}}</title></head>
<!-- a comment that is stripped -->
<body>
<h1 class="{{.Attr}}">{{.Title}}</h1>
<p>{{.Body}}</p>
<div>{{.Safe}}</div>
<a href="{{.Link}}">bad</a> <a href="/search?q={{.Title}}&n={{.Num}}">ok</a> <a href="https://x.org/{{.Title}}">path</a>
<a title={{.Title}}>unquoted</a>
<ul>{{range .Items}}<li>{{.}}</li>{{end}}</ul>
<script>var s = "{{.Script}}"; var n = {{.Num}}; var t = {{.Title}}; var l = {{.Items}};</script>
<button onclick="f({{.Title}})">b</button>
<textarea>{{.Body}}</textarea>
{{with .Missing}}{{.x}}{{else}}none{{end}} [{{.Missing.x}}]
</body></html>
`
	t := template.Must(template.New("page").Parse(src))
	if err := t.Execute(os.Stdout, p); err != nil {
		fmt.Println("error:", err)
	}
	t2 := template.Must(template.New("t2").Funcs(template.FuncMap{"up": strings.ToUpper}).Parse(`{{define "item"}}<i>{{.}}</i>{{end}}{{range .}}{{template "item" up .}}{{end}}`))
	t2.Execute(os.Stdout, []string{"x<y", "z"})
	fmt.Println()
	fmt.Println(template.HTMLEscapeString("<&>"), template.JSEscapeString("'"), template.URLQueryEscaper("a b"))
	var sb strings.Builder
	template.Must(template.New("x").Parse(`{{.}}`)).Execute(&sb, template.HTML("<p>ok</p>"))
	fmt.Println(sb.String())
}
