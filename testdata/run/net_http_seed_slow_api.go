package main

// The seeds' slow-API experiment (shared/seeds/003), scaled to finish in
// seconds: a slow handler, and 2,000 goroutines that each make their own
// http.Client and call it at once. Every client dials its own connection,
// so 2,000 connections, their goroutines and the server's are all parked
// at the same time; runtime.NumGoroutine shows it. (The handlers hold
// until all 2,000 have arrived, so that the count does not depend on how
// fast the machine is, then take their time.)

import (
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

const (
	requests = 2000
	delay    = 300 * time.Millisecond
)

var (
	base    string
	started atomic.Int64
	release = make(chan struct{})
)

func init() {
	http.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		started.Add(1)
		<-release
		time.Sleep(delay)
		io.WriteString(w, "done")
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatalf("listen: %v", err)
	}
	base = "http://" + ln.Addr().String()
	go func() {
		http.Serve(ln, nil)
	}()
}

func main() {
	var wg sync.WaitGroup
	var ok, failed, body atomic.Int64
	for i := 0; i < requests; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			client := &http.Client{}
			resp, err := client.Get(base + "/slow")
			if err != nil {
				fmt.Printf("[%d] Error: %v\n", i, err)
				failed.Add(1)
				return
			}
			n, _ := io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			body.Add(n)
			if resp.StatusCode == http.StatusOK {
				ok.Add(1)
			}
		}(i)
		if i%500 == 0 {
			fmt.Printf("Current Request Count: %d\n", i)
		}
	}
	// Every request in flight: one goroutine per client call, plus at
	// least one per server connection.
	for started.Load() < requests {
		time.Sleep(10 * time.Millisecond)
	}
	fmt.Println("goroutines while waiting >= 2 per request:", runtime.NumGoroutine() >= 2*requests)
	close(release)
	wg.Wait()
	fmt.Println("ok", ok.Load(), "failed", failed.Load(), "body bytes", body.Load())
}
