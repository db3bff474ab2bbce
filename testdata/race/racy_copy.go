// A race only through copy: the goroutine's copy writes dst's elements,
// main then writes one without synchronisation.
package main

import (
	"fmt"
	"time"
)

func main() {
	src := []int{1, 2, 3}
	dst := make([]int, 3)
	go func() {
		copy(dst, src)
	}()
	time.Sleep(20 * time.Millisecond)
	dst[2] = 9
	fmt.Println(src[0])
}
