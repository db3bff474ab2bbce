package main

import "fmt"

func main() {
	src := []int{1, 2, 3, 4, 5}
	dst := make([]int, 3)
	n := copy(dst, src)
	fmt.Println(n, dst)
	n = copy(src[1:], src)
	fmt.Println(n, src)
	bs := make([]byte, 4)
	n = copy(bs, "héllo")
	fmt.Println(n, bs)
	// delete index 2
	s := []int{10, 20, 30, 40, 50}
	s = append(s[:2], s[3:]...)
	fmt.Println(s, len(s), cap(s))
	// insert at 1
	s = append(s[:1], append([]int{15}, s[1:]...)...)
	fmt.Println(s)
	// reverse
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
	fmt.Println(s)
	// clone
	clone := append([]int(nil), s...)
	clone[0] = 0
	fmt.Println(s, clone)
	// 2D
	grid := make([][]rune, 3)
	for i := range grid {
		grid[i] = make([]rune, 4)
		for j := range grid[i] {
			grid[i][j] = '.'
		}
	}
	grid[1][2] = '#'
	for _, row := range grid {
		fmt.Println(string(row))
	}
	// clear and min/max
	m := []int{5, 3, 8}
	clear(m)
	fmt.Println(m, len(m))
	fmt.Println(min(3, 1, 2), max(3, 1, 2), min(2.5, 1), max("a", "b"))
}
