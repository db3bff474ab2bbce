package main

import "fmt"

func main() {
	var a [4]int
	fmt.Println(a, len(a))
	b := [...]string{"x", "y", "z"}
	fmt.Println(b, len(b))
	c := b
	c[0] = "changed"
	fmt.Println(b, c)
	fmt.Println(b == [3]string{"x", "y", "z"}, b != c)
	var grid [2][3]int
	grid[1][2] = 5
	g2 := grid
	g2[0][0] = 1
	fmt.Println(grid, g2)
	type pair [2]int
	ps := []pair{{1, 2}, {3, 4}}
	for _, p := range ps {
		p[0] = 0
	}
	fmt.Println(ps)
	for i := range ps {
		ps[i][0] = 0
	}
	fmt.Println(ps)
	m := map[[2]int]string{{0, 0}: "origin", {1, 2}: "p"}
	fmt.Println(m[[2]int{1, 2}], m[[2]int{0, 0}], len(m))
	sl := a[:]
	sl[3] = 9
	fmt.Println(a)
	fmt.Printf("%v %T\n", b, b)
	arrp := &[3]int{7, 8, 9}
	for i, v := range arrp {
		fmt.Print(i, v, ";")
	}
	fmt.Println(len(arrp))
	idx := [5]int{1: 10, 3: 30}
	fmt.Println(idx)
}
