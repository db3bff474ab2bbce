// Struct and array elements of slices keep their storage: append into
// spare capacity, sorting (sort.Slice, slices.SortFunc and friends),
// reflect.Append and copy write into the elements a pointer taken
// earlier still names, as Go's memory does.
package main

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
)

type P struct{ X, Y int }

type Line struct{ A, B P }

type byX []P

func (b byX) Len() int           { return len(b) }
func (b byX) Less(i, j int) bool { return b[i].X < b[j].X }
func (b byX) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

func show(name string, p *P, s []P) { fmt.Println(name, *p, s) }

func main() {
	assign()
	library()
	more()
}

func assign() {
	pts := make([]P, 3)
	p := &pts[1]
	pts[1] = P{X: 5, Y: 6}
	fmt.Println(*p, pts[1])
	p.X = 9
	fmt.Println(pts)
	arr := [2]P{}
	q := &arr[0]
	arr[0] = P{1, 2}
	fmt.Println(*q)
	var l Line
	r := &l.A
	l.A = P{3, 4}
	fmt.Println(*r)
	l = Line{P{7, 8}, P{9, 10}}
	fmt.Println(*r)
	m := map[int]*P{1: &pts[2]}
	pts[2] = pts[1]
	fmt.Println(*m[1])
	pts[1], pts[2] = pts[2], P{0, 1}
	fmt.Println(pts, *p, *m[1])
	copy(pts, []P{{11, 12}})
	fmt.Println(*(&pts[0]), pts)
	pp := &pts[0]
	pts = append(pts[:0], P{13, 14})
	fmt.Println(*pp)
}

func library() {
	s := []P{{3, 0}, {1, 0}, {2, 0}}
	p := &s[0]
	sort.Slice(s, func(i, j int) bool { return s[i].X < s[j].X })
	show("sort.Slice", p, s)

	s = []P{{3, 0}, {1, 0}, {2, 0}}
	p = &s[0]
	slices.SortFunc(s, func(a, b P) int { return a.X - b.X })
	show("slices.SortFunc", p, s)

	s = []P{{3, 0}, {1, 0}, {2, 0}}
	p = &s[0]
	slices.Reverse(s)
	show("slices.Reverse", p, s)

	s = []P{{3, 0}, {1, 0}, {2, 0}}
	p = &s[0]
	sw := reflect.Swapper(s)
	sw(0, 2)
	show("Swapper", p, s)

	s = make([]P, 3, 10)
	p = &s[1]
	s = slices.Insert(s, 0, P{9, 9})
	show("slices.Insert", p, s)

	s = []P{{1, 1}, {2, 2}, {3, 3}}
	p = &s[2]
	s2 := slices.Delete(s, 0, 1)
	show("slices.Delete", p, s2)

	s = []P{{1, 1}, {2, 2}, {3, 3}}
	p = &s[1]
	clear(s)
	show("clear", p, s)

	s = make([]P, 1, 4)
	s = append(s, P{1, 1})
	p = &s[1]
	s = s[:1]
	s = append(s, []P{{5, 5}}...)
	show("append...", p, s)

	a := [3]P{{1, 1}, {2, 2}, {3, 3}}
	pa := &a[1]
	a = [3]P{{7, 7}, {8, 8}, {9, 9}}
	fmt.Println("array assign", *pa)

	ch := make(chan P, 1)
	ch <- P{4, 4}
	arr := make([]P, 1)
	pc := &arr[0]
	arr[0] = <-ch
	fmt.Println("chan recv", *pc)

	rs := []P{{1, 1}, {2, 2}}
	pr := &rs[0]
	reflect.ValueOf(rs).Index(0).Set(reflect.ValueOf(P{6, 6}))
	fmt.Println("reflect Set", *pr)
	reflect.Copy(reflect.ValueOf(rs), reflect.ValueOf([]P{{8, 8}}))
	fmt.Println("reflect Copy", *pr)
	rv := reflect.Append(reflect.ValueOf(rs[:0]), reflect.ValueOf(P{5, 5}))
	fmt.Println("reflect Append", *pr, rv.Index(0))

	type W struct{ In P }
	ws := []W{{P{1, 1}}}
	pw := &ws[0].In
	ws[0] = W{P{2, 2}}
	fmt.Println("nested", *pw)
	ws = append(ws[:0], W{P{3, 3}})
	fmt.Println("nested append", *pw)

	m := map[string][2]P{}
	m["a"] = [2]P{{1, 1}}
	x := m["a"]
	x[0].X = 100
	fmt.Println("map copy", m["a"], x)

	sl := slices.Clone(s)
	pq := &s[0]
	s = slices.Concat(s[:0], sl)
	fmt.Println("concat", *pq == s[0])

	s = []P{{1, 1}, {2, 2}, {3, 3}}
	p = &s[2]
	s = slices.Compact(append(s[:1], P{1, 1}))
	fmt.Println("compact", *p, s)
	s = []P{{1, 1}, {2, 2}, {3, 3}}
	p = &s[0]
	s = slices.DeleteFunc(s, func(q P) bool { return q.X == 1 })
	fmt.Println("deletefunc", *p, s)
}

func more() {
	s := []P{{3, 0}, {1, 0}, {2, 0}}
	p := &s[0]
	sort.Sort(byX(s))
	fmt.Println("sort.Sort", *p)
	s = []P{{3, 0}, {1, 0}, {2, 0}}
	p = &s[0]
	sort.SliceStable(s, func(i, j int) bool { return s[i].X < s[j].X })
	fmt.Println("SliceStable", *p)
	s = []P{{3, 0}, {1, 0}, {2, 0}}
	p = &s[0]
	slices.SortStableFunc(s, func(a, b P) int { return a.X - b.X })
	fmt.Println("SortStableFunc", *p)
	a2 := [][2]int{{3, 3}, {1, 1}}
	q := &a2[0]
	slices.SortFunc(a2, func(a, b [2]int) int { return a[0] - b[0] })
	fmt.Println("arrays", *q, a2)
	q = &a2[1]
	a2 = append(a2[:1], [2]int{7, 7})
	fmt.Println("arrays append", *q)
	*p = P{42, 42}
	fmt.Println("store through", s[0])
	s = make([]P, 0, 4)
	s = append(s, P{1, 1}, P{2, 2})
	p = &s[1]
	s = append(s[:1], s[1:]...)
	fmt.Println("self append", *p, s)
	s = append(s[:0], s[1:]...)
	fmt.Println("delete idiom", *p, s)
	t := s[:cap(s)]
	fmt.Println("spare", t[len(s):])
	js := []P{{1, 1}, {2, 2}}
	p = &js[0]
	json.Unmarshal([]byte(`[{"X":5}]`), &js)
	fmt.Println("json", *p, js)
}
