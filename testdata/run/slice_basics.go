package main

import "fmt"

func main() {
	var s []int
	fmt.Println(s, len(s), cap(s), s == nil)
	s = append(s, 1)
	fmt.Println(s, len(s), cap(s))
	s = append(s, 2, 3)
	fmt.Println(s, len(s), cap(s))
	s = append(s, 4, 5)
	fmt.Println(s, len(s), cap(s))
	t := make([]string, 3)
	t[1] = "mid"
	fmt.Printf("%q %d %d\n", t, len(t), cap(t))
	u := make([]int, 2, 5)
	fmt.Println(u, len(u), cap(u))
	lit := []float64{1.5, 2, 3.25}
	fmt.Println(lit)
	nested := [][]int{{1}, {2, 3}, {}}
	fmt.Println(nested, len(nested[2]))
	empty := []int{}
	fmt.Println(empty == nil, len(empty))
	idx := []string{2: "c", 0: "a", 4: "e"}
	fmt.Printf("%q\n", idx)
	bs := append([]byte("hi "), "there"...)
	fmt.Println(string(bs))
}
