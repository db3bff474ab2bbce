// A read in fmt.Println (of a slice's elements) against a goroutine's
// write.
package main

import (
	"fmt"
	"time"
)

func main() {
	s := make([]int, 3)
	go func() {
		s[1] = 7
	}()
	time.Sleep(20 * time.Millisecond)
	fmt.Println(s)
}
