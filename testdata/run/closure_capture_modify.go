package main

import "fmt"

type Event struct {
	Name     string
	Handlers []func(string) string
}

func main() {
	prefix := "[v1]"
	format := func(s string) string { return prefix + " " + s }
	fmt.Println(format("hello"))
	prefix = "[v2]"
	fmt.Println(format("hello"))
	ev := Event{Name: "click"}
	for i, tag := range []string{"a", "b", "c"} {
		ev.Handlers = append(ev.Handlers, func(s string) string {
			return fmt.Sprintf("%d:%s:%s", i, tag, s)
		})
	}
	for _, h := range ev.Handlers {
		fmt.Println(h(ev.Name))
	}
	total := 0
	add := func(ns ...int) {
		for _, n := range ns {
			total += n
		}
	}
	add(1, 2)
	add(3)
	fmt.Println("total", total)
	arr := [3]int{1, 2, 3}
	sl := []int{1, 2, 3}
	change := func() {
		arr[0] = 100
		sl[0] = 100
	}
	change()
	fmt.Println(arr, sl)
	ptr := &arr
	swapper := func() { ptr = &[3]int{7, 7, 7} }
	swapper()
	fmt.Println(*ptr, arr)
}
