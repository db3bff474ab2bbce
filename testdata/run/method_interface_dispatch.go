package main

import (
	"fmt"
	"strings"
)

type Visitor interface {
	VisitNum(n Num) string
	VisitAdd(a Add) string
}

type Expr interface {
	Accept(v Visitor) string
	Eval() int
}

type Num int
type Add struct{ L, R Expr }
type Mul struct{ L, R Expr }

func (n Num) Accept(v Visitor) string { return v.VisitNum(n) }
func (n Num) Eval() int               { return int(n) }
func (a Add) Accept(v Visitor) string { return v.VisitAdd(a) }
func (a Add) Eval() int               { return a.L.Eval() + a.R.Eval() }
func (m Mul) Accept(v Visitor) string {
	return "(" + m.L.Accept(v) + " * " + m.R.Accept(v) + ")"
}
func (m Mul) Eval() int { return m.L.Eval() * m.R.Eval() }

type printer struct{ depth int }

func (p *printer) VisitNum(n Num) string { return fmt.Sprint(int(n)) }
func (p *printer) VisitAdd(a Add) string {
	p.depth++
	return "(" + a.L.Accept(p) + " + " + a.R.Accept(p) + ")"
}

func main() {
	e := Add{Num(1), Mul{Add{Num(2), Num(3)}, Num(4)}}
	p := &printer{}
	fmt.Println(e.Accept(p), "=", e.Eval(), "adds:", p.depth)
	exprs := []Expr{Num(7), Add{Num(1), Num(1)}, Mul{Num(3), Num(3)}}
	var parts []string
	for _, x := range exprs {
		parts = append(parts, fmt.Sprintf("%T=%d", x, x.Eval()))
	}
	fmt.Println(strings.Join(parts, ", "))
	fmt.Printf("%v %+v\n", e, Mul{Num(1), Num(2)})
}
