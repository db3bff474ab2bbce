package main

import "fmt"

type point struct{ x, y int }

func inc(p *int) { *p++ }

func move(p *point, dx int) {
	p.x += dx
	(*p).y += dx * 2
}

func main() {
	n := 1
	inc(&n)
	inc(&n)
	fmt.Println("n =", n)
	pp := &n
	ppp := &pp
	**ppp = 42
	fmt.Println(n, *pp == n, pp == &n)
	p := point{1, 2}
	move(&p, 3)
	fmt.Println(p)
	q := &point{10, 20}
	move(q, -1)
	fmt.Println(*q, q.x, q.y)
	np := new(int)
	fmt.Println(*np)
	*np = 7
	fmt.Println(*np)
	ps := new(point)
	ps.y = 9
	fmt.Println(*ps)
	arr := [3]int{1, 2, 3}
	ap := &arr[1]
	*ap = 20
	fmt.Println(arr)
	pa := &arr
	pa[2] = 30
	fmt.Println(arr, len(pa))
	var nilp *point
	fmt.Println(nilp == nil, q != nil)
}
