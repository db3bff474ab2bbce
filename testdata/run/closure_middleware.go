package main

import (
	"fmt"
	"strings"
)

type Handler func(req string) string

type Middleware func(Handler) Handler

func logging(log *[]string) Middleware {
	return func(next Handler) Handler {
		return func(req string) string {
			*log = append(*log, "before "+req)
			resp := next(req)
			*log = append(*log, "after "+req)
			return resp
		}
	}
}

func upper(next Handler) Handler {
	return func(req string) string { return strings.ToUpper(next(req)) }
}

func exclaim(n int) Middleware {
	return func(next Handler) Handler {
		return func(req string) string { return next(req) + strings.Repeat("!", n) }
	}
}

func chain(h Handler, ms ...Middleware) Handler {
	for i := len(ms) - 1; i >= 0; i-- {
		h = ms[i](h)
	}
	return h
}

func main() {
	var log []string
	hello := func(req string) string { return "hello " + req }
	h := chain(hello, logging(&log), upper, exclaim(2))
	fmt.Println(h("bob"))
	fmt.Println(h("amy"))
	fmt.Println(strings.Join(log, "; "))
	plain := chain(hello)
	fmt.Println(plain("x"))
	memo := func(f func(int) int) func(int) int {
		cache := map[int]int{}
		return func(n int) int {
			if v, ok := cache[n]; ok {
				return v
			}
			v := f(n)
			cache[n] = v
			return v
		}
	}
	calls := 0
	slowSquare := func(n int) int { calls++; return n * n }
	fast := memo(slowSquare)
	fmt.Println(fast(4), fast(4), fast(5), calls)
}
