package main

import "fmt"

func Counter[T ~int | ~float64](step T) func() T {
	var n T
	return func() T {
		n += step
		return n
	}
}

func Memo[K comparable, V any](f func(K) V) func(K) V {
	cache := map[K]V{}
	return func(k K) V {
		if v, ok := cache[k]; ok {
			return v
		}
		v := f(k)
		cache[k] = v
		return v
	}
}

func Compose[A, B, C any](f func(A) B, g func(B) C) func(A) C {
	return func(a A) C { return g(f(a)) }
}

func Each[T any](xs []T) func(func(int, T)) {
	return func(yield func(int, T)) {
		for i, x := range xs {
			inner := func() { yield(i, x) }
			inner()
		}
	}
}

func main() {
	c := Counter(2)
	c()
	fmt.Println(c(), c())
	cf := Counter(0.5)
	cf()
	fmt.Println(cf())
	calls := 0
	sq := Memo(func(i int) int { calls++; return i * i })
	fmt.Println(sq(4), sq(4), sq(5), calls)
	h := Compose(func(i int) string { return fmt.Sprint(i) }, func(s string) int { return len(s) })
	fmt.Println(h(12345))
	Each([]string{"x", "y"})(func(i int, s string) { fmt.Println(i, s) })
}
