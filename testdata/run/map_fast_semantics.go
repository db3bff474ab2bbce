package main

import (
	"fmt"
	"math"
	"sort"
	"strconv"
)

type Pt struct{ X, Y int }

type Rec struct {
	Name string
	Tags []string
}

func main() {
	// An assignment to a present float key stores the new key (-0 over +0).
	mz := map[float64]string{}
	mz[0] = "plus"
	mz[math.Copysign(0, -1)] = "minus"
	fmt.Println(len(mz), mz)

	// Entries present when a range starts are produced exactly once, even
	// when the map grows many times during the range; entries deleted
	// before they are reached are not produced.
	m := map[int]int{}
	for i := 0; i < 100; i++ {
		m[i] = i
	}
	seen := map[int]int{}
	deleted := map[int]bool{}
	next := 1000
	for k, v := range m {
		if k >= 100 {
			continue
		}
		seen[k]++
		if v != k && v != -k {
			fmt.Println("bad value", k, v)
		}
		for j := 0; j < 50; j++ {
			m[next] = next
			next++
		}
		// Delete an original not yet seen, update another.
		for d := 0; d < 100; d++ {
			if seen[d] == 0 && !deleted[d] && d != k {
				delete(m, d)
				deleted[d] = true
				break
			}
		}
		for u := 99; u >= 0; u-- {
			if seen[u] == 0 && !deleted[u] {
				m[u] = -u
				break
			}
		}
	}
	twice, missed := 0, 0
	for i := 0; i < 100; i++ {
		if seen[i] > 1 {
			twice++
		}
		if seen[i] == 0 && !deleted[i] {
			missed++
		}
		if seen[i] == 1 && deleted[i] {
			fmt.Println("produced after delete", i)
		}
	}
	fmt.Println("len", len(m), "deleted", len(deleted), "twice", twice, "missed", missed)

	// NaN keys survive growth during a range; clear ends a range.
	mf := map[float64]int{math.NaN(): 1, math.NaN(): 2, 0.5: 3}
	nans, total := 0, 0
	for k, v := range mf {
		if k != k {
			nans++
		}
		total += v
		for j := 0; j < 40; j++ {
			mf[float64(j)+100] = 0
		}
	}
	fmt.Println("nans", nans, "total", total, "len", len(mf))
	n := 0
	for range mf {
		n++
		clear(mf)
	}
	fmt.Println("after clear", n, len(mf))
	mf[1] = 1
	fmt.Println(mf)

	// String keys: many, deleted and re-added, looked up by equal strings
	// built differently.
	ms := make(map[string]int, 10)
	for i := 0; i < 20000; i++ {
		ms["k"+strconv.Itoa(i)] = i
	}
	for i := 0; i < 20000; i += 2 {
		delete(ms, fmt.Sprintf("k%d", i))
	}
	for i := 0; i < 20000; i += 4 {
		ms[string([]byte("k"+strconv.Itoa(i)))] = -i
	}
	sum := 0
	for _, v := range ms {
		sum += v
	}
	_, ok1 := ms["k3"]
	_, ok2 := ms["k2"]
	v4, ok4 := ms["k4"]
	fmt.Println(len(ms), sum, ok1, ok2, v4, ok4)

	// Struct keys and struct values: copies in and out.
	mp := map[Pt]Rec{}
	for i := 0; i < 300; i++ {
		mp[Pt{i % 17, i % 23}] = Rec{Name: strconv.Itoa(i), Tags: []string{"t"}}
	}
	r := mp[Pt{1, 1}]
	r.Name = "changed"
	fmt.Println(len(mp), mp[Pt{1, 1}].Name, r.Name)
	delete(mp, Pt{1, 1})
	z, ok := mp[Pt{1, 1}]
	fmt.Println(z.Name == "", z.Tags == nil, ok, len(mp))
	keys := make([]Pt, 0, len(mp))
	for k := range mp {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].X != keys[j].X {
			return keys[i].X < keys[j].X
		}
		return keys[i].Y < keys[j].Y
	})
	fmt.Println(keys[:5], keys[len(keys)-1])

	// Interface keys mixing dynamic types.
	mi := map[any]int{1: 1, "1": 2, 1.0: 3, Pt{1, 2}: 4, [2]int{1, 2}: 5, true: 6}
	mi[Pt{1, 2}] += 10
	mi[[2]int{1, 2}] += 10
	fmt.Println(len(mi), mi[1], mi["1"], mi[1.0], mi[Pt{1, 2}], mi[[2]int{1, 2}], mi[true])

	// Heavy churn: insert and delete in waves, the table is reused.
	mc := map[int]string{}
	for wave := 0; wave < 20; wave++ {
		for i := 0; i < 1000; i++ {
			mc[wave*1000+i] = "x"
		}
		for i := 0; i < 1000; i++ {
			if i%10 != 0 {
				delete(mc, wave*1000+i)
			}
		}
	}
	cnt := 0
	for k := range mc {
		if k%10 == 0 {
			cnt++
		}
	}
	fmt.Println(len(mc), cnt)

	// Reuse after clear, and a map made with a big hint.
	mh := make(map[int]int, 5000)
	for i := 0; i < 10; i++ {
		mh[i] = i * i
	}
	clear(mh)
	mh[3] = 9
	fmt.Println(len(mh), mh)
	var nilm map[string]int
	fmt.Println(nilm["a"], len(nilm))
	for range nilm {
		fmt.Println("never")
	}
}
