// sync/atomic's unsafe.Pointer functions: load, store, swap and
// compare-and-swap of a *unsafe.Pointer, and publishing through them.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"
)

type config struct{ name string }

func main() {
	var p unsafe.Pointer
	fmt.Println(atomic.LoadPointer(&p) == nil)
	a := &config{"a"}
	atomic.StorePointer(&p, unsafe.Pointer(a))
	fmt.Println((*config)(atomic.LoadPointer(&p)).name)
	b := &config{"b"}
	old := atomic.SwapPointer(&p, unsafe.Pointer(b))
	fmt.Println((*config)(old).name, (*config)(p).name)
	fmt.Println(atomic.CompareAndSwapPointer(&p, unsafe.Pointer(a), nil), atomic.CompareAndSwapPointer(&p, unsafe.Pointer(b), unsafe.Pointer(a)))
	fmt.Println((*config)(atomic.LoadPointer(&p)).name)

	// Publish through StorePointer, read through LoadPointer: no race.
	var shared unsafe.Pointer
	var wg sync.WaitGroup
	var n atomic.Int64
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 100; j++ {
				c := &config{fmt.Sprint(j)}
				atomic.StorePointer(&shared, unsafe.Pointer(c))
				if q := atomic.LoadPointer(&shared); q != nil {
					_ = (*config)(q).name
					n.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	fmt.Println(n.Load())
}
