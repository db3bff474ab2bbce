package main

import "fmt"

type Color int

const (
	Red Color = iota
	Green
	Blue
)

func (c Color) String() string {
	switch c {
	case Red:
		return "Red"
	case Green:
		return "Green"
	case Blue:
		return "Blue"
	}
	return fmt.Sprintf("Color(%d)", int(c))
}

type Pair struct {
	A, B int
}

func (p *Pair) String() string { return fmt.Sprintf("<%d,%d>", p.A, p.B) }

type Wrapper struct {
	C    Color
	Name string
}

func main() {
	fmt.Println(Red, Green, Blue, Color(7))
	fmt.Printf("%v %s %d %q %x\n", Blue, Blue, Blue, Blue, Blue)
	fmt.Printf("%+v %#v\n", Green, Green)
	cs := []Color{Blue, Red}
	fmt.Println(cs)
	w := Wrapper{Green, "w"}
	fmt.Println(w)
	fmt.Printf("%+v\n", w)
	p := Pair{1, 2}
	fmt.Println(p, &p)
	fmt.Printf("%v %v\n", p, &p)
	fmt.Println(fmt.Sprint(Red), fmt.Sprintf("[%5s][%-6v]", Red, Blue))
	m := map[Color]int{Blue: 3, Red: 1}
	fmt.Println(m)
}
