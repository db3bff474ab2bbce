package main

// The seeds' slow-API experiment with the tuned Transport of its second
// half: one shared Client whose pool keeps up to 10,000 idle connections.
// The first wave of 1,000 concurrent calls dials 1,000 connections (the
// handlers hold until all have arrived, so none is free for another call
// early); the second wave finds them idle in the pool and dials none.

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

const (
	requests = 1000
	delay    = 300 * time.Millisecond
)

func main() {
	var dialed, arrived atomic.Int64
	var release chan struct{}
	mux := http.NewServeMux()
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		if arrived.Add(1) == requests {
			close(release)
		}
		<-release
		time.Sleep(delay)
		io.WriteString(w, "done")
	})
	srv := &http.Server{
		Handler: mux,
		ConnState: func(c net.Conn, s http.ConnState) {
			if s == http.StateNew {
				dialed.Add(1)
			}
		},
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	go srv.Serve(ln)
	url := "http://" + ln.Addr().String() + "/slow"

	client := &http.Client{
		Transport: &http.Transport{
			MaxIdleConns:        10000,
			MaxIdleConnsPerHost: 10000,
			IdleConnTimeout:     90 * time.Second,
			DisableKeepAlives:   false,
		},
		Timeout: 30 * time.Second,
	}
	wave := func() (ok int64) {
		arrived.Store(0)
		release = make(chan struct{})
		var wg sync.WaitGroup
		var n atomic.Int64
		for i := 0; i < requests; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				resp, err := client.Get(url)
				if err != nil {
					fmt.Println("Error:", err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					n.Add(1)
				}
			}()
		}
		wg.Wait()
		return n.Load()
	}
	fmt.Println("first wave ok:", wave(), "connections:", dialed.Load())
	fmt.Println("second wave ok:", wave(), "connections:", dialed.Load())
	client.CloseIdleConnections()
	srv.Close()
}
