package main

import (
	"container/heap"
	"container/list"
	"container/ring"
	"fmt"
)

type IntHeap []int

func (h IntHeap) Len() int           { return len(h) }
func (h IntHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h IntHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *IntHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *IntHeap) Pop() any {
	old := *h
	n := len(old)
	x := old[n-1]
	*h = old[0 : n-1]
	return x
}

type Item struct {
	value    string
	priority int
	index    int
}

type PQ []*Item

func (pq PQ) Len() int            { return len(pq) }
func (pq PQ) Less(i, j int) bool  { return pq[i].priority > pq[j].priority }
func (pq PQ) Swap(i, j int)       { pq[i], pq[j] = pq[j], pq[i]; pq[i].index = i; pq[j].index = j }
func (pq *PQ) Push(x any)         { it := x.(*Item); it.index = len(*pq); *pq = append(*pq, it) }
func (pq *PQ) Pop() any {
	old := *pq
	n := len(old)
	it := old[n-1]
	*pq = old[:n-1]
	return it
}

func printList(l *list.List) {
	for e := l.Front(); e != nil; e = e.Next() {
		fmt.Print(e.Value, " ")
	}
	fmt.Print("| ")
	for e := l.Back(); e != nil; e = e.Prev() {
		fmt.Print(e.Value, " ")
	}
	fmt.Println(l.Len())
}

func main() {
	h := &IntHeap{5, 2, 8, 1, 9, 3}
	heap.Init(h)
	heap.Push(h, 0)
	fmt.Println((*h)[0], h.Len())
	heap.Remove(h, 2)
	(*h)[1] = 100
	heap.Fix(h, 1)
	for h.Len() > 0 {
		fmt.Print(heap.Pop(h), " ")
	}
	fmt.Println()
	items := map[string]int{"banana": 3, "apple": 2, "pear": 4}
	pq := make(PQ, 0)
	for _, k := range []string{"banana", "apple", "pear"} {
		heap.Push(&pq, &Item{value: k, priority: items[k]})
	}
	it := &Item{value: "orange", priority: 1}
	heap.Push(&pq, it)
	it.priority = 5
	heap.Fix(&pq, it.index)
	for pq.Len() > 0 {
		x := heap.Pop(&pq).(*Item)
		fmt.Printf("%.2d:%s ", x.priority, x.value)
	}
	fmt.Println()

	l := list.New()
	e4 := l.PushBack(4)
	e1 := l.PushFront(1)
	l.InsertBefore(3, e4)
	l.InsertAfter(2, e1)
	printList(l)
	l.MoveToBack(e1)
	l.MoveToFront(e4)
	printList(l)
	l.MoveBefore(e1, e4)
	l.MoveAfter(e4, l.Back())
	printList(l)
	fmt.Println(l.Remove(e1), l.Remove(e1))
	var z list.List
	z.PushBack("a")
	z.PushBackList(l)
	z.PushFrontList(l)
	printList(&z)
	other := list.New()
	o := other.PushBack("x")
	fmt.Println(l.InsertBefore(9, o), l.Len())

	r := ring.New(5)
	for i := 0; i < r.Len(); i++ {
		r.Value = i
		r = r.Next()
	}
	r.Do(func(p any) { fmt.Print(p, " ") })
	fmt.Println(r.Len(), r.Move(-2).Value, r.Move(7).Value, r.Prev().Value)
	u := r.Unlink(2)
	r.Do(func(p any) { fmt.Print(p, " ") })
	u.Do(func(p any) { fmt.Print(p, " ") })
	fmt.Println(r.Len(), u.Len())
	r.Link(u)
	r.Do(func(p any) { fmt.Print(p, " ") })
	var zr ring.Ring
	fmt.Println(zr.Len(), ring.New(0) == nil, (*ring.Ring)(nil).Len())
}
