package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// File reads are blocking system calls; they must not stop the other
// goroutines (the GOMAXPROCS rule runs this under 1, 2 and 8). Main keeps
// reading this file until a counting goroutine has finished, while four
// readers each read it with os.Open and Read in small chunks.

const name = "os_file_read_while_running.go"

func readChunks() (int, error) {
	f, err := os.Open(name)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	total := 0
	buf := make([]byte, 64)
	for {
		n, err := f.Read(buf)
		total += n
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, err
		}
	}
}

func main() {
	data, err := os.ReadFile(name)
	fmt.Println("ReadFile:", err, len(data) > 0)

	var counted atomic.Int64
	go func() {
		for i := 0; i < 100000; i++ {
			counted.Add(1)
		}
	}()

	sizes := make([]int, 4)
	var wg sync.WaitGroup
	for r := 0; r < 4; r++ {
		wg.Add(1)
		go func(r int) {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				n, err := readChunks()
				if err != nil || n != len(data) {
					fmt.Println("reader", r, "got", n, err)
				}
				sizes[r] += n
			}
		}(r)
	}

	reads := 0
	deadline := time.Now().Add(5 * time.Second)
	for counted.Load() < 100000 && time.Now().Before(deadline) {
		d, err := os.ReadFile(name)
		if err != nil || len(d) != len(data) {
			fmt.Println("main read", len(d), err)
		}
		reads++
	}
	fmt.Println("counter finished while main read files:", counted.Load() == 100000, reads > 0)
	wg.Wait()
	for r, s := range sizes {
		fmt.Println("reader", r, "read the file 20 times:", s == 20*len(data))
	}
}
