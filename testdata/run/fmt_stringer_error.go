package main

import (
	"errors"
	"fmt"
)

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°C", float64(t)) }

type Status struct{ Code int }

func (s Status) Error() string { return fmt.Sprintf("status %d", s.Code) }

type Both struct{}

func (Both) String() string { return "as-string" }
func (Both) Error() string  { return "as-error" }

type PtrStringer struct{ n int }

func (p *PtrStringer) String() string { return fmt.Sprint("ptr#", p.n) }

type Panicky struct{}

func (p *Panicky) String() string { return "never nil-safe" }

func main() {
	t := Temp(21.55)
	fmt.Println(t, []Temp{1, 2.25})
	fmt.Printf("%v|%s|%q|%d|%.2f|%10v|\n", t, t, t, t, t, t)
	fmt.Printf("%+v %#v\n", t, t)
	st := Status{404}
	fmt.Println(st, error(st))
	fmt.Printf("%v %s %+v %d\n", st, st, st, st)
	fmt.Println(Both{})
	fmt.Println(&PtrStringer{3}, PtrStringer{4})
	var e error = errors.New("plain")
	fmt.Println(e, []error{e, st})
	fmt.Printf("%q %x\n", e, e)
	m := map[string]Temp{"in": 20, "out": -3.5}
	fmt.Println(m)
	type holder struct {
		T Temp
		S Status
	}
	fmt.Printf("%v %+v\n", holder{5, Status{1}}, holder{6, Status{2}})
	var np *PtrStringer
	fmt.Println(np)
	var pk *Panicky
	fmt.Println(pk)
	fmt.Printf("[%v] [%s]\n", nil, nil)
}
