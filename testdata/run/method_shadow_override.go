package main

import "fmt"

type Base struct{ name string }

func (b Base) Hello() string  { return "base hello from " + b.name }
func (b Base) Greet() string  { return b.Hello() + "!" }
func (b *Base) Rename(n string) { b.name = n }

type Derived struct {
	Base
	extra int
}

func (d Derived) Hello() string { return "derived hello from " + d.name }

type Greeter interface{ Greet() string }
type Helloer interface{ Hello() string }

func main() {
	d := Derived{Base{"d"}, 1}
	fmt.Println(d.Hello())
	fmt.Println(d.Greet()) // no virtual dispatch: Base.Greet calls Base.Hello
	fmt.Println(d.Base.Hello())
	d.Rename("renamed")
	fmt.Println(d.Hello())
	var g Greeter = d
	var h Helloer = d
	fmt.Println(g.Greet(), "|", h.Hello())
	h = d.Base
	fmt.Println(h.Hello())
	fmt.Printf("%T %T\n", g, h)
}
