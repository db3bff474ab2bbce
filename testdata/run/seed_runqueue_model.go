package main

import "fmt"

// A sequential model of the scheduler described in the articles: Ps with
// local run queues of capacity 4 and a runnext slot, a global queue taking
// half of a full local queue, and work stealing of half the victim's queue.

type G struct{ id int }

type P struct {
	id      int
	runnext *G
	runq    []*G
}

var global []*G

func (p *P) put(g *G) {
	if p.runnext != nil {
		old := p.runnext
		p.runnext = g
		g = old
	} else {
		p.runnext = g
		return
	}
	if len(p.runq) == 4 {
		half := p.runq[:2]
		global = append(global, half...)
		p.runq = append([]*G(nil), p.runq[2:]...)
		fmt.Printf("P%d: local queue full, moved 2 Gs to global (global=%d)\n", p.id, len(global))
	}
	p.runq = append(p.runq, g)
}

func (p *P) get(victim *P) *G {
	if g := p.runnext; g != nil {
		p.runnext = nil
		return g
	}
	if len(p.runq) > 0 {
		g := p.runq[0]
		p.runq = p.runq[1:]
		return g
	}
	if len(global) > 0 {
		g := global[0]
		global = global[1:]
		return g
	}
	if n := len(victim.runq) / 2; n > 0 {
		p.runq = append(p.runq, victim.runq[:n]...)
		victim.runq = victim.runq[n:]
		fmt.Printf("P%d stole %d Gs from P%d\n", p.id, n, victim.id)
		return p.get(victim)
	}
	return nil
}

func main() {
	p0, p1 := &P{id: 0}, &P{id: 1}
	for i := 1; i <= 8; i++ {
		p0.put(&G{i})
	}
	for step := 0; step < 8; step++ {
		if step == 3 {
			for i := 9; i <= 14; i++ {
				p0.put(&G{i})
			}
		}
		a, b := p0.get(p1), p1.get(p0)
		fmt.Printf("step %d: P0 runs %v, P1 runs %v\n", step, a, b)
	}
}
