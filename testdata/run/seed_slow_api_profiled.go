package main

// The seeds' slow-API experiment (shared/seeds/003) as the article runs
// it: traced with runtime/trace and profiled with runtime/pprof, for Go's
// own tools. Scaled to finish in seconds: 1,000 goroutines that each make
// their own http.Client, and a handler that holds until all have arrived.
//
//	minigo run testdata/run/seed_slow_api_profiled.go DIR
//	go tool trace DIR/trace.out
//	go tool pprof -top DIR/cpu.pprof
//	go tool pprof -top -sample_index=alloc_space DIR/heap.pprof
//
// Without DIR the files go to $TMPDIR/minigo-slow-api (/tmp/minigo-slow-api).

import (
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"sync"
	"sync/atomic"
	"time"
)

const (
	requests = 1000
	delay    = 200 * time.Millisecond
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
	go http.Serve(ln, nil)
}

func create(dir, name string) *os.File {
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		log.Fatalf("%s: %v", name, err)
	}
	return f
}

func main() {
	dir := ""
	if len(os.Args) > 1 {
		dir = os.Args[1]
	} else {
		dir = filepath.Join(os.TempDir(), "minigo-slow-api")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			log.Fatal(err)
		}
	}
	traceFile := create(dir, "trace.out")
	if err := trace.Start(traceFile); err != nil {
		log.Fatalf("trace start failed: %v", err)
	}
	cpuFile := create(dir, "cpu.pprof")
	if err := pprof.StartCPUProfile(cpuFile); err != nil {
		log.Fatalf("cpu profile: %v", err)
	}

	var wg sync.WaitGroup
	var ok, failed atomic.Int64
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
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				ok.Add(1)
			}
		}(i)
		if i%250 == 0 {
			fmt.Printf("Current Request Count: %d\n", i)
		}
	}
	for started.Load() < requests {
		time.Sleep(10 * time.Millisecond)
	}
	fmt.Println("goroutines while waiting >= 2 per request:", runtime.NumGoroutine() >= 2*requests)
	// The heap while every request waits: the connections, their buffers
	// and their goroutines.
	heapFile := create(dir, "heap.pprof")
	runtime.GC()
	if err := pprof.WriteHeapProfile(heapFile); err != nil {
		log.Fatalf("heap profile: %v", err)
	}
	heapFile.Close()
	close(release)
	wg.Wait()

	pprof.StopCPUProfile()
	cpuFile.Close()
	trace.Stop()
	traceFile.Close()
	fmt.Println("ok", ok.Load(), "failed", failed.Load())
}
