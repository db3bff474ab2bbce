package main

import (
	"fmt"
	"runtime"
	"strings"
)

// Strings on either side of 64 KiB, substrings of them that outlive the
// original, and strings as map keys and struct fields across collections.

func sum(s string) int {
	t := 0
	for i := 0; i < len(s); i++ {
		t = t*31 + int(s[i])
		t %= 1000000007
	}
	return t
}

type rec struct {
	name string
	tail string
}

func build(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteByte(byte('a' + i%26))
	}
	return b.String()[:n]
}

func main() {
	var keep []string
	for _, n := range []int{1, 7, 8, 255, 65534, 65535, 65536, 65537, 200000} {
		s := build(n)
		mid := s[n/3 : n-n/3]
		last := s[n-1:]
		keep = append(keep, mid, last)
		fmt.Println(n, len(s), len(mid), last, sum(s), sum(mid))
	}
	runtime.GC()
	for i, s := range keep {
		fmt.Println(i, len(s), sum(s))
	}

	// Concatenation across the boundary, both ways.
	a := build(65535)
	b := a + "!"
	c := b[1:]
	d := c + a
	fmt.Println(len(b), len(c), len(d), b[65535:], sum(d), d[len(d)-3:])

	// Long and short keys; the long strings exist only in the map.
	m := map[string]int{}
	for i := 0; i < 40; i++ {
		k := strings.Repeat(fmt.Sprint(i%10), 65530+i)
		m[k] = i
		m[k[:i+1]] = -i
	}
	runtime.GC()
	total := 0
	for k, v := range m {
		total += len(k) * (v + 100)
	}
	fmt.Println(len(m), total, m[strings.Repeat("3", 65530+33)], m["7777777"])

	// Fields holding substrings whose parents are gone.
	var rs []*rec
	for i := 0; i < 1000; i++ {
		s := strings.Repeat("xyz", 30000+i)
		rs = append(rs, &rec{name: s[i : i+5], tail: s[len(s)-70000:]})
	}
	runtime.GC()
	n := 0
	for _, r := range rs {
		n += sum(r.name) + len(r.tail) + sum(r.tail[:10])
	}
	fmt.Println(n, rs[999].name, rs[0].tail[:6])
	fmt.Println(strings.Compare(a, b), a == b[:65535], a < b, len(strings.Fields(strings.Repeat("ab ", 30000))))
}
