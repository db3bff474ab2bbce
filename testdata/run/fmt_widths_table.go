package main

import "fmt"

type row struct {
	name  string
	qty   int
	price float64
}

func main() {
	rows := []row{{"apple", 3, 0.5}, {"watermelon", 1, 3.999}, {"fig", 12, 0.25}, {"日本", 2, 10}}
	fmt.Printf("|%-12s|%5s|%9s|\n", "item", "qty", "price")
	fmt.Printf("|%s|%s|%s|\n", "------------", "-----", "---------")
	total := 0.0
	for _, r := range rows {
		fmt.Printf("|%-12s|%5d|%9.2f|\n", r.name, r.qty, r.price)
		total += float64(r.qty) * r.price
	}
	fmt.Printf("|%12s|%5s|%9.3f|\n", "total", "", total)
	for _, w := range []int{1, 3, 6} {
		fmt.Printf("[%*s] [%-*s] [%*d]\n", w, "ab", w, "ab", w, -5)
	}
	fmt.Printf("[%6.2v] [%-8v] [%8v]\n", 3.14159, true, nil)
	fmt.Printf("[%10v] [%-10v]\n", []int{1, 2}, map[string]int{"a": 1})
	fmt.Printf("[%6v] [%-6v] [%06v]\n", row{"x", 1, 1}, "s", 42)
	fmt.Printf("[%+5d] [%+-5d] [% 5d] [%- 5d]\n", 3, 3, 3, 3)
	fmt.Printf("[%x] [%10x] [%-10X]\n", "hey", "hey", "hey")
	fmt.Printf("[%5.1q]\n", "hello")
	fmt.Printf("[%08.3f] [%-08.3f] [%+08.3f]\n", -3.14159, 3.14159, 3.14159)
}
