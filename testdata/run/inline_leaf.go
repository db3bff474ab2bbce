// Calls the compiler inlines (small leaf functions and methods whose
// body is one return of expressions that cannot panic) behave as calls.
package main

import "fmt"

type Point struct{ X, Y int }

func (p Point) Sum() int          { return p.X + p.Y }
func (p Point) Scaled(k int) int  { return (p.X + p.Y) * k }
func (p *Point) Tag() string      { return "pt" }
func (p Point) Swap() (int, int)  { return p.Y, p.X }
func (p Point) Less(q Point) bool { return p.X < q.X || p.X == q.X && p.Y < q.Y }

type Named struct {
	Point
	Name string
}

func (n Named) Label() string { return n.Name + ":" + n.Name }
func (n Named) Norm1() int    { return n.X - n.Point.Y }

func add8(a, b int8) int8          { return a + b }
func half(f float32) float32       { return f / 3 }
func widen(x uint8) int            { return int(x) << 3 }
func trunc(x int) uint8            { return uint8(x) }
func toF32(x float64) float32      { return float32(x) }
func divs(x int) (q, r int)        { return x / 4, x % -3 }
func shr(x int64, n uint) int64    { return x >> n }
func both(a, b string) (int, bool) { return len(a + b), a < b }
func shadow(x, y int) int          { return x*10 + y }

func main() {
	p := Point{1, 2}
	s := p.Sum()
	p.X = 100 // modified after the call: s keeps the old sum
	fmt.Println(s, p.Sum(), p.Scaled(3))
	pp := &p
	fmt.Println(pp.Sum(), pp.Tag())
	a, b := p.Swap()
	fmt.Println(a, b, p.Less(Point{100, 3}), Point{5, 5}.Less(p))
	p.X, p.Y = p.Swap() // both results read before the assignment
	fmt.Println(p)

	n := Named{Point{7, 3}, "n"}
	fmt.Println(n.Sum(), n.Norm1(), n.Label())

	fmt.Println(add8(100, 100), half(1), widen(255), trunc(-1), toF32(0.1) == 0.1)
	q, r := divs(-7)
	fmt.Println(q, r, shr(-64, 3), shr(5, 200))
	fmt.Println(both("ab", "c"))
	x, y := 1, 2
	{
		y, x := x, y // shadowed names at the call site
		fmt.Println(shadow(x, y), shadow(y, x))
	}
	fmt.Println(shadow(shadow(x, y), shadow(y, x)))

	var np *Point
	defer func() { fmt.Println("recovered:", recover()) }()
	fmt.Println(np.Sum()) // the receiver's dereference panics in main
}
