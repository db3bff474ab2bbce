// Maps with dense non-negative integer keys (an array part in minigo)
// mixed with negative and far keys: lookups, deletes, len, ranges that
// grow the map, values the collector must trace, fmt's sorted printing.
package main

import (
	"fmt"
	"runtime"
	"sort"
	"strconv"
)

type point struct{ x, y int }

func main() {
	const n = 5000
	m := map[int]int{}
	for i := 0; i < n; i++ {
		m[i*7919%n] = i
	}
	sum := 0
	for i := 0; i < n; i++ {
		sum += m[i]
	}
	_, ok := m[n]
	fmt.Println("dense:", len(m), sum, ok)

	m[-1], m[-1000], m[1<<40], m[n+10] = 1, 2, 3, 4
	delete(m, 17)
	delete(m, n-1)
	delete(m, -1000)
	delete(m, 123456789)
	_, ok = m[17]
	fmt.Println("mixed:", len(m), m[-1], m[-1000], m[1<<40], m[n+10], ok)

	cnt, ksum, vsum := 0, 0, 0
	for k, v := range m {
		cnt++
		ksum += k
		vsum += v
	}
	fmt.Println("range:", cnt, ksum, vsum)

	// A range while the map grows (dense keys join, a far key moves
	// nothing): every original entry once, none after its delete.
	g := map[int]int{}
	for i := 0; i < 300; i++ {
		g[i*13] = i
	}
	g[-5] = -5
	orig := len(g)
	seen := map[int]int{}
	deleted := map[int]bool{}
	next := 0
	for k := range g {
		if deleted[k] {
			fmt.Println("produced after delete:", k)
		}
		seen[k]++
		for j := 0; j < 50 && next < 4000; j++ {
			if next%13 != 0 {
				g[next] = next
			}
			next++
		}
		d := (k + 1) % 300 * 13
		if seen[d] == 0 && !deleted[d] {
			delete(g, d)
			deleted[d] = true
		}
	}
	missed, twice := 0, 0
	for i := 0; i < 300; i++ {
		if !deleted[i*13] && seen[i*13] == 0 {
			missed++
		}
	}
	for _, c := range seen {
		if c > 1 {
			twice++
		}
	}
	fmt.Println("grow:", orig, missed, twice, seen[-5])

	// Every small integer key type.
	u8 := map[uint8]bool{}
	for i := 0; i < 256; i++ {
		u8[uint8(i*7)] = i%2 == 0
	}
	i32 := map[int32]int{}
	for i := int32(-100); i < 100; i++ {
		i32[i] = int(i) * 2
	}
	delete(i32, -100)
	delete(i32, 50)
	u64 := map[uint64]string{}
	for i := uint64(0); i < 100; i++ {
		u64[i] = strconv.FormatUint(i, 10)
	}
	u64[1<<63] = "top"
	fmt.Println("kinds:", len(u8), u8[0], u8[7], len(i32), i32[-99], i32[99], u64[42], u64[1<<63], len(u64))

	// Values the collector must keep: pointers and strings.
	ps := map[int]*point{}
	ss := map[uint]string{}
	for i := 0; i < 2000; i++ {
		ps[i] = &point{i, -i}
		ss[uint(i)] = "s" + strconv.Itoa(i)
	}
	runtime.GC()
	for i := 0; i < 2000; i += 2 {
		delete(ps, i)
	}
	runtime.GC()
	ptot := 0
	for k, p := range ps {
		ptot += p.x - p.y - k
	}
	fmt.Println("gc:", len(ps), ptot, ss[1999], ps[1001].y)

	// fmt prints keys sorted.
	small := map[int]string{3: "c", 0: "a", 1: "b", -2: "z", 100: "far"}
	for i := 4; i < 12; i++ {
		small[i] = strconv.Itoa(i)
	}
	fmt.Println(small)

	keys := make([]int, 0, len(i32))
	for k := range i32 {
		keys = append(keys, int(k))
	}
	sort.Ints(keys)
	fmt.Println("sorted:", keys[0], keys[1], keys[len(keys)-1], len(keys))

	// clear ends a range and empties the array part too.
	c := map[int]int{}
	for i := 0; i < 100; i++ {
		c[i] = i
	}
	steps := 0
	for range c {
		steps++
		clear(c)
	}
	c[5] = 5
	fmt.Println("clear:", steps, len(c), c[5], c[6])
}
