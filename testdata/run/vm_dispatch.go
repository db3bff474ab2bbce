package main

import (
	"fmt"
	"math"
)

type Celsius int32
type Flag bool

//go:noinline
func divs64(x int64) []int64 {
	return []int64{x / 3, x % 3, x / -3, x % -3, x / 1_000_000, x % 1_000_000,
		x / -1_000_003, x % -1_000_003, x / 7919, x % 7919, x / 1024, x % 1024,
		x / -4096, x % -4096, x / math.MaxInt32, x % math.MaxInt32,
		x / math.MinInt32, x % math.MinInt32, x / 2, x % 2, x / -2, x % -2}
}

func main() {
	// Signed division and remainder by constants (multiply-by-magic).
	for _, x := range []int64{math.MinInt64, math.MinInt64 + 1, -1_000_000_007, -7919 * 3, -4096,
		-7, -6, -3, -2, -1, 0, 1, 2, 3, 5, 6, 4095, 4096, 7919 * 3, 999_999, 1_000_000,
		1 << 40, math.MaxInt64 - 1, math.MaxInt64} {
		fmt.Println(x, divs64(x))
	}
	for _, x := range []int{math.MinInt, -100, -97, -1, 0, 96, 97, 98, math.MaxInt} {
		fmt.Println(x/97, x%97, x/-97, x%-97, x/100_000, x%100_000)
	}
	for _, x := range []int8{math.MinInt8, -127, -100, -7, -1, 0, 1, 7, 100, math.MaxInt8} {
		fmt.Println(x, x/3, x%3, x/-3, x%-3, x/-128, x%-128, x/127, x%127, x/64, x%-64)
	}
	for _, x := range []int16{math.MinInt16, -1000, -1, 0, 999, math.MaxInt16} {
		fmt.Println(x, x/10, x%10, x/-10, x%-10, x/-32768, x%-32768, x/300, x%300)
	}
	for _, x := range []Celsius{math.MinInt32, -5, 0, 5, math.MaxInt32} {
		fmt.Println(x, x/9, x%9, x/-1_000_000, x%-1_000_000, x/math.MinInt32, x%math.MinInt32)
	}
	// Counting loops with <=, at a register bound and at constants.
	n, s := 10, 0
	for i := 2; i <= n; i++ {
		s += i
	}
	for i := 0; i <= 32767; i++ {
		s++
	}
	for i := 5; i <= 4; i++ {
		s += 1000
	}
	for i := math.MaxInt64 - 3; i <= math.MaxInt64-1; i++ {
		s += 7
	}
	fmt.Println(s)
	// Range loops: the key is a copy the body may change; captured keys
	// are fresh per iteration.
	xs := []int{10, 20, 30, 40}
	for i := range xs {
		if i == 1 {
			i += 2
		}
		fmt.Print(i, " ")
	}
	var fs []func() int
	for i := range xs {
		fs = append(fs, func() int { return i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	var ps []*int
	for i := range 3 {
		ps = append(ps, &i)
	}
	fmt.Println(*ps[0], *ps[1], *ps[2])
	// The slice reassigned or grown in the body: the loop runs over the
	// original length, indexing sees the new slice.
	for i := range xs {
		xs = append(xs, i)
		xs[i] *= 2
		if i == 1 {
			xs = xs[:2]
		}
	}
	fmt.Println(xs, len(xs))
	var k8 int8
	for k8 = range int8(5) {
		k8 += 0
	}
	for j := range int8(127) {
		if j > 125 {
			fmt.Println("int8 range", j)
		}
	}
	for i, x := range [3]int{7, 8, 9} {
		i *= x
		fmt.Print(i, " ")
	}
	fmt.Println(k8)
	// `i < len(s)` loops: s unchanged, appended to, shortened, changed
	// through a pointer or a closure.
	ys := []int{1, 2, 3, 4, 5}
	t := 0
	for i := 0; i < len(ys); i++ {
		t += ys[i]
	}
	for i := 0; i < len(ys); i++ {
		if i == 4 {
			ys = append(ys, 6)
		}
		t += i
	}
	for i := 0; i < len(ys); i++ {
		if i == 2 {
			ys = ys[:3]
		}
		t += 10 * i
	}
	py := &ys
	for i := 0; i < len(ys); i++ {
		*py = (*py)[:1]
		t += 100
	}
	shrink := func() { ys = ys[1:] }
	ys = []int{1, 2, 3, 4, 5, 6}
	for i := 0; i < len(ys); i++ {
		shrink()
		t += 1000
	}
	str := "héllo"
	for i := 0; i < len(str); i++ {
		t += int(str[i])
	}
	fmt.Println(t, ys)
	// Constant stores into slices of every integer kind and bools.
	bs := make([]bool, 3)
	bs[1] = true
	fl := make([]Flag, 2)
	fl[0] = true
	i8s := make([]int8, 2)
	i8s[0], i8s[1] = -5, 127
	i8s[1] = -128
	u8s := make([]uint8, 2)
	u8s[1] = 200
	u16s := []uint16{1, 2}
	u16s[0] = 65535
	i64s := []int64{0, 0}
	i64s[1] = -32767
	var arr [4]int
	arr[3] = 9
	pa := &arr
	pa[2] = -1
	fmt.Println(bs, fl, i8s, u8s, u16s, i64s, arr)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		bs[len(bs)] = true
	}()
	// Map keys and values taken from variables' registers.
	m := map[int]int{}
	for key := 0; key < 4; key++ {
		m[key] = key * key
		m[key] += key
	}
	key := 2
	m[key], key = 100, 3
	fmt.Println(m, key)
	key = 1
	key, m[key] = 5, 50
	fmt.Println(m, key)
	v, ok := m[key]
	fmt.Println(v, ok, m[1], len(m))
	type pt struct{ x, y int }
	pm := map[pt]int{}
	p := pt{1, 2}
	pm[p] = 1
	p.x = 9
	pm[p] = 2
	fmt.Println(pm)
}
