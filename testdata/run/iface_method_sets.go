package main

import "fmt"

type Mover interface{ Move(d int) }
type Positioner interface{ Pos() int }

type Thing struct{ pos int }

func (t *Thing) Move(d int) { t.pos += d }
func (t Thing) Pos() int    { return t.pos }

type MoverPositioner interface {
	Mover
	Positioner
}

func moveAll(ms []Mover, d int) {
	for _, m := range ms {
		m.Move(d)
	}
}

func main() {
	a, b := &Thing{}, &Thing{10}
	moveAll([]Mover{a, b}, 5)
	fmt.Println(a.pos, b.pos)
	var p Positioner = *a // value has Pos
	a.Move(100)
	fmt.Println(p.Pos(), a.Pos())
	var p2 Positioner = a // pointer also has Pos
	a.Move(1)
	fmt.Println(p2.Pos())
	var mp MoverPositioner = b
	mp.Move(-3)
	fmt.Println(mp.Pos())
	var any1 interface{} = Thing{}
	_, isMover := any1.(Mover)
	_, isPos := any1.(Positioner)
	fmt.Println("value: mover", isMover, "positioner", isPos)
	any1 = &Thing{}
	_, isMover = any1.(Mover)
	_, isPos = any1.(Positioner)
	fmt.Println("pointer: mover", isMover, "positioner", isPos)
	conv := Positioner(mp)
	fmt.Println(conv.Pos())
}
