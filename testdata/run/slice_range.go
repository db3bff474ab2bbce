package main

import "fmt"

func main() {
	s := []string{"a", "b", "c"}
	for i := range s {
		fmt.Print(i)
	}
	fmt.Println()
	for i, v := range s {
		fmt.Print(i, "=", v, " ")
	}
	fmt.Println()
	for _, v := range s {
		v += "!"
		_ = v
	}
	fmt.Println(s)
	// range evaluates the slice once; appending does not extend the loop
	nums := []int{1, 2, 3}
	for _, v := range nums {
		nums = append(nums, v*10)
	}
	fmt.Println(nums)
	// range over array copies it
	arr := [3]int{1, 2, 3}
	for i, v := range arr {
		arr[2] = 100
		if i == 2 {
			fmt.Println("range over array copy sees", v)
		}
	}
	arr = [3]int{1, 2, 3}
	for i, v := range &arr {
		arr[2] = 100
		if i == 2 {
			fmt.Println("range over array pointer sees", v)
		}
	}
	sl := []int{1, 2, 3}
	for i, v := range sl {
		sl[2] = 100
		if i == 2 {
			fmt.Println("range over slice sees", v)
		}
	}
	for i := range 3 {
		fmt.Print(i, " ")
	}
	fmt.Println()
	for range 2 {
		fmt.Println("twice")
	}
	var n int8 = 4
	for i := range n {
		fmt.Printf("%T%d ", i, i)
	}
	fmt.Println()
	for i := range 0 {
		fmt.Println("never", i)
	}
}
