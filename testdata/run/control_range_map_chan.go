package main

import (
	"fmt"
	"sort"
)

func main() {
	m := map[string]int{"x": 1, "y": 2, "z": 3}
	keys := []string{}
	sum := 0
	for k, v := range m {
		keys = append(keys, k)
		sum += v
	}
	sort.Strings(keys)
	fmt.Println(keys, sum)
	ch := make(chan int, 5)
	for i := 0; i < 5; i++ {
		ch <- i * i
	}
	close(ch)
	for v := range ch {
		fmt.Print(v, " ")
	}
	fmt.Println()
	v, ok := <-ch
	fmt.Println("closed:", v, ok)
	str := "héllo"
	for i, r := range str {
		fmt.Printf("%d:%c ", i, r)
	}
	fmt.Println()
	arr := [...]int{5, 6, 7}
	for i := range arr {
		arr[i] *= 2
	}
	fmt.Println(arr)
	var nilSlice []int
	for range nilSlice {
		fmt.Println("never")
	}
	fmt.Println("done")
}
