// Pipes wait on the poller: big writes meet a slow reader, a Close wakes
// a blocked Read, deadlines end waits, and a child's stdin is fed by a
// goroutine while Wait waits.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

func main() {
	// A write larger than the pipe's buffer completes once a reader drains it.
	r, w, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	big := bytes.Repeat([]byte("0123456789abcdef"), 40000) // 640000 bytes
	done := make(chan int)
	go func() {
		n, err := w.Write(big)
		w.Close()
		fmt.Println("wrote", n, err)
		done <- n
	}()
	got, err := io.ReadAll(r)
	<-done
	fmt.Println("read", len(got), err, bytes.Equal(got, big))
	r.Close()

	// Close wakes a goroutine blocked in Read.
	r, w, _ = os.Pipe()
	res := make(chan error)
	go func() {
		_, err := r.Read(make([]byte, 10))
		res <- err
	}()
	time.Sleep(50 * time.Millisecond)
	r.Close()
	err = <-res
	fmt.Println(err, errors.Is(err, os.ErrClosed))
	w.Close()

	// A read deadline ends a wait with ErrDeadlineExceeded.
	r, w, _ = os.Pipe()
	fmt.Println(r.SetReadDeadline(time.Now().Add(30 * time.Millisecond)))
	_, err = r.Read(make([]byte, 10))
	fmt.Println(err, errors.Is(err, os.ErrDeadlineExceeded))
	fmt.Println(r.SetReadDeadline(time.Time{}))
	w.Write([]byte("after"))
	b := make([]byte, 10)
	n, err := r.Read(b)
	fmt.Println(string(b[:n]), err)
	r.Close()
	w.Close()
	fmt.Println(r.SetDeadline(time.Now()))

	// Regular files have no deadlines.
	f, _ := os.CreateTemp("", "pipe-poll")
	fmt.Println(f.SetDeadline(time.Now()))
	f.Close()
	os.Remove(f.Name())

	// A child fed through its stdin pipe by a goroutine, read through
	// its stdout pipe.
	c := exec.Command("cat")
	c.Stdin = strings.NewReader(strings.Repeat("x", 200000))
	var out bytes.Buffer
	c.Stdout = &out
	fmt.Println(c.Run(), out.Len())

	c = exec.Command("tr", "a-z", "A-Z")
	in, _ := c.StdinPipe()
	so, _ := c.StdoutPipe()
	c.Start()
	go func() {
		for i := 0; i < 3; i++ {
			fmt.Fprintf(in, "line %d\n", i)
		}
		in.Close()
	}()
	all, _ := io.ReadAll(so)
	fmt.Printf("%q %v\n", all, c.Wait())
	fmt.Println(c.ProcessState.Exited(), c.ProcessState.ExitCode())
}
