package main

import (
	"errors"
	"fmt"
	"html/template"
	"os"
	"strings"
)

func try(name, src string) {
	t, err := template.New(name).Parse(src)
	if err != nil {
		fmt.Println("parse:", err)
		return
	}
	var out strings.Builder
	err = t.Execute(&out, map[string]any{"C": true, "X": "a<b&c"})
	var te *template.Error
	if errors.As(err, &te) {
		fmt.Printf("%s code=%d line=%d node=%v\n", name, te.ErrorCode, te.Line, te.Node != nil)
		fmt.Println(" ", err)
		if err2 := t.Execute(&out, nil); err2 != err {
			fmt.Println("  second Execute differs:", err2)
		}
		return
	}
	fmt.Printf("%s ok: %q err=%v\n", name, out.String(), err)
}

func main() {
	// Errors of the escaper, with Go's codes and texts.
	try("tag", `<div`)
	try("attr", `<div title="no close quote>`)
	try("script", `<script>f()`)
	try("scriptkw", `<script>return `)
	try("url", `<a href="{{.X}}`)
	try("urlpre", `<a href=x{{.X}}`)
	try("rcdata", `<textarea>{{.X}}`)
	try("onclick", `<a onclick='f(`)
	try("jsstr", `<a onclick="f('x`)
	try("style", `<style>p{`)
	try("comment", `<!-- x`)
	try("branch", `{{if .C}}<a href="{{end}}{{.X}}`)
	try("predef", `<div class={{. | html}}>Hello<div>`)
	try("predef2", "line1\n{{.X | urlquery | printf \"%s\"}}")
	try("nosuch", `{{template "nope"}}`)
	try("unquoted", `<a b=c"d>`)
	try("attrname", `<a x<y>`)
	try("noattr", `<a =>`)
	try("reentry", `{{range .}}<a{{end}}`)
	try("ambig", `<a href="{{if .C}}/path/{{else}}/search?q={{end}}{{.X}}">`)

	// What is fine.
	try("okif", `<input {{if .C}}checked{{end}}>{{.X}}`)
	try("okhtml", `<p>{{.X | html}}</p><p title="{{.X | html}}">`)
	try("okurlq", `<a href="/q?x={{.X | urlquery}}">`)
	try("okhtmlargs", `<p>{{html .X "&"}}</p>`)
	try("okrange", `<ul>{{range .}}<li>{{.}}</li>{{end}}</ul>`)
	try("okscript", `<script>var x = {{.X}}; var y = "{{.X}}";</script>`)

	// The Error type itself.
	for _, e := range []*template.Error{
		{ErrorCode: template.ErrBadHTML, Description: "d"},
		{ErrorCode: template.ErrBadHTML, Name: "n", Description: "d"},
		{ErrorCode: template.ErrBadHTML, Name: "n", Line: 3, Description: "d"},
	} {
		fmt.Println(e.Error())
	}
	codes := []template.ErrorCode{template.OK, template.ErrAmbigContext, template.ErrBadHTML,
		template.ErrBranchEnd, template.ErrEndContext, template.ErrNoSuchTemplate, template.ErrOutputContext,
		template.ErrPartialCharset, template.ErrPartialEscape, template.ErrRangeLoopReentry,
		template.ErrSlashAmbig, template.ErrPredefinedEscaper, template.ErrJSTemplate}
	fmt.Println(codes)

	// ExecuteTemplate of a set: the caller's error names the template.
	set := template.Must(template.New("root").Parse(`{{define "a"}}<b>{{.}}</b>{{end}}{{define "b"}}<i{{end}}`))
	fmt.Println(set.ExecuteTemplate(os.Stdout, "a", "x&y"))
	fmt.Println(set.ExecuteTemplate(os.Stdout, "b", nil))
}
