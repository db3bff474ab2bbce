// Package iter as minigo sees it: the iterator types, and Pull.
//
// Go's Pull runs the iterator as a coroutine; minigo runs it on a
// goroutine of its own, handing control back and forth over unbuffered
// channels, so exactly one of the caller and the iterator runs at a time,
// as in Go. The difference shows only in runtime.NumGoroutine, which
// counts that goroutine while a Pull is started and not finished.
package iter

type Seq[V any] func(yield func(V) bool)

type Seq2[K, V any] func(yield func(K, V) bool)

// pull is the state shared by next, stop and the iterator's goroutine.
type pull struct {
	started  bool
	done     bool
	panicked bool
	panicVal any
	resume   chan bool
	back     chan struct{}
}

func (p *pull) start(run func(yield func() bool)) {
	p.started = true
	p.resume = make(chan bool)
	p.back = make(chan struct{})
	go func() {
		defer func() {
			if r := recover(); r != nil {
				p.panicked = true
				p.panicVal = r
			}
			p.done = true
			p.back <- struct{}{}
		}()
		if !<-p.resume {
			return
		}
		run(func() bool {
			if p.done {
				return false
			}
			p.back <- struct{}{}
			return <-p.resume
		})
	}()
}

// step resumes the iterator and waits for it to yield or finish. It
// reports whether a value was yielded.
func (p *pull) step() bool {
	p.resume <- true
	<-p.back
	p.rethrow()
	return !p.done
}

// rethrow passes on a panic of the iterator to the caller of next or stop.
func (p *pull) rethrow() {
	if p.panicked {
		p.panicked = false
		panic(p.panicVal)
	}
}

func (p *pull) stop() {
	if p.done {
		return
	}
	p.done = true
	if p.started {
		// The iterator is waiting in yield, which now returns false.
		p.resume <- false
		<-p.back
		p.rethrow()
	}
}

func Pull[V any](seq Seq[V]) (next func() (V, bool), stop func()) {
	p := &pull{}
	var v V
	next = func() (V, bool) {
		var zero V
		if p.done {
			return zero, false
		}
		if !p.started {
			p.start(func(yield func() bool) {
				seq(func(x V) bool {
					v = x
					return yield()
				})
			})
		}
		if !p.step() {
			return zero, false
		}
		x := v
		v = zero
		return x, true
	}
	return next, p.stop
}

func Pull2[K, V any](seq Seq2[K, V]) (next func() (K, V, bool), stop func()) {
	p := &pull{}
	var k K
	var v V
	next = func() (K, V, bool) {
		var zk K
		var zv V
		if p.done {
			return zk, zv, false
		}
		if !p.started {
			p.start(func(yield func() bool) {
				seq(func(x K, y V) bool {
					k, v = x, y
					return yield()
				})
			})
		}
		if !p.step() {
			return zk, zv, false
		}
		x, y := k, v
		k, v = zk, zv
		return x, y, true
	}
	return next, p.stop
}
