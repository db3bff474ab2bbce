package main

import (
	"fmt"
	"runtime"
)

// Cyclic structures are collected once nothing points to them: a doubly
// linked list, structs pointing to themselves, a ring, maps of nodes
// pointing to each other and closures capturing each other. MemStats must
// show the memory coming back.

type DNode struct {
	prev, next *DNode
	data       []int
}

type Self struct {
	me  *Self
	buf []int
}

type Ring struct {
	next *Ring
	id   int
	buf  [64]int
}

type MNode struct {
	id    int
	peers map[int]*MNode
	buf   []int
}

type World struct {
	list  *DNode
	selfs []*Self
	ring  *Ring
	nodes map[int]*MNode
	f, g  func(int) int
}

const nList, nSelf, nRing, nMap = 2000, 100, 1000, 200

var held *World

func newRing(n int) *Ring {
	first := &Ring{id: 0}
	cur := first
	for i := 1; i < n; i++ {
		cur.next = &Ring{id: i}
		cur = cur.next
		cur.buf[i%64] = i
	}
	cur.next = first
	return first
}

func build() {
	w := &World{ring: newRing(nRing), nodes: map[int]*MNode{}}
	var tail *DNode
	for i := 0; i < nList; i++ {
		n := &DNode{prev: tail, data: make([]int, 256)}
		n.data[i%256] = i
		if tail == nil {
			w.list = n
		} else {
			tail.next = n
		}
		tail = n
	}
	tail.next, w.list.prev = w.list, tail
	for i := 0; i < nSelf; i++ {
		s := &Self{buf: make([]int, 1024)}
		s.me, s.buf[0] = s, i
		w.selfs = append(w.selfs, s)
	}
	for i := 0; i < nMap; i++ {
		w.nodes[i] = &MNode{id: i, peers: map[int]*MNode{}, buf: make([]int, 512)}
	}
	for i, n := range w.nodes {
		n.peers[i] = n
		n.peers[(i+1)%nMap] = w.nodes[(i+1)%nMap]
		n.peers[(i+nMap-1)%nMap] = w.nodes[(i+nMap-1)%nMap]
	}
	var f, g func(int) int
	bufF, bufG := make([]int, 100000), make([]int, 100000)
	bufF[0], bufG[0] = 7, 11
	f = func(n int) int {
		if n == 0 {
			return bufF[0]
		}
		return bufF[0] + g(n-1)
	}
	g = func(n int) int {
		if n == 0 {
			return bufG[0]
		}
		return bufG[0] + f(n-1)
	}
	w.f, w.g = f, g
	held = w
}

func checksum() int {
	w, s := held, 0
	n := w.list
	for i := 0; i < nList; i++ {
		s += n.data[i%256] + n.next.prev.data[i%256]
		n = n.next
	}
	ok := n == w.list && n.prev.next == n
	for _, x := range w.selfs {
		s += x.me.me.buf[0]
	}
	r := w.ring
	for i := 0; i < nRing; i++ {
		s += r.id + r.buf[r.id%64]
		r = r.next
	}
	ok = ok && r == w.ring
	for i, m := range w.nodes {
		ok = ok && m.peers[i] == m && m.peers[(i+1)%nMap].peers[i] == m
		s += m.peers[(i+1)%nMap].id
	}
	if !ok {
		return -1
	}
	return s + w.f(10) + w.g(11)
}

// settled collects twice, then reads the stats: whatever ran before the
// call, they describe a full cycle that started after it.
func settled(m *runtime.MemStats) {
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(m)
}

// kept: a ring only a local holds, alive until runtime.KeepAlive.
func kept() (bool, int) {
	var before, during runtime.MemStats
	settled(&before)
	r := newRing(2000) // more than 1 MB
	settled(&during)
	id := r.next.next.id
	runtime.KeepAlive(r)
	return during.HeapAlloc >= before.HeapAlloc+1000*64*8, id
}

// alone runs f on a goroutine of its own and waits until that goroutine
// has exited: nothing f used is left on main's stack (minigo scans
// registers conservatively, and a dead callee's registers may stay in the
// caller's window until overwritten).
func alone(f func()) {
	done := make(chan bool)
	go func() { f(); done <- true }()
	<-done
	for runtime.NumGoroutine() > 1 {
		runtime.Gosched()
	}
}

func main() {
	var m0, m1, m2 runtime.MemStats
	settled(&m0)
	alone(build)
	settled(&m1)
	sum := 0
	alone(func() { sum = checksum() })
	fmt.Println("checksum while held:", sum)
	held = nil
	settled(&m2)

	built := int64(m1.TotalAlloc - m0.TotalAlloc)
	grew := int64(m1.HeapAlloc) - int64(m0.HeapAlloc)
	fell := int64(m1.HeapAlloc) - int64(m2.HeapAlloc)
	objs := int64(m1.HeapObjects) - int64(m2.HeapObjects)
	fmt.Println("built at least 6 MB:", built >= 6<<20)
	fmt.Println("HeapAlloc grew by >= 3/4 of it while held:", grew >= built*3/4)
	fmt.Println("HeapAlloc fell by >= 3/4 of it once dropped:", fell >= built*3/4)
	fmt.Println("HeapObjects fell by >= the nodes built:", objs >= nList+nSelf+nRing+nMap)
	fmt.Println("Frees grew:", m2.Frees > m1.Frees, m2.Frees-m1.Frees >= nList+nRing)
	fmt.Println("NumGC grew by >= 2:", m2.NumGC >= m1.NumGC+2, m1.NumGC >= m0.NumGC+2)
	fmt.Println("TotalAlloc did not fall:", m1.TotalAlloc >= m0.TotalAlloc, m2.TotalAlloc >= m1.TotalAlloc)
	fmt.Println("Mallocs >= Frees:", m0.Mallocs >= m0.Frees, m1.Mallocs >= m1.Frees, m2.Mallocs >= m2.Frees)
	ok, id := kept()
	fmt.Println("KeepAlive kept a local ring:", ok, id)
}
