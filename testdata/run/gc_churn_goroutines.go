package main

import (
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"sync"
)

// 8 goroutines build and mutate linked structures of their own, publish
// nodes into shared ones under a mutex and hand nodes to a neighbour over
// a channel, while 2 more allocate garbage and worker 0 forces collections.
// Every structure is checked at the end: a node freed while reachable and
// reused would break a checksum.

type Node struct {
	key, val int
	tag      string
	next     *Node
	data     []int
}

func newNode(key, val int) *Node {
	n := &Node{key: key, val: val, tag: "n" + strconv.Itoa(key) + "/" + strconv.Itoa(val), data: make([]int, 8)}
	for i := range n.data {
		n.data[i] = key*8 + i
	}
	return n
}

// ok says whether n still holds what newNode put there.
func (n *Node) ok() bool {
	good := n.tag == "n"+strconv.Itoa(n.key)+"/"+strconv.Itoa(n.val) && len(n.data) == 8
	for i, v := range n.data {
		good = good && v == n.key*8+i
	}
	return good
}

type Shared struct {
	mu    sync.Mutex
	slots [64]*Node
	byKey map[int]*Node
}

const workers, length, rounds = 8, 100, 2000

func worker(id int, sh *Shared, in <-chan *Node, out chan<- *Node) string {
	head := newNode(id*100000, 0)
	cur := head
	for i := 1; i < length; i++ {
		cur.next = newNode(id*100000+i, 0)
		cur = cur.next
	}
	own := map[int]*Node{}
	var got []*Node
	for r := 0; r < rounds; r++ {
		// Replace one node of the list with a new one (a pointer write).
		prev := head
		for i := 0; i < (r*7)%(length-1); i++ {
			prev = prev.next
		}
		old := prev.next
		prev.next = newNode(old.key, old.val+r)
		prev.next.next = old.next
		own[r%50] = newNode(id*100000+50000+r%50, r)
		_ = strconv.Itoa(r*id) + "garbage" + fmt.Sprint(make([]int, r%16))
		if r%10 == 0 {
			sh.mu.Lock()
			sh.slots[id*8+r/10%8] = newNode(id*100000+r, r)
			sh.byKey[id*100000+r] = newNode(id*100000+r, -r)
			sh.mu.Unlock()
		}
		if r%3 == 0 {
			out <- newNode(id*100000+90000+r, r)
			got = append(got, <-in)
		}
		if id == 0 && r%200 == 100 {
			runtime.GC()
		}
	}
	sum, good := 0, true
	for n := head; n != nil; n = n.next {
		sum += n.key*(n.val+1)%1000003 + len(n.tag)
		good = good && n.ok()
	}
	for k, n := range own {
		sum += k * n.val * n.key % 1000003
		good = good && n.ok()
	}
	for _, n := range got {
		sum += n.key
		good = good && n.ok() && n.val == n.key%100000-90000
	}
	return fmt.Sprintf("worker %d: list+map+received sum=%d ok=%v", id, sum, good)
}

func main() {
	sh := &Shared{byKey: map[int]*Node{}}
	chans := make([]chan *Node, workers)
	for i := range chans {
		chans[i] = make(chan *Node, rounds)
	}
	results := make([]string, workers)
	var wg sync.WaitGroup
	for id := 0; id < workers; id++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[id] = worker(id, sh, chans[id], chans[(id+1)%workers])
		}()
	}
	for g := 0; g < 2; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var keep [16]any
			for i := 0; i < 100000; i++ {
				keep[i%16] = &Node{key: -i, tag: strconv.Itoa(-i)}
				keep[(i+8)%16] = make([]int, 1+i%32)
			}
		}()
	}
	wg.Wait()
	runtime.GC()
	for _, r := range results {
		fmt.Println(r)
	}
	slotSum, good := 0, true
	for _, n := range sh.slots {
		slotSum += n.key*3 + n.val
		good = good && n.ok()
	}
	keys := make([]int, 0, len(sh.byKey))
	for k, n := range sh.byKey {
		keys = append(keys, k)
		good = good && n.ok() && n.key == k && n.val == -(k%100000)
	}
	sort.Ints(keys)
	fmt.Println("shared slots:", slotSum, "map:", len(keys), keys[0], keys[len(keys)-1], "ok:", good)
}
