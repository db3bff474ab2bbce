package main

import "fmt"

func sum(nums ...int) int {
	total := 0
	for _, n := range nums {
		total += n
	}
	return total
}

func describe(prefix string, vals ...interface{}) string {
	return fmt.Sprint(prefix, len(vals), vals)
}

func modify(xs ...int) {
	if len(xs) > 0 {
		xs[0] = 999
	}
}

func main() {
	fmt.Println(sum())
	fmt.Println(sum(1))
	fmt.Println(sum(1, 2, 3, 4))
	nums := []int{10, 20, 30}
	fmt.Println(sum(nums...))
	fmt.Println(describe("none:"))
	fmt.Println(describe("some:", 1, "a", true))
	ifs := []interface{}{1.5, "x"}
	fmt.Println(describe("spread:", ifs...))
	modify(nums...)
	fmt.Println("after modify via spread:", nums)
	modify(1, 2, 3)
	fmt.Println(nums)
	var nilSlice []int
	fmt.Println(sum(nilSlice...))
	f := sum
	fmt.Println(f(5, 5))
	fmt.Printf("%T\n", f)
	appendAll := func(dst []string, more ...string) []string {
		return append(dst, more...)
	}
	fmt.Println(appendAll([]string{"a"}, "b", "c"))
}
