// Package sync as minigo sees it. Lock and wait-group operations are
// native and act on the value's address; the opaque `state` field gives
// the zero value meaning (unlocked, counter 0) and keeps structs
// non-empty.
package sync

type Locker interface {
	Lock()
	Unlock()
}

type Mutex struct {
	state int64
}

func (m *Mutex) Lock()
func (m *Mutex) Unlock()
func (m *Mutex) TryLock() bool

type RWMutex struct {
	state int64
}

func (rw *RWMutex) Lock()
func (rw *RWMutex) Unlock()
func (rw *RWMutex) RLock()
func (rw *RWMutex) RUnlock()
func (rw *RWMutex) TryLock() bool
func (rw *RWMutex) TryRLock() bool

func (rw *RWMutex) RLocker() Locker { return (*rlocker)(rw) }

type rlocker RWMutex

func (r *rlocker) Lock()   { (*RWMutex)(r).RLock() }
func (r *rlocker) Unlock() { (*RWMutex)(r).RUnlock() }

type WaitGroup struct {
	state int64
}

func (wg *WaitGroup) Add(delta int)
func (wg *WaitGroup) Done() { wg.Add(-1) }
func (wg *WaitGroup) Wait()

func (wg *WaitGroup) Go(f func()) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		f()
	}()
}

type Once struct {
	done bool
	m    Mutex
}

func (o *Once) Do(f func()) {
	o.m.Lock()
	defer o.m.Unlock()
	if !o.done {
		defer func() { o.done = true }()
		f()
	}
}

// Cond: its notify list (ticket, waitTicket, Signal, Broadcast) is native.
type Cond struct {
	L     Locker
	state int64
}

func NewCond(l Locker) *Cond { return &Cond{L: l} }

// Wait unlocks c.L, waits for a Signal or Broadcast, and locks c.L
// again (Go's notify-list tickets: a Signal that comes between Unlock and
// the wait is not lost).
func (c *Cond) Wait() {
	t := c.ticket()
	c.L.Unlock()
	c.waitTicket(t)
	c.L.Lock()
}

func (c *Cond) ticket() int64
func (c *Cond) waitTicket(t int64)
func (c *Cond) Signal()
func (c *Cond) Broadcast()

// A Pool is a set of temporary objects that may be reused. minigo's never
// drops what was Put (Go's may, at any collection), so a program must not
// count on either.
type Pool struct {
	mu    Mutex
	items []any
	New   func() any
}

func (p *Pool) Get() any {
	p.mu.Lock()
	if n := len(p.items); n > 0 {
		x := p.items[n-1]
		p.items[n-1] = nil
		p.items = p.items[:n-1]
		p.mu.Unlock()
		return x
	}
	p.mu.Unlock()
	if p.New != nil {
		return p.New()
	}
	return nil
}

func (p *Pool) Put(x any) {
	if x == nil {
		return
	}
	p.mu.Lock()
	p.items = append(p.items, x)
	p.mu.Unlock()
}
