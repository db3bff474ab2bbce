package main

// Load: 2,000 clients connect at once, each with its own connection, and
// every response is checked: the status, a header set from the request,
// and a body that echoes the client's number.

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
)

const clients = 2000

func main() {
	var inflight atomic.Int64
	release := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("GET /n/{n}", func(w http.ResponseWriter, r *http.Request) {
		// Hold every handler until all 2,000 are in flight at once.
		if n := inflight.Add(1); n == clients {
			close(release)
		}
		<-release
		w.Header().Set("X-N", r.PathValue("n"))
		fmt.Fprintf(w, "client %s ok\n", r.PathValue("n"))
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	base := "http://" + ln.Addr().String() + "/n/"

	var wg sync.WaitGroup
	var ok, bad atomic.Int64
	for i := 0; i < clients; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
			resp, err := c.Get(base + strconv.Itoa(i))
			if err != nil {
				bad.Add(1)
				fmt.Println("error:", err)
				return
			}
			b, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			want := fmt.Sprintf("client %d ok\n", i)
			if err != nil || resp.StatusCode != 200 || string(b) != want || resp.Header.Get("X-N") != strconv.Itoa(i) {
				bad.Add(1)
				fmt.Printf("client %d: %v %d %q %q\n", i, err, resp.StatusCode, b, resp.Header.Get("X-N"))
				return
			}
			ok.Add(1)
		}(i)
	}
	wg.Wait()
	srv.Close()
	fmt.Println("ok", ok.Load(), "bad", bad.Load(), "handlers held at once", inflight.Load())
}
