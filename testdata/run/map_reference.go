package main

import "fmt"

func fill(m map[int]int, n int) {
	for i := 0; i < n; i++ {
		m[i] = i * i
	}
}

func reset(m map[int]int) {
	m = map[int]int{-1: -1}
	m[-2] = -2
}

func main() {
	m := map[int]int{}
	fill(m, 5)
	fmt.Println(m)
	reset(m)
	fmt.Println(m)
	m2 := m
	m2[100] = 100
	fmt.Println(len(m), m[100])
	big := map[int]int{}
	for i := 0; i < 10000; i++ {
		big[i%1000] += i
	}
	total := 0
	for _, v := range big {
		total += v
	}
	fmt.Println(len(big), total, big[999])
	set := map[string]struct{}{}
	for _, w := range []string{"a", "b", "a", "c", "b"} {
		set[w] = struct{}{}
	}
	fmt.Println(len(set), set)
	var zero map[string][]int
	fmt.Println(zero["x"] == nil, len(zero["x"]))
	lst := map[string][]int{}
	lst["k"] = append(lst["k"], 1)
	lst["k"] = append(lst["k"], 2)
	fmt.Println(lst)
	fmt.Println(fmt.Sprint(map[string]int{"z": 26, "a": 1, "m": 13}))
}
