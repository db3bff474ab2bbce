package main

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"text/template"
)

type Pt struct{ X, Y int }

func (p Pt) Add(q Pt) Pt            { return Pt{p.X + q.X, p.Y + q.Y} }
func (p *Pt) Scale(k float64)       { p.X = int(float64(p.X) * k); p.Y = int(float64(p.Y) * k) }
func (p Pt) String() string         { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }
func (p Pt) Fmt(f string, a ...any) string { return fmt.Sprintf(f, a...) + p.String() }

type Shape interface{ Area() float64 }
type Sq struct{ S float64 }

func (s Sq) Area() float64 { return s.S * s.S }

func main() {
	// struct arguments are copies
	mod := func(p Pt) Pt { p.X = 100; return p }
	orig := Pt{1, 2}
	r := reflect.ValueOf(mod).Call([]reflect.Value{reflect.ValueOf(orig)})
	fmt.Println(orig, r[0].Interface())
	// method value on addressable struct through a pointer
	pp := &Pt{2, 3}
	reflect.ValueOf(pp).MethodByName("Scale").Call([]reflect.Value{reflect.ValueOf(1.5)})
	fmt.Println(*pp)
	fmt.Println(reflect.ValueOf(*pp).MethodByName("Add").Call([]reflect.Value{reflect.ValueOf(Pt{10, 10})})[0])
	fmt.Println(reflect.ValueOf(*pp).MethodByName("Fmt").Call([]reflect.Value{reflect.ValueOf("%d-%s:"), reflect.ValueOf(7), reflect.ValueOf("x")})[0])
	fmt.Println(reflect.ValueOf(*pp).MethodByName("Fmt").CallSlice([]reflect.Value{reflect.ValueOf("%v|%v:"), reflect.ValueOf([]any{1, "two"})})[0])
	// interface parameter, nil interface argument, map and slice results
	area := func(s Shape) float64 {
		if s == nil {
			return -1
		}
		return s.Area()
	}
	av := reflect.ValueOf(area)
	fmt.Println(av.Call([]reflect.Value{reflect.ValueOf(Sq{3})})[0].Float())
	fmt.Println(av.Call([]reflect.Value{reflect.Zero(av.Type().In(0))})[0].Float())
	mk := func(n int) (map[string]int, []string, error) {
		if n < 0 {
			return nil, nil, errors.New("negative")
		}
		return map[string]int{"n": n}, strings.Fields(strings.Repeat("w ", n)), nil
	}
	out := reflect.ValueOf(mk).Call([]reflect.Value{reflect.ValueOf(2)})
	fmt.Println(out[0].Interface(), out[1].Len(), out[2].IsNil())
	out = reflect.ValueOf(mk).Call([]reflect.Value{reflect.ValueOf(-1)})
	fmt.Println(out[0].IsNil(), out[2].Interface())
	// Method types and the method set of a pointer
	t := reflect.TypeOf(pp)
	for i := 0; i < t.NumMethod(); i++ {
		m := t.Method(i)
		fmt.Println(m.Name, m.Type, m.Type.IsVariadic(), m.Type.NumOut())
	}
	fmt.Println(reflect.TypeOf(Pt{}).NumMethod(), reflect.ValueOf(Sq{}).Method(0).Call(nil)[0].Float())
	// unexported field func cannot be called
	type holder struct{ f func() }
	h := reflect.ValueOf(holder{func() {}}).Field(0)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		h.Call(nil)
	}()

	// the same through templates
	tm := template.Must(template.New("t").Funcs(template.FuncMap{
		"area": area,
		"mk": func(n int) (map[string]int, error) {
			m, _, err := mk(n)
			return m, err
		},
		"join": func(sep string, xs ...string) string { return strings.Join(xs, sep) },
		"sum": func(xs ...int) int {
			t := 0
			for _, x := range xs {
				t += x
			}
			return t
		},
		"pt":   func(x, y int) Pt { return Pt{x, y} },
		"f64":  func(f float64) float64 { return f * 2 },
		"u":    func(u uint) uint { return u + 1 },
		"any":  func(a any) string { return fmt.Sprintf("%T", a) },
		"boom": func() int { panic("kaboom") },
	}).Parse(`{{area .S}} {{(pt 1 2).Add (pt 3 4)}} {{.P.Fmt "%d:" 5}} {{join "-" "a" "b" "c"}} {{sum}} {{sum 1 2 3}} {{f64 1.5}} {{f64 2}} {{u 3}} {{any 1}} {{any "s"}} {{any 1.5}} {{any .P}} {{index (mk 2) "n"}} {{3 | sum 1 2}}
`))
	if err := tm.Execute(os.Stdout, map[string]any{"S": Sq{2}, "P": Pt{7, 8}}); err != nil {
		fmt.Println(err)
	}
	for _, src := range []string{`{{mk -1}}`, `{{boom}}`, `{{u -1}}`, `{{area 3}}`, `{{pt 1}}`, `{{join}}`, `{{f64 "x"}}`} {
		err := template.Must(tm.New("e").Parse(src)).Execute(os.Stdout, nil)
		fmt.Println(err)
	}
}
