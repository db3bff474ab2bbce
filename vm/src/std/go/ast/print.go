package ast

import (
	"fmt"
	"go/token"
	"io"
	"os"
	"reflect"
)

// A FieldFilter decides whether Fprint prints a struct field.
type FieldFilter func(name string, value reflect.Value) bool

// NotNilFilter accepts every field except nil pointers, slices, maps,
// channels, functions and interfaces.
func NotNilFilter(_ string, v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Pointer, reflect.Slice:
		return !v.IsNil()
	}
	return true
}

// Fprint prints the (sub-)tree x to w, one value a numbered line;
// positions are printed through fset when it is not nil.
func Fprint(w io.Writer, fset *token.FileSet, x any, f FieldFilter) error {
	return astFprint(w, fset, x, f)
}

type astPrintError struct{ err error }

type astPrinter struct {
	output io.Writer
	fset   *token.FileSet
	filter FieldFilter
	ptrmap map[any]int
	indent int
	last   byte
	line   int
}

func astFprint(w io.Writer, fset *token.FileSet, x any, f FieldFilter) (err error) {
	p := &astPrinter{output: w, fset: fset, filter: f, ptrmap: make(map[any]int), last: '\n'}
	defer func() {
		if e := recover(); e != nil {
			pe, ok := e.(astPrintError)
			if !ok {
				panic(e)
			}
			err = pe.err
		}
	}()
	if x == nil {
		p.printf("nil\n")
		return
	}
	p.print(reflect.ValueOf(x))
	p.printf("\n")
	return
}

// Print prints x to standard output, skipping nil fields.
func Print(fset *token.FileSet, x any) error {
	return Fprint(os.Stdout, fset, x, NotNilFilter)
}

var astIndent = []byte(".  ")

func (p *astPrinter) Write(data []byte) (n int, err error) {
	var m int
	for i, b := range data {
		if b == '\n' {
			m, err = p.output.Write(data[n : i+1])
			n += m
			if err != nil {
				return
			}
			p.line++
		} else if p.last == '\n' {
			if _, err = fmt.Fprintf(p.output, "%6d  ", p.line); err != nil {
				return
			}
			for j := p.indent; j > 0; j-- {
				if _, err = p.output.Write(astIndent); err != nil {
					return
				}
			}
		}
		p.last = b
	}
	if len(data) > n {
		m, err = p.output.Write(data[n:])
		n += m
	}
	return
}

func (p *astPrinter) printf(format string, args ...any) {
	if _, err := fmt.Fprintf(p, format, args...); err != nil {
		panic(astPrintError{err})
	}
}

func (p *astPrinter) print(x reflect.Value) {
	if !NotNilFilter("", x) {
		p.printf("nil")
		return
	}
	switch x.Kind() {
	case reflect.Interface:
		p.print(x.Elem())
	case reflect.Map:
		p.printf("%s (len = %d) {", x.Type(), x.Len())
		if x.Len() > 0 {
			p.indent++
			p.printf("\n")
			for _, key := range x.MapKeys() {
				p.print(key)
				p.printf(": ")
				p.print(x.MapIndex(key))
				p.printf("\n")
			}
			p.indent--
		}
		p.printf("}")
	case reflect.Pointer:
		p.printf("*")
		ptr := x.Interface()
		if line, exists := p.ptrmap[ptr]; exists {
			p.printf("(obj @ %d)", line)
		} else {
			p.ptrmap[ptr] = p.line
			p.print(x.Elem())
		}
	case reflect.Array, reflect.Slice:
		if x.Kind() == reflect.Slice {
			if s, ok := x.Interface().([]byte); ok {
				p.printf("%#q", s)
				return
			}
			p.printf("%s (len = %d) {", x.Type(), x.Len())
		} else {
			p.printf("%s {", x.Type())
		}
		if x.Len() > 0 {
			p.indent++
			p.printf("\n")
			for i, n := 0, x.Len(); i < n; i++ {
				p.printf("%d: ", i)
				p.print(x.Index(i))
				p.printf("\n")
			}
			p.indent--
		}
		p.printf("}")
	case reflect.Struct:
		t := x.Type()
		p.printf("%s {", t)
		p.indent++
		first := true
		for i, n := 0, t.NumField(); i < n; i++ {
			if name := t.Field(i).Name; IsExported(name) {
				value := x.Field(i)
				if p.filter == nil || p.filter(name, value) {
					if first {
						p.printf("\n")
						first = false
					}
					p.printf("%s: ", name)
					p.print(value)
					p.printf("\n")
				}
			}
		}
		p.indent--
		p.printf("}")
	default:
		v := x.Interface()
		switch v := v.(type) {
		case string:
			p.printf("%q", v)
			return
		case token.Pos:
			if p.fset != nil {
				p.printf("%s", p.fset.Position(v))
				return
			}
		}
		p.printf("%v", v)
	}
}
