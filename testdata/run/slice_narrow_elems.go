package main

// Arrays of scalars narrower than a word keep Go's element size (an
// []int32 is 4 bytes an element) and their values: wrap-around, sign and
// zero extension, float32 rounding, pointers to elements, sync/atomic on
// elements, and conversions between []rune and string.
import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

type pix struct {
	r, g, b uint8
	a       float32
}

func main() {
	xs := make([]int32, 5, 8)
	xs[0] = -5
	xs[1] = 2147483647
	xs[2]++
	xs[1]++ // wraps
	p := &xs[3]
	*p = -42
	*p -= 1
	fmt.Println(xs, len(xs), cap(xs))
	ys := append(xs, 9, 10, 11, 12)
	ys[0] = 100
	fmt.Println(xs[0], ys, cap(ys) >= 9)
	var fs [4]float32
	fs[0] = 1.1
	fs[1] = fs[0] * 3
	fs[2] = float32(1) / 3
	q := &fs[3]
	*q = 1e38
	*q *= 10
	fmt.Println(fs, fs[0] == 1.1, float64(fs[0]))
	rs := []rune("héllo, 世界")
	rs[1] = 'e'
	fmt.Println(string(rs), len(rs), rs[7])
	us := []uint32{0xffffffff, 1}
	us[0] += 2
	fmt.Println(us)
	var i8 [3]int8
	i8[0] = -128
	i8[0]--
	i8[1] = 127
	i8[1]++
	fmt.Println(i8)
	u16 := []uint16{65535}
	u16[0]++
	i16 := []int16{-32768}
	i16[0]--
	fmt.Println(u16, i16)
	var wg sync.WaitGroup
	cs := make([]int32, 4)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 1000; i++ {
				atomic.AddInt32(&cs[i%4], -1)
			}
		}()
	}
	wg.Wait()
	fmt.Println(cs, atomic.LoadInt32(&cs[0]), atomic.CompareAndSwapInt32(&cs[1], -2000, 5), cs[1], atomic.SwapInt32(&cs[2], 7), cs[2])
	ucs := []uint32{0}
	atomic.AddUint32(&ucs[0], ^uint32(0))
	fmt.Println(ucs, atomic.LoadUint32(&ucs[0]))
	m := map[[2]int32]string{{1, -1}: "a"}
	fmt.Println(m[[2]int32{1, -1}], [2]int32{1, 2} == [2]int32{1, 2})
	px := []pix{{1, 2, 3, 0.5}}
	fmt.Printf("%v %+v\n", px, px[0])
	copy(xs[1:], xs)
	fmt.Println(xs)
	big := make([]float32, 1000)
	for i := range big {
		big[i] = float32(i) / 7
	}
	var sum float32
	for _, v := range big {
		sum += v
	}
	fmt.Println(sum, big[999])
	var ifs []interface{}
	ifs = append(ifs, xs[0], fs[0], rs[0], us[0])
	fmt.Println(ifs...)
	fmt.Printf("%T %T %T\n", xs, fs, rs)

	// 1 Mi int32s are 4 MiB, as in Go, not 8.
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	huge := make([]int32, 1<<20)
	runtime.ReadMemStats(&after)
	d := after.TotalAlloc - before.TotalAlloc
	fmt.Println(len(huge), d >= 4<<20, d < 5<<20)
}
