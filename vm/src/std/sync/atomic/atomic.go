// Package sync/atomic as minigo sees it: the functions are native; the
// typed wrappers are written in Go on top of them.
package atomic

func AddInt32(addr *int32, delta int32) (new int32)
func AddInt64(addr *int64, delta int64) (new int64)
func AddUint32(addr *uint32, delta uint32) (new uint32)
func AddUint64(addr *uint64, delta uint64) (new uint64)
func LoadInt32(addr *int32) (val int32)
func LoadInt64(addr *int64) (val int64)
func LoadUint32(addr *uint32) (val uint32)
func LoadUint64(addr *uint64) (val uint64)
func StoreInt32(addr *int32, val int32)
func StoreInt64(addr *int64, val int64)
func StoreUint32(addr *uint32, val uint32)
func StoreUint64(addr *uint64, val uint64)
func SwapInt32(addr *int32, new int32) (old int32)
func SwapInt64(addr *int64, new int64) (old int64)
func CompareAndSwapInt32(addr *int32, old, new int32) (swapped bool)
func CompareAndSwapInt64(addr *int64, old, new int64) (swapped bool)
func SwapUint32(addr *uint32, new uint32) (old uint32)
func SwapUint64(addr *uint64, new uint64) (old uint64)
func CompareAndSwapUint32(addr *uint32, old, new uint32) (swapped bool)
func CompareAndSwapUint64(addr *uint64, old, new uint64) (swapped bool)

type Int32 struct {
	v int32
}

func (x *Int32) Load() int32           { return LoadInt32(&x.v) }
func (x *Int32) Store(val int32)       { StoreInt32(&x.v, val) }
func (x *Int32) Swap(new int32) int32  { return SwapInt32(&x.v, new) }
func (x *Int32) Add(delta int32) int32 { return AddInt32(&x.v, delta) }
func (x *Int32) CompareAndSwap(old, new int32) bool {
	return CompareAndSwapInt32(&x.v, old, new)
}

type Int64 struct {
	v int64
}

func (x *Int64) Load() int64           { return LoadInt64(&x.v) }
func (x *Int64) Store(val int64)       { StoreInt64(&x.v, val) }
func (x *Int64) Swap(new int64) int64  { return SwapInt64(&x.v, new) }
func (x *Int64) Add(delta int64) int64 { return AddInt64(&x.v, delta) }
func (x *Int64) CompareAndSwap(old, new int64) bool {
	return CompareAndSwapInt64(&x.v, old, new)
}

type Uint64 struct {
	v uint64
}

func (x *Uint64) Load() uint64            { return LoadUint64(&x.v) }
func (x *Uint64) Store(val uint64)        { StoreUint64(&x.v, val) }
func (x *Uint64) Add(delta uint64) uint64 { return AddUint64(&x.v, delta) }
func (x *Uint64) Swap(new uint64) (old uint64) { return SwapUint64(&x.v, new) }
func (x *Uint64) CompareAndSwap(old, new uint64) bool {
	return CompareAndSwapUint64(&x.v, old, new)
}

type Bool struct {
	v uint32
}

func (x *Bool) Load() bool { return LoadUint32(&x.v) != 0 }
func (x *Bool) Store(val bool) {
	if val {
		StoreUint32(&x.v, 1)
	} else {
		StoreUint32(&x.v, 0)
	}
}

type Uint32 struct {
	v uint32
}

func (x *Uint32) Load() uint32            { return LoadUint32(&x.v) }
func (x *Uint32) Store(val uint32)        { StoreUint32(&x.v, val) }
func (x *Uint32) Add(delta uint32) uint32 { return AddUint32(&x.v, delta) }
func (x *Uint32) Swap(new uint32) (old uint32) { return SwapUint32(&x.v, new) }
func (x *Uint32) CompareAndSwap(old, new uint32) bool {
	return CompareAndSwapUint32(&x.v, old, new)
}

// A Pointer is an atomic pointer of type *T (a compare-and-swap lock
// around the pointer word, as Value's).
type Pointer[T any] struct {
	lock int32
	v    *T
}

func (x *Pointer[T]) acquire() {
	for !CompareAndSwapInt32(&x.lock, 0, 1) {
	}
}

func (x *Pointer[T]) Load() *T {
	x.acquire()
	p := x.v
	StoreInt32(&x.lock, 0)
	return p
}

func (x *Pointer[T]) Store(val *T) {
	x.acquire()
	x.v = val
	StoreInt32(&x.lock, 0)
}

func (x *Pointer[T]) Swap(new *T) (old *T) {
	x.acquire()
	old = x.v
	x.v = new
	StoreInt32(&x.lock, 0)
	return old
}

func (x *Pointer[T]) CompareAndSwap(old, new *T) (swapped bool) {
	x.acquire()
	if x.v == old {
		x.v = new
		swapped = true
	}
	StoreInt32(&x.lock, 0)
	return swapped
}

// A Value holds a value of one dynamic type, loaded and stored atomically
// (a compare-and-swap lock around the interface word).
type Value struct {
	lock int32
	v    any
}

// sameType reports whether a and b (both non-nil) have one dynamic type.
func sameType(a, b any) bool

func (v *Value) acquire() {
	for !CompareAndSwapInt32(&v.lock, 0, 1) {
	}
}

func (v *Value) release() { StoreInt32(&v.lock, 0) }

func (v *Value) Load() (val any) {
	v.acquire()
	val = v.v
	v.release()
	return
}

func (v *Value) Store(val any) {
	if val == nil {
		panic("sync/atomic: store of nil value into Value")
	}
	v.acquire()
	if v.v != nil && !sameType(v.v, val) {
		v.release()
		panic("sync/atomic: store of inconsistently typed value into Value")
	}
	v.v = val
	v.release()
}

func (v *Value) Swap(new any) (old any) {
	if new == nil {
		panic("sync/atomic: swap of nil value into Value")
	}
	v.acquire()
	if v.v != nil && !sameType(v.v, new) {
		v.release()
		panic("sync/atomic: swap of inconsistently typed value into Value")
	}
	old = v.v
	v.v = new
	v.release()
	return old
}

func (v *Value) CompareAndSwap(old, new any) (swapped bool) {
	if new == nil {
		panic("sync/atomic: compare and swap of nil value into Value")
	}
	if old != nil && !sameType(old, new) {
		panic("sync/atomic: compare and swap of inconsistently typed values")
	}
	v.acquire()
	if v.v == nil {
		if old != nil {
			v.release()
			return false
		}
	} else if !sameType(v.v, new) {
		v.release()
		panic("sync/atomic: compare and swap of inconsistently typed value into Value")
	}
	if v.v != old {
		v.release()
		return false
	}
	v.v = new
	v.release()
	return true
}
