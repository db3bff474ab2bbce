package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/trace"
	"strings"
	"sync"
	"time"
)

func main() {
	// Annotations with tracing off are no-ops, and StartRegion gives a
	// region whose End does nothing.
	ctx, task := trace.NewTask(context.Background(), "idle")
	r := trace.StartRegion(ctx, "off")
	r.End()
	trace.Log(ctx, "k", "v")
	trace.Logf(ctx, "k", "%d", 1)
	ran := false
	trace.WithRegion(ctx, "off", func() { ran = true })
	task.End()
	fmt.Println("region fn ran:", ran)
	trace.Stop() // not tracing: nothing happens

	var buf bytes.Buffer
	fmt.Println("enabled before:", trace.IsEnabled())
	fmt.Println("start:", trace.Start(&buf))
	err := trace.Start(&buf)
	fmt.Println("start again:", err)
	fmt.Println("enabled:", trace.IsEnabled())

	ctx, task = trace.NewTask(context.Background(), "makeCoffee")
	var wg sync.WaitGroup
	var mu sync.Mutex
	n := 0
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			trace.WithRegion(ctx, "steamMilk", func() {
				mu.Lock()
				n++
				mu.Unlock()
				time.Sleep(time.Millisecond)
			})
		}()
	}
	sub, subTask := trace.NewTask(ctx, "grindBeans")
	r = trace.StartRegion(sub, "grind")
	trace.Log(sub, "orderID", "42")
	trace.Logf(sub, "size", "%d oz", 12)
	r.End()
	subTask.End()
	wg.Wait()
	runtime.GC()
	task.End()
	trace.Stop()
	fmt.Println("enabled after:", trace.IsEnabled())
	b := buf.Bytes()
	fmt.Println("go trace header:", len(b) > 16 && strings.HasPrefix(string(b), "go 1.") &&
		strings.HasSuffix(string(b[:16]), " trace\x00\x00\x00"))
	fmt.Println("n:", n)

	// A second trace after the first.
	f, err := os.CreateTemp("", "trace*.out")
	if err != nil {
		panic(err)
	}
	defer os.Remove(f.Name())
	fmt.Println("restart:", trace.Start(f))
	trace.Log(context.Background(), "again", "yes")
	trace.Stop()
	f.Close()
	data, _ := os.ReadFile(f.Name())
	fmt.Println("file written:", len(data) > 16)
}
