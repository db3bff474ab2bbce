package main

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"time"
)

// The collector's knobs (runtime/debug) and what runtime.ReadMemStats
// reports about collections. The first SetGCPercent returns GOGC from the
// environment (100 when unset; the test suite also runs this under GOGC=1).

var sink []int

func stats() runtime.MemStats {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m
}

// garbage allocates n MiB in 64 KiB pieces, none kept.
func garbage(n int) {
	for i := 0; i < n*16; i++ {
		sink = make([]int, 8<<10)
		sink[i%100] = i
	}
	sink = nil
}

// collectedWithin allocates garbage 1 MiB at a time until a collection
// has completed (collections run beside the program: it may take a few
// more MiB); false if none did within max MiB.
func collectedWithin(max int) bool {
	start := stats().NumGC
	for i := 0; i < max; i++ {
		garbage(1)
		if stats().NumGC > start {
			return true
		}
	}
	return false
}

func main() {
	want := 100
	if v := os.Getenv("GOGC"); v == "off" {
		want = -1
	} else if v != "" {
		want, _ = strconv.Atoi(v)
	}
	first := debug.SetGCPercent(50)
	fmt.Println("SetGCPercent(50) returned GOGC:", first == want)
	fmt.Println("SetGCPercent(-1):", debug.SetGCPercent(-1))
	fmt.Println("SetGCPercent(200):", debug.SetGCPercent(200))
	fmt.Println("SetGCPercent(100):", debug.SetGCPercent(100))

	fmt.Println("SetMemoryLimit(-1) is MaxInt64:", debug.SetMemoryLimit(-1) == math.MaxInt64)
	fmt.Println("SetMemoryLimit(1<<30) returned MaxInt64:", debug.SetMemoryLimit(1<<30) == math.MaxInt64)
	fmt.Println("SetMemoryLimit(-1):", debug.SetMemoryLimit(-1))
	fmt.Println("SetMemoryLimit(MaxInt64):", debug.SetMemoryLimit(math.MaxInt64))
	fmt.Println("SetMemoryLimit(-1) is MaxInt64 again:", debug.SetMemoryLimit(-1) == math.MaxInt64)

	before := stats()
	runtime.GC()
	m := stats()
	fmt.Println("runtime.GC: NumGC grew:", m.NumGC > before.NumGC, "NumForcedGC grew:", m.NumForcedGC > before.NumForcedGC)
	debug.FreeOSMemory()
	after := stats()
	fmt.Println("FreeOSMemory: NumGC grew:", after.NumGC > m.NumGC, "NumForcedGC grew:", after.NumForcedGC > m.NumForcedGC)
	m = after
	fmt.Println("PauseTotalNs > 0:", m.PauseTotalNs > 0, "len(PauseNs):", len(m.PauseNs), len(m.PauseEnd))
	fmt.Println("latest PauseEnd is LastGC:", m.PauseEnd[(m.NumGC+255)%256] == m.LastGC)
	last := time.Unix(0, int64(m.LastGC))
	fmt.Println("LastGC within a minute:", time.Since(last) >= 0 && time.Since(last) < time.Minute)
	fmt.Println("NextGC > 0:", m.NextGC > 0, "NextGC >= HeapAlloc:", m.NextGC >= m.HeapAlloc)
	fmt.Println("HeapSys >= HeapInuse:", m.HeapSys >= m.HeapInuse, "Sys >= HeapSys:", m.Sys >= m.HeapSys)
	fmt.Println("HeapIdle + HeapInuse == HeapSys:", m.HeapIdle+m.HeapInuse == m.HeapSys)
	fmt.Println("Alloc == HeapAlloc:", m.Alloc == m.HeapAlloc, "TotalAlloc >= Alloc:", m.TotalAlloc >= m.Alloc)
	fmt.Println("HeapObjects == Mallocs-Frees:", m.HeapObjects == m.Mallocs-m.Frees)
	fmt.Println("EnableGC:", m.EnableGC, "GCCPUFraction in [0,1]:", m.GCCPUFraction >= 0 && m.GCCPUFraction <= 1)

	debug.SetGCPercent(400)
	m4 := stats()
	fmt.Println("NextGC grew with GOGC=400:", m4.NextGC > m.NextGC)
	debug.SetGCPercent(100)

	debug.SetGCPercent(-1)
	off := stats()
	fmt.Println("GOGC off: NextGC out of reach:", off.NextGC > 1<<40)
	runtime.GC()
	fmt.Println("GOGC off: runtime.GC still collects:", stats().NumGC > off.NumGC)
	debug.SetMemoryLimit(16 << 20)
	fmt.Println("GOGC off, 16 MiB limit: NextGC within it:", stats().NextGC <= 16<<20)
	fmt.Println("GOGC off, 16 MiB limit: garbage gets collected:", collectedWithin(512))
	debug.SetMemoryLimit(math.MaxInt64)
	debug.SetGCPercent(100)
	fmt.Println("GOGC 100: NextGC >= 4 MiB:", stats().NextGC >= 4<<20)
	fmt.Println("GOGC 100: garbage gets collected:", collectedWithin(512))
}
