package main

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
)

// Each object below is reachable from exactly one kind of root while lots
// of garbage is allocated and collected; afterwards its contents must be
// intact (a freed and reused object would show other values).

type Kid struct{ vals []int }

type Obj struct {
	id   int
	name string
	vals [32]int
	kid  *Kid
}

func newObj(id int) *Obj {
	o := &Obj{id: id, name: "obj-" + strconv.Itoa(id*7919), kid: &Kid{make([]int, 40)}}
	for i := range o.vals {
		o.vals[i] = (id*32 + i) * 7919
	}
	for i := range o.kid.vals {
		o.kid.vals[i] = id*1000 + i
	}
	return o
}

func (o *Obj) check() string {
	s := len(o.name)
	for i, v := range o.vals {
		if v != (o.id*32+i)*7919 {
			return fmt.Sprintf("id=%d CORRUPT vals[%d]=%d", o.id, i, v)
		}
		s += v % 1000
	}
	for i, v := range o.kid.vals {
		if v != o.id*1000+i {
			return fmt.Sprintf("id=%d CORRUPT kid[%d]=%d", o.id, i, v)
		}
		s += v
	}
	return fmt.Sprintf("id=%d %s sum=%d", o.id, o.name, s)
}

type junk struct {
	a, b int
	p    *junk
}

// churn allocates n short-lived objects of several shapes, each
// filled with values no root object holds, so that reused memory shows.
func churn(n, seed int) {
	var ring [64]any
	var prev *junk
	for i := 0; i < n; i++ {
		switch i % 4 {
		case 0:
			prev = &junk{-i, -seed, prev}
			if i%1024 == 0 {
				prev = nil
			}
			ring[i%64] = prev
		case 1:
			ring[i%64] = strconv.Itoa(-i*seed) + "garbage"
		case 2:
			s := make([]int, 12)
			for j := range s {
				s[j] = -1 - j
			}
			ring[i%64] = s
		case 3:
			ring[i%64] = [6]int{-1, -2, -3, -4, -5, -6}
		}
	}
}

// collect: garbage, two forced collections, then more garbage that reuses
// the memory they freed.
func collect() {
	churn(200000, 3)
	runtime.GC()
	runtime.GC()
	churn(50000, 7)
}

var global *Obj

type Guarded struct {
	mu sync.Mutex
	o  *Obj
	n  int
}

func mapRoots() (map[string]*Obj, map[*Obj]int) {
	m1 := map[string]*Obj{}
	m2 := map[*Obj]int{}
	for i := 0; i < 50; i++ {
		m1[strings.Repeat("k", i%5)+strconv.Itoa(i*31)] = newObj(100 + i)
		m2[newObj(200+i)] = i
	}
	return m1, m2
}

func closureRoot(id int) func() string {
	o := newObj(id)
	return func() string { return o.check() }
}

type pair struct {
	o *Obj
	n int
}

func ifaceRoots() (any, any, any) {
	return newObj(12), pair{newObj(13), 13}, strings.NewReplacer("a", strconv.Itoa(1300), "b", "bee")
}

func interiorRoots() (*int, *int, *[4]int) {
	arr := new([1000]int)
	big := make([]int, 5000) // 40 KB: a large object
	type holder struct {
		pre [10]int
		in  [4]int
	}
	h := &holder{}
	for i := range arr {
		arr[i] = i * 7919
	}
	for i := range big {
		big[i] = i * 31
	}
	for i := range h.in {
		h.in[i] = 1000 + i
	}
	return &arr[500], &big[3000], &h.in
}

func stringRoots() (string, []byte) {
	var sb strings.Builder
	for i := 0; sb.Len() < 1<<20; i++ {
		sb.WriteString(strconv.Itoa(i * 7919))
	}
	s := sb.String()
	b := make([]byte, 2<<20+100)
	for i := range b {
		b[i] = byte(i*7 + i>>11)
	}
	return s[500000:500030], b[1<<20 : 1<<20+10]
}

func main() {
	global = newObj(1)
	local := newObj(2)
	m1, m2 := mapRoots()
	cl := closureRoot(11)
	i1, i2, i3 := ifaceRoots()
	p1, p2, p3 := interiorRoots()
	sub, bsub := stringRoots()
	g := &Guarded{}
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.mu.Lock()
			g.n++
			if g.n == 3 {
				g.o = newObj(16)
			}
			g.mu.Unlock()
		}()
	}
	wg.Wait()
	mv := newObj(17).check

	collect()

	fmt.Println("global:", global.check())
	fmt.Println("local:", local.check())
	total, ok := 0, true
	for k, v := range m1 {
		ok = ok && strings.HasSuffix(k, strconv.Itoa((v.id-100)*31))
		ok = ok && !strings.Contains(v.check(), "CORRUPT")
		total += v.id
	}
	for k, v := range m2 {
		ok = ok && k.id == 200+v && !strings.Contains(k.check(), "CORRUPT")
		total += k.id * v
	}
	fmt.Println("maps:", len(m1), len(m2), total, ok, m1["kkkk"+strconv.Itoa(49*31)].check())
	fmt.Println("closure:", cl())
	fmt.Println("iface ptr:", i1.(*Obj).check())
	fmt.Println("iface struct:", i2.(pair).n, i2.(pair).o.check())
	fmt.Println("iface replacer:", i3.(*strings.Replacer).Replace("abc"))
	fmt.Println("interior:", *p1, *p2, *p3)
	fmt.Printf("substring: %q %q\n", sub, bsub)
	g.mu.Lock()
	fmt.Println("mutex:", g.n, g.o.check())
	g.mu.Unlock()
	fmt.Println("method value:", mv())
}
