// A global written by a goroutine and read by main with no
// happens-before edge between them (time.Sleep is not one).
package main

import (
	"fmt"
	"time"
)

var x int

func set(v int) {
	x = v
}

func main() {
	go func() {
		set(1)
	}()
	time.Sleep(20 * time.Millisecond)
	fmt.Println(x)
}
