package main

import (
	"fmt"
	"iter"
	"sort"
	"sync"
)

func Count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func Keys[K comparable, V any](m map[K]V) iter.Seq[K] {
	return func(yield func(K) bool) {
		ks := make([]K, 0, len(m))
		for k := range m {
			ks = append(ks, k)
		}
		sort.Slice(ks, func(i, j int) bool { return fmt.Sprint(ks[i]) < fmt.Sprint(ks[j]) })
		for _, k := range ks {
			if !yield(k) {
				return
			}
		}
	}
}

func Sum[T int | float64](s iter.Seq[T]) T {
	var t T
	for v := range s {
		t += v
	}
	return t
}

func Floats(xs ...float64) iter.Seq[float64] {
	return func(yield func(float64) bool) {
		for _, x := range xs {
			if !yield(x) {
				return
			}
		}
	}
}

// Calls yield from other goroutines, one at a time.
func Async(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			var wg sync.WaitGroup
			ok := true
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok = yield(i)
			}()
			wg.Wait()
			if !ok {
				return
			}
		}
	}
}

func withDefers() (out []string) {
	defer func() { out = append(out, "outer defer") }()
	for i := range Count(3) {
		defer func() { out = append(out, fmt.Sprint("body defer ", i)) }()
		if i == 1 {
			return []string{"returned at 1"}
		}
	}
	return nil
}

func recoverInOuter() (res string) {
	defer func() {
		if r := recover(); r != nil {
			res = fmt.Sprint("recovered ", r)
		}
	}()
	for i := range Count(5) {
		for j := range Count(5) {
			if i == 2 && j == 3 {
				var a []int
				_ = a[i+j]
			}
		}
	}
	return "no panic"
}

func gotoOut() int {
	n := 0
	for i := range Count(10) {
		for j := range Count(10) {
			if i*j > 20 {
				goto found
			}
			n++
		}
	}
	return -1
found:
	return n
}

func labeledRegular() []int {
	var got []int
outer:
	for i := 0; i < 4; i++ {
		for j := range Count(4) {
			if j > i {
				continue outer
			}
			if i == 3 {
				break outer
			}
			got = append(got, i*10+j)
		}
	}
	return got
}

type Deck struct{ cards []string }

func (d Deck) All(yield func(int, string) bool) {
	for i, c := range d.cards {
		if !yield(i, c) {
			return
		}
	}
}

func main() {
	fmt.Println(Sum(Count(101)))
	fmt.Println(Sum(Floats(1.5, 2.25, 3)))
	for k := range Keys(map[string]int{"b": 2, "a": 1, "c": 3}) {
		fmt.Print(k, " ")
	}
	fmt.Println()
	total := 0
	for v := range Async(5) {
		if v == 4 {
			break
		}
		total += v
	}
	fmt.Println("async total", total)
	fmt.Println(withDefers())
	fmt.Println(recoverInOuter())
	fmt.Println(gotoOut())
	fmt.Println(labeledRegular())
	var idx int
	var card string
	for idx, card = range (Deck{[]string{"A", "K", "Q"}}).All {
		if card == "K" {
			break
		}
	}
	fmt.Println(idx, card)
	arr := make([]string, 3)
	i := 0
	for i, arr[i] = range (Deck{[]string{"x", "y", "z"}}).All {
		_ = arr
		break
	}
	fmt.Println(i, arr)
	f := func() (int, string) {
		for i, c := range (Deck{[]string{"p", "q"}}).All {
			if c == "q" {
				return i, c
			}
		}
		return -1, ""
	}
	fmt.Println(f())
	ch := make(chan int, 10)
	for v := range Count(6) {
		select {
		case ch <- v:
			if v == 2 {
				break
			}
		default:
		}
	}
	close(ch)
	for v := range ch {
		fmt.Print(v)
	}
	fmt.Println()
	var counters []func() int
	for v := range Count(3) {
		c := v * 100
		counters = append(counters, func() int { c++; return c + v })
	}
	for _, c := range counters {
		fmt.Print(c(), c(), " ")
	}
	fmt.Println()
	sq := func(yield func(int, int) bool) {
		for i := range 5 {
			if !yield(i, i*i) {
				break
			}
		}
	}
	for a, b := range sq {
		fmt.Print(a, ":", b, " ")
	}
	fmt.Println()
	for a := range sq {
		fmt.Print(a)
	}
	fmt.Println()
}
