// os.Pipe: a write happens before the read that sees it (Go's ioSync),
// a Read writes the bytes it fills and a Write reads its buffer.
package main

import (
	"fmt"
	"os"
	"time"
)

var x int

func main() {
	r, w, _ := os.Pipe()
	done := make(chan bool)
	go func() {
		b := make([]byte, 1)
		r.Read(b)
		fmt.Println("x =", x)
		done <- true
	}()
	x = 1
	w.Write([]byte{1})
	<-done

	// The buffer a Read fills races with another goroutine's write of it.
	buf := make([]byte, 4)
	go func() {
		buf[0] = 'a'
	}()
	time.Sleep(20 * time.Millisecond)
	w.Write([]byte("hey!"))
	r.Read(buf)
	// A Write reads its buffer.
	out := make([]byte, 3)
	go func() {
		out[1] = 'b'
	}()
	time.Sleep(20 * time.Millisecond)
	w.Write(out)
	fmt.Println(string(buf))
}
