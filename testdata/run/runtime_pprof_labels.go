package main

import (
	"bytes"
	"context"
	"fmt"
	"runtime/pprof"
	"sort"
	"strings"
	"sync"
)

func worker(ready *sync.WaitGroup, c chan int) {
	ready.Done()
	<-c
}

func main() {
	c := make(chan int)
	var ready sync.WaitGroup
	ctx := context.Background()
	for _, name := range []string{"a", "b", "b"} {
		pprof.Do(ctx, pprof.Labels("worker", name, "kind", "test"), func(ctx context.Context) {
			ready.Add(1)
			go worker(&ready, c)
		})
	}
	ready.Wait()
	var buf bytes.Buffer
	pprof.Lookup("goroutine").WriteTo(&buf, 1)
	var labels []string
	for _, rec := range strings.Split(buf.String(), "\n\n") {
		lines := strings.Split(rec, "\n")
		if strings.HasPrefix(lines[0], "goroutine profile:") {
			fmt.Println(lines[0])
			lines = lines[1:]
		}
		if len(lines) > 1 && strings.HasPrefix(lines[1], "# labels: ") {
			count := lines[0][:strings.Index(lines[0], " @")]
			labels = append(labels, count+" "+lines[1])
		}
	}
	sort.Strings(labels)
	for _, l := range labels {
		fmt.Println(l)
	}
	// The main goroutine's labels were restored by Do.
	buf.Reset()
	pprof.Lookup("goroutine").WriteTo(&buf, 2)
	fmt.Println(strings.SplitN(buf.String(), "\n", 2)[0])
	pprof.SetGoroutineLabels(pprof.WithLabels(ctx, pprof.Labels("x y", "1", "z", "")))
	buf.Reset()
	pprof.Lookup("goroutine").WriteTo(&buf, 2)
	fmt.Println(strings.SplitN(buf.String(), "\n", 2)[0])
	for i := 0; i < 3; i++ {
		c <- i
	}
}
