package main

import "fmt"

type Celsius float64
type Fahrenheit float64

func (c Celsius) ToF() Fahrenheit { return Fahrenheit(c*9/5 + 32) }
func (f Fahrenheit) ToC() Celsius { return Celsius((f - 32) * 5 / 9) }

type IntList []int

func (l IntList) Sum() int {
	s := 0
	for _, v := range l {
		s += v
	}
	return s
}

func (l *IntList) Add(v int) { *l = append(*l, v) }

type Counter map[string]int

func (c Counter) Hit(k string) { c[k]++ }

type Vec struct{ X, Y float64 }

func (v Vec) Scale(f float64) Vec { return Vec{v.X * f, v.Y * f} }
func (v *Vec) ScaleInPlace(f float64) {
	v.X *= f
	v.Y *= f
}

func main() {
	c := Celsius(100)
	fmt.Println(c.ToF(), Celsius(-40).ToF(), Fahrenheit(212).ToC())
	var l IntList
	l.Add(1)
	l.Add(2)
	l.Add(39)
	fmt.Println(l, l.Sum(), len(l))
	cnt := Counter{}
	cnt.Hit("a")
	cnt.Hit("a")
	cnt.Hit("b")
	fmt.Println(cnt)
	v := Vec{1, 2}
	w := v.Scale(3)
	fmt.Println(v, w)
	v.ScaleInPlace(10)
	fmt.Println(v)
	pv := &w
	fmt.Println(pv.Scale(0.5))
	pv.ScaleInPlace(2)
	fmt.Println(w)
	vs := []Vec{{1, 1}, {2, 2}}
	vs[1].ScaleInPlace(5)
	fmt.Println(vs)
	m := map[string]Vec{"a": {1, 0}}
	fmt.Println(m["a"].Scale(4))
}
