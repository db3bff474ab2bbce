package main

import (
	"errors"
	"fmt"
	"os"
)

// Celsius reports the verb, flags, width and precision it is given.
type Celsius float64

func (c Celsius) Format(f fmt.State, verb rune) {
	flags := ""
	for _, fl := range "-+# 0" {
		if f.Flag(int(fl)) {
			flags += string(fl)
		}
	}
	w, wok := f.Width()
	p, pok := f.Precision()
	fmt.Fprintf(f, "<%c flags=%q w=%d,%t p=%d,%t %s>", verb, flags, w, wok, p, pok, fmt.FormatString(f, verb))
}

// Money pads itself using the width and precision.
type Money struct {
	Cents int64
}

func (m Money) Format(f fmt.State, verb rune) {
	prec, ok := f.Precision()
	if !ok {
		prec = 2
	}
	s := fmt.Sprintf("%d.%0*d", m.Cents/100, prec, m.Cents%100)
	if f.Flag('+') && m.Cents >= 0 {
		s = "+" + s
	}
	if w, ok := f.Width(); ok {
		for len(s) < w {
			if f.Flag('-') {
				s += "_"
			} else {
				s = "_" + s
			}
		}
	}
	if verb == 'x' {
		s = fmt.Sprintf("%x", s)
	}
	f.Write([]byte("$" + s))
}

// Both has String, Error, GoString and Format: Format wins for every verb.
type Both int

func (b Both) String() string   { return "String" }
func (b Both) Error() string    { return "Error" }
func (b Both) GoString() string { return "GoString" }
func (b Both) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, "Format(%c)", verb)
}

// PtrF formats through a pointer receiver and copes with nil.
type PtrF struct{ N int }

func (p *PtrF) Format(f fmt.State, verb rune) {
	if p == nil {
		io := f
		io.Write([]byte("nil-PtrF"))
		return
	}
	fmt.Fprintf(f, "PtrF#%d", p.N)
}

// ValF formats through a value receiver: a nil *ValF panics inside.
type ValF struct{ N int }

func (v ValF) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, "ValF#%d", v.N)
}

// Boom writes a little, then panics.
type Boom struct{ Msg string }

func (b Boom) Format(f fmt.State, verb rune) {
	f.Write([]byte("partial:"))
	if b.Msg == "err" {
		panic(errors.New("an error value"))
	}
	panic(b.Msg)
}

// Counter counts its Format calls.
type Counter struct{ n *int }

func (c Counter) Format(f fmt.State, verb rune) {
	*c.n++
	fmt.Fprintf(f, "call%d(%c)", *c.n, verb)
}

// Nested formats other Formatters from inside Format.
type Nested struct {
	Inner Money
}

func (n Nested) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, "Nested{%v|%8.1v}", n.Inner, n.Inner)
}

// FErr is an error with a Format method.
type FErr struct{}

func (FErr) Error() string { return "ferr" }
func (FErr) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, "FErr/%c/%t", verb, f.Flag('+'))
}

type Holder struct {
	C     Celsius
	M     Money
	hide  Money
	P     *PtrF
	Items []Money
}

func main() {
	c := Celsius(21.5)
	for _, format := range []string{"%v", "%+v", "%#v", "%s", "%d", "%x", "%X", "%q", "%e", "%8.3f", "%-8v", "%08.2g", "% d", "%+#-0 9.7v", "%5.v", "%.0d", "%c", "%U", "%t", "%w"} {
		fmt.Printf("%-12s %s\n", format, fmt.Sprintf(format, c))
	}
	fmt.Printf("%*.*v\n", 6, 2, c)
	fmt.Printf("%-*v|\n", -4, c)
	fmt.Printf("%[2]v %[1]d\n", c, Celsius(1))
	fmt.Printf("%T %p\n", c, c)
	fmt.Println(c, "and", c)
	fmt.Print(c, c, "\n")

	m := Money{12345}
	fmt.Printf("[%v] [%+v] [%10v] [%-10v] [%.3v] [%x] [%s]\n", m, m, m, m, m, m, m)
	fmt.Println(Money{-250}, Money{7})

	b := Both(1)
	fmt.Printf("%v %s %d %#v %+v %q %x\n", b, b, b, b, b, b, b)
	fmt.Println(b)
	fmt.Printf("%T\n", b)
	var e error = b
	fmt.Println(e)

	p := &PtrF{N: 7}
	var np *PtrF
	fmt.Println(p, np, *p)
	fmt.Printf("%v %d %+v\n", p, np, PtrF{N: 3})

	var nv *ValF
	fmt.Printf("[%v] [%d] [%5s]\n", nv, nv, nv)
	fmt.Println(ValF{1}, &ValF{2})

	fmt.Println(Boom{"kaboom"})
	fmt.Printf("%d|%x|%+v\n", Boom{"bad"}, Boom{"err"}, Boom{"x"})
	fmt.Println([]Boom{{"a"}, {"b"}})
	fmt.Println("after panics")

	n := 0
	cnt := Counter{&n}
	fmt.Printf("%v %[1]d %[1]x %T\n", cnt)
	s := fmt.Sprint(cnt, cnt)
	fmt.Println(s, n)

	fmt.Printf("%v\n", Nested{Money{995}})
	fmt.Printf("%s\n", []Nested{{Money{1}}, {Money{2}}})

	h := Holder{C: 1.5, M: Money{100}, hide: Money{200}, P: &PtrF{9}, Items: []Money{{1}, {2}}}
	fmt.Printf("%v\n", h)
	fmt.Printf("%+v\n", h)
	fmt.Printf("%d\n", h)
	fmt.Printf("%v\n", &h)
	fmt.Printf("%+v\n", []any{c, m, nil, 3})
	fmt.Printf("%v\n", map[string]Money{"b": {2}, "a": {1}})
	fmt.Printf("%x\n", map[Celsius]int{1: 1, 2: 2})
	fmt.Printf("%v\n", [2]Celsius{1, 2})
	fmt.Printf("%v\n", struct {
		A any
		B fmt.Formatter
	}{m, c})

	fmt.Printf("%d %d\n", c)
	fmt.Printf("%d\n", c, m)
	fmt.Printf("%!\n", c)

	err := fmt.Errorf("wrapped: %w", FErr{})
	fmt.Println(err)
	fmt.Println(errors.Is(err, FErr{}))
	fmt.Println(fmt.Errorf("plain %+v and %w", FErr{}, FErr{}))
	fmt.Printf("%w\n", FErr{})

	fmt.Fprintf(os.Stdout, "%v via Fprintf\n", m)
	fmt.Println(fmt.Sprintf("%6.2v", m) + "|")
	fmt.Printf("%s\n", fmt.Append(nil, m, c))

	var f fmt.Formatter = m
	fmt.Printf("%v %T\n", f, f)
	var st fmt.State
	fmt.Println(st == nil)
}
