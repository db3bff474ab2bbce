// Struct values assigned in place, range value variables and value
// receivers: each case where Go's copy is observable.
package main

import (
	"fmt"
	"sync"
)

type Point struct{ X, Y int }

func (p Point) Sum() int        { return p.X + p.Y }
func (p Point) Self() Point     { return p }
func (p Point) Get() int        { return p.X }
func (p Point) Show()           { fmt.Println("show", p.X, p.Y) }
func (p Point) Bump() int       { p.X++; return p.X }
func (p *Point) Keep() *Point   { return p }
func (p Point) Half() (int, int) { return p.X / 2, p.Y / 2 }

type Inner struct{ A, B int }
type Outer struct {
	In, In2 Inner
	N       int
	_       int
	Arr     [2]int
}

func (o Outer) Total() int { return o.In.A + o.In.B + o.In2.A + o.In2.B + o.N + o.Arr[0] + o.Arr[1] }

type Vec [3]int

func (v Vec) Sum() int { return v[0] + v[1] + v[2] }

type Shape interface{ Sum() int }

var global Point

func trace(s string, v int) int { fmt.Println("eval", s); return v }

func rangeCases() {
	pts := []Point{{1, 2}, {3, 4}, {5, 6}}
	var funcs []func() int
	var ptrs []*Point
	var xs []*int
	var kept []*Point
	var vals []Point
	var ifs []Shape
	var bound []func() int
	m := map[int]Point{}
	for i, p := range pts {
		funcs = append(funcs, func() int { return p.X })
		_ = i
	}
	for _, p := range pts {
		ptrs = append(ptrs, &p)
	}
	for _, p := range pts {
		xs = append(xs, &p.Y)
	}
	for _, p := range pts {
		kept = append(kept, p.Keep())
	}
	for i, p := range pts {
		p.X *= 10 // the slice keeps its element
		vals = append(vals, p)
		ifs = append(ifs, p)
		m[i] = p
		bound = append(bound, p.Get)
	}
	for i := range 3 {
		fmt.Println(funcs[i](), ptrs[i].X, *xs[i], kept[i].Y, vals[i], ifs[i].Sum(), m[i], bound[i]())
	}
	fmt.Println(pts)
	arrs := [][2]int{{1, 2}, {3, 4}}
	var sl [][]int
	for _, a := range arrs {
		sl = append(sl, a[:])
	}
	fmt.Println(sl, arrs)
	ch := make(chan Point, 3)
	var wg sync.WaitGroup
	res := make([]int, 3)
	for i, p := range pts {
		ch <- p
		wg.Add(1)
		go func(q Point) { defer wg.Done(); res[i] = q.Sum() }(p)
	}
	wg.Wait()
	close(ch)
	for p := range ch {
		fmt.Print(p, " ")
	}
	fmt.Println(res)
	func() {
		for _, p := range pts {
			defer fmt.Println("deferred", p)
			defer p.Show()
		}
	}()
	grid := [][]Point{{{1, 1}, {2, 2}}, {{3, 3}}}
	total := 0
	var last []Point
	for _, row := range grid {
		for _, p := range row {
			total += p.Sum()
			last = append(last, p)
		}
	}
	fmt.Println(total, last)
	arr := [3]Point{{7, 8}, {9, 10}, {11, 12}}
	for i, p := range arr {
		arr[2].X = 100 // ranging over an array ranges over a copy
		fmt.Print(i, p, " ")
	}
	fmt.Println(arr)
	for i, p := range &arr {
		arr[2].Y = 200 // a pointer to an array is not copied
		fmt.Print(i, p, " ")
	}
	fmt.Println()
	var reuse Point
	for _, reuse = range pts {
	}
	fmt.Println(reuse)
}

func literalCases() {
	p := Point{1, 2}
	p = Point{p.Y, p.X}
	fmt.Println(p)
	q := &p
	p = Point{Y: 9}
	fmt.Println(*q)
	s := []Point{{1, 2}, {3, 4}}
	e := &s[1]
	s[1] = Point{X: s[0].Y + s[1].X}
	fmt.Println(s, *e)
	s[0] = Point{trace("x", 5), trace("y", 6)}
	fmt.Println(s)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		s[5] = Point{X: trace("x5", 1)}
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var np *Point
		*np = Point{trace("nil", 1), 2}
	}()
	o := Outer{In: Inner{1, 2}, In2: Inner{3, 4}, N: 5, Arr: [2]int{6, 7}}
	in := &o.In
	o = Outer{In: o.In2, In2: o.In, Arr: [2]int{o.Arr[1], o.Arr[0]}}
	fmt.Println(o, *in, o.Total())
	o.In = Inner{B: 8}
	fmt.Println(o, *in)
	global = Point{3, 4}
	gp := &global
	global = Point{X: gp.Y}
	fmt.Println(global, *gp)
	arr := [2]Point{}
	arr[1] = Point{1, 1}
	mp := map[string]Point{}
	mp["a"] = Point{2, 2}
	fmt.Println(arr, mp)
	var ifc any = Point{1, 2}
	p2 := Point{5, 5}
	ifc2 := any(p2)
	p2 = Point{6, 6}
	fmt.Println(ifc, ifc2, p2)
}

func receiverCases() {
	p := Point{1, 2}
	self := p.Self()
	self.X = 100
	fmt.Println(p, self)
	get := p.Get
	p.X = 50
	fmt.Println(get(), p.Get(), p.Bump(), p)
	func() {
		defer p.Show()
		p.Y = 60
	}()
	var wg sync.WaitGroup
	done := make(chan bool)
	wg.Add(1)
	go func() { defer wg.Done(); <-done; p.Show() }()
	close(done)
	wg.Wait()
	var sh Shape = p
	p.X = 0
	fmt.Println(sh.Sum(), p.Sum())
	ptr := &p
	fmt.Println(ptr.Sum(), ptr.Get())
	a, b := p.Half()
	fmt.Println(a, b)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var np *Point
		fmt.Println(np.Sum())
	}()
	v := Vec{1, 2, 3}
	var sv Shape = v
	v[0] = 10
	fmt.Println(v.Sum(), sv.Sum())
	ps := []Point{{1, 1}, {2, 2}}
	sum := 0
	for i := range ps {
		sum += ps[i].Sum()
	}
	mm := map[string]Point{"k": {4, 4}}
	fmt.Println(sum, mm["k"].Sum())
}

func mapRangeCases() {
	m := map[string]Point{"a": {1, 2}}
	var ptrs []*Point
	var fs []func() int
	for k, v := range m {
		ptrs = append(ptrs, &v)
		fs = append(fs, func() int { return v.X })
		v.X = 99
		_ = k
	}
	fmt.Println(*ptrs[0], fs[0](), m)
	km := map[Point]int{{1, 2}: 3}
	for k, v := range km {
		k.X = 50
		fmt.Println(k, v, km)
	}
	sum := 0
	for _, v := range map[int]Point{1: {1, 1}, 2: {2, 2}, 3: {3, 3}} {
		sum += v.Sum() + manhattan(v, Point{})
	}
	fmt.Println(sum)
	var keep []Point
	var firsts []int
	for _, v := range map[int]Point{1: {4, 4}, 2: {4, 4}} {
		keep = append(keep, v)
		firsts = append(firsts, v.X)
	}
	fmt.Println(keep, firsts)
}

// manhattan only reads its parameters: they may be the caller's.
func manhattan(a, b Point) int {
	d := a.X - b.X
	if d < 0 {
		d = -d
	}
	e := a.Y - b.Y
	if e < 0 {
		e = -e
	}
	return d + e
}

// swap writes its parameter: it needs its own copy.
func swap(p Point) Point {
	p.X, p.Y = p.Y, p.X
	return p
}

// echo returns its parameter whole: a copy too.
func echo(p Point) Point { return p }

func paramCases() {
	p := Point{1, 2}
	q := swap(p)
	r := echo(p)
	r.X = 7
	fmt.Println(p, q, r, manhattan(p, q))
	ps := []Point{{1, 5}, {4, 1}}
	fmt.Println(manhattan(ps[0], ps[1]))
	defer func(a Point) { fmt.Println("deferred param", a, manhattan(a, Point{})) }(p)
	go manhattan(p, p)
	p.X = 100
}

func main() {
	mapRangeCases()
	paramCases()
	rangeCases()
	literalCases()
	receiverCases()
}
