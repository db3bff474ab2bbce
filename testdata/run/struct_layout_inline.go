// Slices and arrays of flat structs store their elements inline (one
// backing array, element i's fields at ptr + i*K words): element
// pointers are interior pointers, and every operation that moves
// elements must move their contents.
package main

import (
	"encoding/json"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"unsafe"
)

type Point struct{ X, Y int }

// Narrow, string, float and pointer fields: still one slot each inline.
type Rec struct {
	Name string
	Age  int32
	Ok   bool
	F    float32
	Next *Point
	Tags []string
}

// Not flat: its array field is an aggregate (the array itself is inline).
type Poly struct {
	Name string
	Pts  [3]Point
}

func copies() {
	a := [3]Point{{1, 2}, {3, 4}, {5, 6}}
	b := a
	b[0].X = 9
	fmt.Println(a, b, a == b)
	b[0].X = 1
	fmt.Println(a == b, a != b)
	var grid [2][2]Point
	grid[1][0].Y = 3
	g2 := grid
	g2[1][0].Y = 4
	fmt.Println(grid, g2, grid == g2)
	p := Poly{Name: "tri", Pts: a}
	q := p
	q.Pts[2].Y = -6
	fmt.Println(p, q)
	s := a[:]
	s[1].Y = 40
	fmt.Println(a[1], s[1])
	x := s[1]
	s[1].X = 30
	fmt.Println(x, s[1])
	fmt.Println(Point{1, 2} == s[0], [2]Point{{1, 2}, {30, 40}} == [2]Point(s[:2]))
}

func fields() {
	s := make([]Point, 3)
	for i := range s {
		s[i] = Point{i, i * 10}
	}
	s[1].X = 100
	s[2].Y += 5
	p := &s[0]
	p.Y = 77
	fmt.Println(s, *p, len(s), cap(s))
	fmt.Printf("%v %+v\n", s, s)
	arr := [3]Point{{1, 2}, {3, 4}}
	fmt.Printf("%v %+v %d\n", arr, arr, len(arr))
	rs := []Rec{{Name: "a", Age: -1, Ok: true, F: 1.5}, {Name: "b", Age: 1 << 30, F: -0.25}}
	rs[0].Next = &s[1]
	rs[1].Tags = append(rs[1].Tags, "t1", "t2")
	rs[0].Next.Y = 11
	fmt.Println(rs[0].Name, rs[0].Age, rs[0].Ok, rs[0].F, *rs[0].Next, rs[1].Tags, rs[1].Age, s[1])
}

func growth() {
	s := make([]Point, 2, 3)
	p := &s[0]
	s = append(s, Point{5, 5}) // within capacity: same array
	fmt.Println(p == &s[0])
	p.X = 1
	fmt.Println(s[0].X)
	s = append(s, Point{6, 6}) // grows: a new array holding copies
	fmt.Println(p == &s[0])
	p.X = 2
	fmt.Println(s[0].X, p.X, len(s), cap(s) >= 4)
	t := append(s[:1], s[2:]...) // overlapping move
	fmt.Println(t, s)
	u := slices.Insert(slices.Clone(t), 1, Point{-1, -1}, Point{-2, -2})
	fmt.Println(u, t)
	u = slices.Delete(u, 0, 2)
	fmt.Println(u)
}

func survive() {
	t := make([]Point, 1000)
	for i := range t {
		t[i] = Point{i, -i}
	}
	r := &t[500]
	rs := make([]Rec, 100)
	for i := range rs {
		rs[i] = Rec{Name: strings.Repeat("n", i%7+1), Next: &Point{i, i}, Tags: []string{fmt.Sprint(i)}}
	}
	last := &rs[99]
	t, rs = nil, nil
	for i := 0; i < 5; i++ {
		runtime.GC()
		junk := make([]Point, 10000)
		junk[0].X = i
		_ = make([]Rec, 1000)
	}
	fmt.Println(*r, last.Name, *last.Next, last.Tags)
	r.X++
	fmt.Println(*r)
}

func copyOverlap() {
	u := []Point{{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}}
	fmt.Println(copy(u[1:], u), u)
	fmt.Println(copy(u, u[2:]), u)
	var a [4]Point
	fmt.Println(copy(a[:], u), a)
}

func sorts() {
	v := []Point{{3, 1}, {1, 2}, {2, 3}, {5, 0}, {4, 4}}
	p := &v[0]
	sort.Slice(v, func(i, j int) bool { return v[i].X < v[j].X })
	fmt.Println(v, *p)
	slices.SortFunc(v, func(a, b Point) int { return b.Y - a.Y })
	fmt.Println(v)
	sw := reflect.Swapper(v)
	sw(0, 4)
	fmt.Println(v)
	slices.Reverse(v)
	fmt.Println(v)
	sort.SliceStable(v, func(i, j int) bool { return v[i].X%2 < v[j].X%2 })
	fmt.Println(v, slices.Index(v, Point{5, 0}), slices.Contains(v, Point{9, 9}))
}

func jsonTrip() {
	v := []Point{{1, 2}, {3, 4}}
	js, err := json.Marshal(v)
	fmt.Println(string(js), err)
	var w []Point
	fmt.Println(json.Unmarshal(js, &w), w)
	var a [3]Point
	fmt.Println(json.Unmarshal([]byte(`[{"X":7},{"Y":8}]`), &a), a)
	rs := []Rec{{Name: "x", Age: 3, Tags: []string{"a"}}}
	js, _ = json.Marshal(rs)
	var back []Rec
	fmt.Println(string(js), json.Unmarshal(js, &back), back[0].Name, back[0].Age, back[0].Tags)
}

func reflects() {
	ns := []Rec{{Name: "a", Age: 1}, {Name: "b", Age: 2}, {Name: "c"}}
	rv := reflect.ValueOf(ns)
	rv.Index(1).Field(0).SetString("rv")
	rv.Index(2).Set(reflect.ValueOf(Rec{Name: "set", Age: 9}))
	fmt.Println(ns[1].Name, ns[2].Name, ns[2].Age)
	ms := reflect.MakeSlice(reflect.TypeOf([]Point{}), 2, 4)
	ms.Index(1).Field(1).SetInt(5)
	ms = reflect.Append(ms, reflect.ValueOf(Point{7, 7}))
	fmt.Println(ms.Interface(), ms.Len(), ms.Cap())
	dst := make([]Point, 2)
	fmt.Println(reflect.Copy(reflect.ValueOf(dst), ms), dst)
	fmt.Println(reflect.DeepEqual(dst, []Point{{0, 0}, {0, 5}}))
}

func mapsAndRange() {
	m := map[string][]Point{"a": {{1, 1}, {2, 2}}}
	m["a"][0].X = 42
	m["b"] = append(m["b"], Point{3, 3})
	fmt.Println(m)
	ma := map[[2]Point]int{{{1, 2}, {3, 4}}: 1}
	ma[[2]Point{{1, 2}, {3, 4}}]++
	fmt.Println(ma)
	v := []Point{{1, 2}, {3, 4}}
	var ps []*Point
	for i, e := range v {
		e.X = 0
		v[i].Y = e.X + 10*i
		ps = append(ps, &e)
	}
	fmt.Println(v, *ps[0], *ps[1])
	for i := range v {
		ps[i] = &v[i]
	}
	ps[1].X = 8
	fmt.Println(v)
	var arr [2]Point
	for _, e := range arr {
		arr[1].X = 5 // range over an array value copies the array
		fmt.Print(e, " ")
	}
	fmt.Println(arr)
	ch := make(chan Point, 2)
	ch <- v[0]
	v[0].X = -5
	fmt.Println(<-ch, v[0])
	var any1 any = v[1]
	v[1].Y = -7
	fmt.Println(any1, v[1])
}

func sizes() {
	var p Point
	var r Rec
	var a [3]Point
	fmt.Println(unsafe.Sizeof(p), unsafe.Sizeof(r), unsafe.Sizeof(a), unsafe.Sizeof([]Point{}))
	s := []Point{{1, 2}, {3, 4}}
	fmt.Println(uintptr(unsafe.Pointer(&s[1]))-uintptr(unsafe.Pointer(&s[0])) == unsafe.Sizeof(p))
}

func main() {
	copies()
	fields()
	growth()
	survive()
	copyOverlap()
	sorts()
	jsonTrip()
	reflects()
	mapsAndRange()
	sizes()
}
