package main

import "fmt"

type Point struct {
	X, Y int
}

type Rect struct {
	Min, Max Point
	Label    string
}

func main() {
	var p Point
	fmt.Println(p)
	p.X = 3
	q := Point{Y: 4}
	r := Point{1, 2}
	fmt.Println(p, q, r)
	fmt.Printf("%v %+v %#v\n", r, r, r)
	rect := Rect{Min: Point{0, 0}, Max: Point{10, 5}, Label: "box"}
	fmt.Println(rect)
	fmt.Printf("%+v\n", rect)
	rect.Max.X = 20
	fmt.Println(rect.Max, rect.Max.X-rect.Min.X)
	copyRect := rect
	copyRect.Min.Y = -1
	copyRect.Label = "copy"
	fmt.Println(rect, copyRect)
	fmt.Println(p == Point{3, 0}, q != r)
	pp := &rect.Min
	pp.X = 7
	fmt.Println(rect.Min)
	anon := struct {
		Name string
		Tags []string
	}{"anon", []string{"a", "b"}}
	fmt.Println(anon, anon.Name)
	fmt.Printf("%+v\n", anon)
	var empty struct{}
	fmt.Println(empty)
	pts := []Point{{1, 1}, {2, 2}}
	fmt.Println(pts)
	ptrs := []*Point{{5, 5}}
	fmt.Println(*ptrs[0], ptrs[0].X)
}
