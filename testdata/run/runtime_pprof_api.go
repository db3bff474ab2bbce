package main

import (
	"bytes"
	"context"
	"fmt"
	"runtime/pprof"
	"strings"
)

func main() {
	for _, p := range pprof.Profiles() {
		fmt.Println(p.Name())
	}
	fmt.Println(pprof.Lookup("nope") == nil)
	fmt.Println(pprof.Lookup("heap").Name())

	var buf bytes.Buffer
	if err := pprof.StartCPUProfile(&buf); err != nil {
		fmt.Println("start:", err)
	}
	if err := pprof.StartCPUProfile(&buf); err != nil {
		fmt.Println("start again:", err)
	}
	pprof.StopCPUProfile()
	pprof.StopCPUProfile()
	fmt.Println(buf.Len() > 0, buf.Bytes()[0] == 0x1f, buf.Bytes()[1] == 0x8b)

	p := pprof.NewProfile("my.things")
	fmt.Println(p.Count())
	p.Add(1, 0)
	p.Add("two", 0)
	fmt.Println(p.Count())
	p.Remove(1)
	fmt.Println(p.Count())
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		p.Add("two", 0)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		pprof.NewProfile("my.things")
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		pprof.NewProfile("")
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		pprof.Lookup("heap").Add(3, 0)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		pprof.Labels("a")
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var z pprof.Profile
		z.WriteTo(&buf, 1)
	}()
	fmt.Println(pprof.Lookup("my.things") == p, len(pprof.Profiles()))

	buf.Reset()
	p.WriteTo(&buf, 1)
	lines := strings.Split(buf.String(), "\n")
	fmt.Println(lines[0])
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "#\t") {
			f := strings.Split(l, "\t")
			if name := f[2][:strings.LastIndex(f[2], "+")]; name != "runtime.main" {
				fmt.Println(name)
			}
		}
	}

	ctx := context.Background()
	labels := pprof.Labels("worker", "w1", "a", "1", "worker", "w2")
	pprof.Do(ctx, labels, func(ctx context.Context) {
		v, ok := pprof.Label(ctx, "worker")
		fmt.Println(v, ok)
		_, ok = pprof.Label(ctx, "none")
		fmt.Println(ok)
		pprof.ForLabels(ctx, func(k, v string) bool {
			fmt.Println(k, "=", v)
			return true
		})
		ctx2 := pprof.WithLabels(ctx, pprof.Labels("b", "2", "a", "3"))
		pprof.ForLabels(ctx2, func(k, v string) bool {
			fmt.Println(k, "=", v)
			return k != "a"
		})
		buf.Reset()
		pprof.Lookup("goroutine").WriteTo(&buf, 1)
		for _, l := range strings.Split(buf.String(), "\n") {
			if strings.HasPrefix(l, "# labels") || strings.HasPrefix(l, "goroutine profile") {
				fmt.Println(l)
			}
		}
	})
	pprof.SetGoroutineLabels(pprof.WithLabels(ctx, pprof.Labels("x", "y")))
	fmt.Println(pprof.Lookup("goroutine").Count())
	fmt.Println(pprof.Lookup("block").Count(), pprof.Lookup("mutex").Count())
	buf.Reset()
	pprof.Lookup("block").WriteTo(&buf, 1)
	fmt.Print(strings.Split(buf.String(), "\n")[0], "\n")
	buf.Reset()
	pprof.Lookup("mutex").WriteTo(&buf, 1)
	fmt.Print(strings.Split(buf.String(), "\n")[0], "\n", strings.Split(buf.String(), "\n")[2], "\n")
	buf.Reset()
	pprof.Lookup("heap").WriteTo(&buf, 1)
	fmt.Println(strings.HasPrefix(buf.String(), "heap profile: "), strings.Contains(buf.String(), "\n# runtime.MemStats\n# Alloc = "))
	buf.Reset()
	pprof.Lookup("goroutine").WriteTo(&buf, 2)
	fmt.Println(strings.HasPrefix(buf.String(), "goroutine 1 [running]:\n"))
	fmt.Println(strings.Contains(buf.String(), "main.main()"))
}
