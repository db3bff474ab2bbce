// Standard-library values that keep a native object's address in an
// integer field (big.Int, sync.Mutex, RWMutex and WaitGroup, hash
// digests) stay intact in slices across collections: the collector
// traces arrays of them although no field is a pointer.
package main

import (
	"crypto/sha256"
	"fmt"
	"hash"
	"math/big"
	"runtime"
	"sync"
)

func fillInts(xs []big.Int) {
	for i := range xs {
		xs[i].Lsh(big.NewInt(int64(i)+7), 200)
	}
}

func touch(locks []sync.Mutex, rws []sync.RWMutex) {
	for i := range locks {
		locks[i].Lock()
		locks[i].Unlock()
		rws[i].RLock()
		rws[i].RUnlock()
	}
}

func churn() int {
	var junk []*big.Int
	for i := 0; i < 200; i++ {
		junk = append(junk, new(big.Int).Lsh(big.NewInt(int64(i)+1000), 300))
	}
	return len(junk)
}

func main() {
	xs := make([]big.Int, 4)
	fillInts(xs)
	rats := make([]big.Rat, 2)
	rats[0].SetString("355/113")
	rats[1].SetFrac(new(big.Int).Lsh(big.NewInt(1), 100), big.NewInt(3))
	runtime.GC()
	churn()
	runtime.GC()
	for i := range xs {
		fmt.Println(xs[i].String())
	}
	fmt.Println(rats[0].String(), rats[1].FloatString(3))

	locks := make([]sync.Mutex, 8)
	rws := make([]sync.RWMutex, 8)
	touch(locks, rws)
	runtime.GC()
	churn()
	counts := make([]int, 8)
	var wgs [1]sync.WaitGroup
	wgs[0].Add(4)
	for g := 0; g < 4; g++ {
		go func() {
			defer wgs[0].Done()
			for i := 0; i < 5000; i++ {
				if i%10 == 0 {
					runtime.GC()
				}
				locks[i%8].Lock()
				counts[i%8]++
				locks[i%8].Unlock()
				rws[i%8].RLock()
				rws[i%8].RUnlock()
			}
		}()
	}
	wgs[0].Wait()
	fmt.Println(counts)

	hs := []hash.Hash{sha256.New(), sha256.New()}
	hs[0].Write([]byte("hello "))
	runtime.GC()
	churn()
	hs[0].Write([]byte("world"))
	fmt.Printf("%x\n", hs[0].Sum(nil))
}
