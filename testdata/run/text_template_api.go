package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"
)

type User struct {
	Name   string
	Age    int
	Emails []string
	Friends map[string]*User
	secret string
}

func (u *User) Greeting() string { return "Hi, " + u.Name }
func (u User) IsAdult() bool     { return u.Age >= 18 }
func (u User) Err() (string, error) { return "", errors.New("method failed") }

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

func main() {
	// Lookup, New, ExecuteTemplate, Templates, Name
	root := template.Must(template.New("root").Parse(`{{define "a"}}A({{.}}){{end}}{{define "b"}}B[{{template "a" .}}]{{end}}root:{{template "b" .}}`))
	var names []string
	for _, t := range root.Templates() {
		names = append(names, t.Name())
	}
	sort.Strings(names)
	fmt.Println(names)
	root.Execute(os.Stdout, 42)
	fmt.Println()
	root.ExecuteTemplate(os.Stdout, "a", "x")
	fmt.Println()
	fmt.Println(root.ExecuteTemplate(os.Stdout, "zzz", nil))
	fmt.Println(root.Lookup("b").Name(), root.Lookup("nope") == nil)

	// Clone and redefine
	c, _ := root.Clone()
	template.Must(c.Parse(`{{define "a"}}CLONED{{end}}`))
	c.Execute(os.Stdout, 1)
	fmt.Println()
	root.Execute(os.Stdout, 1)
	fmt.Println()

	// Delims
	d := template.Must(template.New("d").Delims("<<", ">>").Parse(`<<.Name>> is <<.Age>> {{not an action}}`))
	d.Execute(os.Stdout, User{Name: "Ann", Age: 30})
	fmt.Println()

	// Methods with pointer receivers via addressable values, Stringer
	u := &User{Name: "Bob", Age: 12, Emails: []string{"b@x", "bob@y"},
		Friends: map[string]*User{"z": {Name: "Zed", Age: 40}, "c": {Name: "Cy", Age: 17}}}
	t := template.Must(template.New("u").Parse(`{{.Greeting}} adult={{.IsAdult}}
{{range $k, $f := .Friends}}{{$k}}: {{$f.Name}} {{$f.Greeting}} {{if $f.IsAdult}}adult{{else}}minor{{end}}
{{end}}{{range .Emails}}<{{.}}>{{end}} {{index .Emails 1}} {{.Temp}}`))
	err := t.Execute(os.Stdout, map[string]any{"Greeting": "not a method"})
	fmt.Println("|", err)
	type wrap struct {
		*User
		Temp Celsius
	}
	err = t.Execute(os.Stdout, wrap{u, 21.5})
	fmt.Println("|", err)

	// Option missingkey
	m := map[string]int{"a": 1}
	for _, opt := range []string{"missingkey=default", "missingkey=zero", "missingkey=error"} {
		var b bytes.Buffer
		err := template.Must(template.New("m").Option(opt).Parse(`{{.a}} {{.b}}`)).Execute(&b, m)
		fmt.Printf("%s: %q %v\n", opt, b.String(), err)
	}
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		template.New("x").Option("bogus")
	}()

	// Unexported field and method errors
	e := template.Must(template.New("e").Parse(`{{.secret}}`))
	fmt.Println(e.Execute(os.Stdout, User{}))
	e2 := template.Must(template.New("e2").Parse(`{{.Err}}`))
	fmt.Println(e2.Execute(os.Stdout, User{}))
	var ee template.ExecError
	err = e2.Execute(os.Stdout, User{})
	fmt.Println(errors.As(err, &ee), ee.Name)

	// Must panics
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		template.Must(template.New("bad").Parse(`{{.X`))
	}()

	// empty template
	fmt.Println(template.New("empty").Execute(os.Stdout, nil))

	// ParseFiles / ParseGlob
	dir, _ := os.MkdirTemp("", "tpl")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "base.tmpl"), []byte(`Base: {{template "content" .}}`), 0o644)
	os.WriteFile(filepath.Join(dir, "content.tmpl"), []byte(`{{define "content"}}content {{.}}{{end}}`), 0o644)
	pf, err := template.ParseFiles(filepath.Join(dir, "base.tmpl"), filepath.Join(dir, "content.tmpl"))
	fmt.Println(err, pf.Name())
	pf.Execute(os.Stdout, "PF")
	fmt.Println()
	pg, err := template.ParseGlob(filepath.Join(dir, "*.tmpl"))
	fmt.Println(err, pg.Name())
	pg.ExecuteTemplate(os.Stdout, "base.tmpl", "PG")
	fmt.Println()
	_, err = template.ParseGlob(filepath.Join(dir, "*.none"))
	fmt.Println(strings.Replace(err.Error(), dir, "DIR", 1))
	_, err = template.ParseFiles()
	fmt.Println(err)

	// IsTrue and escapers
	for _, v := range []any{0, 1, "", "x", nil, []int{}, map[string]int{"a": 1}, struct{}{}, false, 0.0} {
		tr, ok := template.IsTrue(v)
		fmt.Print(tr, ok, " ")
	}
	fmt.Println()
	fmt.Println(template.HTMLEscapeString(`<a href="x">'&'</a>`), template.JSEscapeString("a'b\"c<d>\n\t\\ é"), template.URLQueryEscaper("a b", 3))
	fmt.Println(template.HTMLEscaper("<", 1, ">"), template.JSEscaper("x", "=y"))
	var buf bytes.Buffer
	template.HTMLEscape(&buf, []byte("a<b"))
	template.JSEscape(&buf, []byte("'q'"))
	fmt.Println(buf.String())

	// variables scoping, $ root, nested with, else with
	v := template.Must(template.New("v").Parse(`{{$n := .N}}{{with .Inner}}{{$.N}}-{{.V}}-{{$n}}{{end}} {{with .Missing}}yes{{else with .Inner}}inner {{.V}}{{end}} {{range $i, $x := .L}}{{$i}}{{$x}}{{end}}`))
	v.Execute(os.Stdout, map[string]any{"N": 5, "Inner": map[string]int{"V": 9}, "L": []string{"a", "b"}})
	fmt.Println()
	// trailing text after funcs in pipeline with method call and args
	f := template.Must(template.New("f").Funcs(template.FuncMap{"repeat": strings.Repeat, "title": func(s string) string { return strings.ToUpper(s[:1]) + s[1:] }}).Parse(`{{"ab" | repeat 3 | title}} {{call .F 3 4}} {{call .G}}`))
	err = f.Execute(os.Stdout, map[string]any{"F": func(a, b int) int { return a * b }, "G": func() (int, error) { return 0, errors.New("g failed") }})
	fmt.Println("|", err)
	fmt.Println(strings.TrimSpace(root.DefinedTemplates()) != "")
}
