package main

import "fmt"

func main() {
	var fs []func() int
	for i := 0; i < 3; i++ {
		fs = append(fs, func() int { return i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()

	var gs []func() string
	for _, s := range []string{"a", "b", "c"} {
		gs = append(gs, func() string { return s })
	}
	for _, g := range gs {
		fmt.Print(g(), " ")
	}
	fmt.Println()

	var ps []*int
	for i := 0; i < 3; i++ {
		ps = append(ps, &i)
	}
	for _, p := range ps {
		fmt.Print(*p, " ")
	}
	fmt.Println()

	// modification inside body affects the copy for the next iteration
	var hs []func() int
	for i := 0; i < 6; i++ {
		hs = append(hs, func() int { return i * 10 })
		i++
	}
	for _, h := range hs {
		fmt.Print(h(), " ")
	}
	fmt.Println()

	// shared variable declared outside the loop
	var shared []func() int
	j := 0
	for j = 0; j < 3; j++ {
		shared = append(shared, func() int { return j })
	}
	for _, f := range shared {
		fmt.Print(f(), " ")
	}
	fmt.Println()

	var rs []func() int
	for i := range 4 {
		rs = append(rs, func() int { return i * i })
	}
	for _, r := range rs {
		fmt.Print(r(), " ")
	}
	fmt.Println()
}
