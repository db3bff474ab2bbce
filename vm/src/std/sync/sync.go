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

// OnceFunc returns a function that calls f only once; a panic in f is
// re-raised by every call.
func OnceFunc(f func()) func() {
	var (
		once  Once
		valid bool
		p     any
	)
	g := func() {
		defer func() {
			p = recover()
			if !valid {
				panic(p)
			}
		}()
		f()
		f = nil
		valid = true
	}
	return func() {
		once.Do(g)
		if !valid {
			panic(p)
		}
	}
}

// OnceValue returns a function that calls f only once and returns its
// value; a panic in f is re-raised by every call.
func OnceValue[T any](f func() T) func() T {
	var (
		once   Once
		valid  bool
		p      any
		result T
	)
	g := func() {
		defer func() {
			p = recover()
			if !valid {
				panic(p)
			}
		}()
		result = f()
		f = nil
		valid = true
	}
	return func() T {
		once.Do(g)
		if !valid {
			panic(p)
		}
		return result
	}
}

// OnceValues is OnceValue for a function of two results.
func OnceValues[T1, T2 any](f func() (T1, T2)) func() (T1, T2) {
	var (
		once  Once
		valid bool
		p     any
		r1    T1
		r2    T2
	)
	g := func() {
		defer func() {
			p = recover()
			if !valid {
				panic(p)
			}
		}()
		r1, r2 = f()
		f = nil
		valid = true
	}
	return func() (T1, T2) {
		once.Do(g)
		if !valid {
			panic(p)
		}
		return r1, r2
	}
}

// Map is a map safe for concurrent use: one Mutex around an ordinary
// map (Go's is lock-free for reads; the behaviour is the same).
type Map struct {
	mu Mutex
	m  map[any]any
}


func (m *Map) Load(key any) (value any, ok bool) {
	m.mu.Lock()
	value, ok = m.m[key]
	m.mu.Unlock()
	return
}

func (m *Map) Store(key, value any) {
	m.mu.Lock()
	if m.m == nil {
		m.m = make(map[any]any)
	}
	m.m[key] = value
	m.mu.Unlock()
}

func (m *Map) LoadOrStore(key, value any) (actual any, loaded bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if v, ok := m.m[key]; ok {
		return v, true
	}
	if m.m == nil {
		m.m = make(map[any]any)
	}
	m.m[key] = value
	return value, false
}

func (m *Map) LoadAndDelete(key any) (value any, loaded bool) {
	m.mu.Lock()
	value, loaded = m.m[key]
	delete(m.m, key)
	m.mu.Unlock()
	return
}

func (m *Map) Delete(key any) { m.LoadAndDelete(key) }

func (m *Map) Swap(key, value any) (previous any, loaded bool) {
	m.mu.Lock()
	previous, loaded = m.m[key]
	if m.m == nil {
		m.m = make(map[any]any)
	}
	m.m[key] = value
	m.mu.Unlock()
	return
}

func (m *Map) CompareAndSwap(key, old, new any) (swapped bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if v, ok := m.m[key]; ok && v == old {
		m.m[key] = new
		return true
	}
	return false
}

func (m *Map) CompareAndDelete(key, old any) (deleted bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if v, ok := m.m[key]; ok && v == old {
		delete(m.m, key)
		return true
	}
	return false
}

// Range calls f for each key and value (a snapshot taken under the
// lock, so f may use the Map) until f returns false.
func (m *Map) Range(f func(key, value any) bool) {
	m.mu.Lock()
	keys := make([]any, 0, len(m.m))
	vals := make([]any, 0, len(m.m))
	for k, v := range m.m {
		keys = append(keys, k)
		vals = append(vals, v)
	}
	m.mu.Unlock()
	for i := range keys {
		if !f(keys[i], vals[i]) {
			return
		}
	}
}

func (m *Map) Clear() {
	m.mu.Lock()
	m.m = nil
	m.mu.Unlock()
}
