// Package sync/atomic as minigo sees it: the functions are native; the
// typed wrappers are written in Go on top of them.
package atomic

import "unsafe"

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
func AddUintptr(addr *uintptr, delta uintptr) (new uintptr)
func LoadUintptr(addr *uintptr) (val uintptr)
func StoreUintptr(addr *uintptr, val uintptr)
func SwapUintptr(addr *uintptr, new uintptr) (old uintptr)
func CompareAndSwapUintptr(addr *uintptr, old, new uintptr) (swapped bool)

// The unsafe.Pointer functions share one lock (a compare-and-swap loop,
// as Pointer's): each reads or writes the word *addr under it, so they
// are atomic with respect to each other.
var pointerLock int32

func lockPointers() {
	for !CompareAndSwapInt32(&pointerLock, 0, 1) {
	}
}

func LoadPointer(addr *unsafe.Pointer) (val unsafe.Pointer) {
	lockPointers()
	val = *addr
	StoreInt32(&pointerLock, 0)
	return val
}

func StorePointer(addr *unsafe.Pointer, val unsafe.Pointer) {
	lockPointers()
	*addr = val
	StoreInt32(&pointerLock, 0)
}

func SwapPointer(addr *unsafe.Pointer, new unsafe.Pointer) (old unsafe.Pointer) {
	lockPointers()
	old = *addr
	*addr = new
	StoreInt32(&pointerLock, 0)
	return old
}

func CompareAndSwapPointer(addr *unsafe.Pointer, old, new unsafe.Pointer) (swapped bool) {
	lockPointers()
	if *addr == old {
		*addr = new
		swapped = true
	}
	StoreInt32(&pointerLock, 0)
	return swapped
}

// The bitwise operations, as compare-and-swap loops; each returns the old
// value.

func AndInt32(addr *int32, mask int32) (old int32) {
	for {
		old = LoadInt32(addr)
		if CompareAndSwapInt32(addr, old, old&mask) {
			return old
		}
	}
}

func OrInt32(addr *int32, mask int32) (old int32) {
	for {
		old = LoadInt32(addr)
		if CompareAndSwapInt32(addr, old, old|mask) {
			return old
		}
	}
}

func AndUint32(addr *uint32, mask uint32) (old uint32) {
	for {
		old = LoadUint32(addr)
		if CompareAndSwapUint32(addr, old, old&mask) {
			return old
		}
	}
}

func OrUint32(addr *uint32, mask uint32) (old uint32) {
	for {
		old = LoadUint32(addr)
		if CompareAndSwapUint32(addr, old, old|mask) {
			return old
		}
	}
}

func AndInt64(addr *int64, mask int64) (old int64) {
	for {
		old = LoadInt64(addr)
		if CompareAndSwapInt64(addr, old, old&mask) {
			return old
		}
	}
}

func OrInt64(addr *int64, mask int64) (old int64) {
	for {
		old = LoadInt64(addr)
		if CompareAndSwapInt64(addr, old, old|mask) {
			return old
		}
	}
}

func AndUint64(addr *uint64, mask uint64) (old uint64) {
	for {
		old = LoadUint64(addr)
		if CompareAndSwapUint64(addr, old, old&mask) {
			return old
		}
	}
}

func OrUint64(addr *uint64, mask uint64) (old uint64) {
	for {
		old = LoadUint64(addr)
		if CompareAndSwapUint64(addr, old, old|mask) {
			return old
		}
	}
}

func AndUintptr(addr *uintptr, mask uintptr) (old uintptr) {
	for {
		old = LoadUintptr(addr)
		if CompareAndSwapUintptr(addr, old, old&mask) {
			return old
		}
	}
}

func OrUintptr(addr *uintptr, mask uintptr) (old uintptr) {
	for {
		old = LoadUintptr(addr)
		if CompareAndSwapUintptr(addr, old, old|mask) {
			return old
		}
	}
}

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

func (x *Int32) And(mask int32) (old int32) { return AndInt32(&x.v, mask) }
func (x *Int32) Or(mask int32) (old int32)  { return OrInt32(&x.v, mask) }
func (x *Int64) And(mask int64) (old int64) { return AndInt64(&x.v, mask) }
func (x *Int64) Or(mask int64) (old int64)  { return OrInt64(&x.v, mask) }
func (x *Uint32) And(mask uint32) (old uint32) { return AndUint32(&x.v, mask) }
func (x *Uint32) Or(mask uint32) (old uint32)  { return OrUint32(&x.v, mask) }
func (x *Uint64) And(mask uint64) (old uint64) { return AndUint64(&x.v, mask) }
func (x *Uint64) Or(mask uint64) (old uint64)  { return OrUint64(&x.v, mask) }

type Uintptr struct {
	v uintptr
}

func (x *Uintptr) Load() uintptr                 { return LoadUintptr(&x.v) }
func (x *Uintptr) Store(val uintptr)             { StoreUintptr(&x.v, val) }
func (x *Uintptr) Swap(new uintptr) (old uintptr) { return SwapUintptr(&x.v, new) }
func (x *Uintptr) CompareAndSwap(old, new uintptr) (swapped bool) {
	return CompareAndSwapUintptr(&x.v, old, new)
}
func (x *Uintptr) Add(delta uintptr) (new uintptr) { return AddUintptr(&x.v, delta) }
func (x *Uintptr) And(mask uintptr) (old uintptr)  { return AndUintptr(&x.v, mask) }
func (x *Uintptr) Or(mask uintptr) (old uintptr)   { return OrUintptr(&x.v, mask) }

func (x *Bool) Swap(new bool) (old bool) {
	var n uint32
	if new {
		n = 1
	}
	return SwapUint32(&x.v, n) != 0
}

func (x *Bool) CompareAndSwap(old, new bool) (swapped bool) {
	var o, n uint32
	if old {
		o = 1
	}
	if new {
		n = 1
	}
	return CompareAndSwapUint32(&x.v, o, n)
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
