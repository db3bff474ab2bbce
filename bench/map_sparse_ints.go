// Integer-keyed maps the array part must not slow down: 300,000 random
// 64-bit keys and 300,000 sparse (stride 1,000,003) and negative int
// keys: inserts, two lookups per key, a miss per key, deleting half,
// then a range.
package main

import "fmt"

func main() {
	const n = 300_000
	x := uint64(0x9E3779B97F4A7C15)
	keys := make([]uint64, n)
	for i := range keys {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		keys[i] = x
	}
	r := make(map[uint64]int)
	for i, k := range keys {
		r[k] = i
	}
	s := make(map[int]int)
	for i := 0; i < n; i++ {
		k := i * 1_000_003
		if i%2 == 1 {
			k = -k
		}
		s[k] = i
	}
	sum := 0
	for round := 0; round < 2; round++ {
		for i, k := range keys {
			sum += r[k]
			sum += s[(i*1_000_003)^(i&1)*-1]
		}
	}
	miss := 0
	for _, k := range keys {
		if _, ok := r[k+1]; !ok {
			miss++
		}
		if _, ok := s[int(k>>2)]; !ok {
			miss++
		}
	}
	for i := 0; i < n; i += 2 {
		delete(r, keys[i])
		delete(s, i*1_000_003)
	}
	tot := 0
	for k, v := range r {
		tot += int(k&0xffff) + v
	}
	for k, v := range s {
		tot += k + v
	}
	fmt.Println(len(r), len(s), sum, miss, tot)
}
