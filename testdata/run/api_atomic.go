package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

func main() {
	var i32 int32 = 0b1100
	o1 := atomic.AndInt32(&i32, 0b1010)
	v1 := i32
	o2 := atomic.OrInt32(&i32, 0b0001)
	fmt.Println(o1, v1, o2, i32)
	var u32 uint32 = 0xf0
	o3 := atomic.AndUint32(&u32, 0x3c)
	v3 := u32
	o4 := atomic.OrUint32(&u32, 0x01)
	fmt.Println(o3, v3, o4, u32)
	var i64 int64 = -1
	o5 := atomic.AndInt64(&i64, 0x7f)
	v5 := i64
	o6 := atomic.OrInt64(&i64, -128)
	fmt.Println(o5, v5, o6, i64)
	var u64 uint64 = 1 << 40
	o7 := atomic.OrUint64(&u64, 3)
	v7 := u64
	o8 := atomic.AndUint64(&u64, 2)
	fmt.Println(o7, v7, o8, u64)
	var up uintptr = 10
	a1 := atomic.AddUintptr(&up, 5)
	a2 := atomic.LoadUintptr(&up)
	a3 := atomic.SwapUintptr(&up, 7)
	fmt.Println(a1, a2, a3, up)
	c1 := atomic.CompareAndSwapUintptr(&up, 1, 2)
	c2 := atomic.CompareAndSwapUintptr(&up, 7, 9)
	fmt.Println(c1, c2, up)
	atomic.StoreUintptr(&up, 12)
	a4 := atomic.AndUintptr(&up, 4)
	a5 := atomic.OrUintptr(&up, 1)
	fmt.Println(a4, a5, up)

	var a atomic.Int32
	a.Store(6)
	fmt.Println(a.And(3), a.Or(8), a.Load())
	var b atomic.Int64
	b.Store(6)
	fmt.Println(b.And(3), b.Or(8), b.Load())
	var c atomic.Uint32
	c.Store(6)
	fmt.Println(c.And(3), c.Or(8), c.Load())
	var d atomic.Uint64
	d.Store(6)
	fmt.Println(d.And(3), d.Or(8), d.Load())
	var p atomic.Uintptr
	fmt.Println(p.Add(4), p.Swap(9), p.CompareAndSwap(9, 1), p.Load(), p.And(3), p.Or(6), p.Load())
	p.Store(0)
	fmt.Println(p.Load())
	var f atomic.Bool
	fmt.Println(f.Swap(true), f.Swap(true), f.CompareAndSwap(false, true), f.CompareAndSwap(true, false), f.Load())

	var n atomic.Uint32
	var wg sync.WaitGroup
	for k := 0; k < 8; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 100; j++ {
				n.Or(1 << k)
			}
		}()
	}
	wg.Wait()
	fmt.Printf("%#x\n", n.Load())
}
