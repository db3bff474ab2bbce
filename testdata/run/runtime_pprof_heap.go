package main

import (
	"bytes"
	"fmt"
	"runtime"
	"runtime/pprof"
	"strings"
)

var keep []*[48]byte
var keep2 []*[80]byte

func allocSmall(n int) {
	for i := 0; i < n; i++ {
		keep = append(keep, new([48]byte))
	}
}

func allocOther(n int) {
	for i := 0; i < n; i++ {
		keep2 = append(keep2, new([80]byte))
	}
}

// records prints the heap profile's records whose stack holds fn.
func records(fn string, freed bool) {
	var buf bytes.Buffer
	pprof.Lookup("heap").WriteTo(&buf, 1)
	recs := strings.Split(buf.String(), "\n\n")
	for _, r := range recs {
		lines := strings.Split(r, "\n")
		for _, l := range lines[1:] {
			if strings.Contains(l, "\t"+fn+"+") {
				head := lines[0]
				if i := strings.Index(head, "heap profile"); i >= 0 {
					head = lines[1]
				}
				counts := head[:strings.Index(head, " @")]
				if strings.Contains(counts, "[1000: ") || strings.Contains(counts, "[100: ") {
					if freed {
						// A collection may keep a few objects a while longer
						// (a stale word), but not most of them.
						var inuse, bytes, allocs, allocBytes int
						fmt.Sscanf(counts, "%d: %d [%d: %d]", &inuse, &bytes, &allocs, &allocBytes)
						fmt.Println(fn, "freed:", inuse < 10, allocs, allocBytes)
						continue
					}
					fmt.Println(fn, counts)
				}
				break
			}
		}
	}
}

func main() {
	runtime.MemProfileRate = 1
	runtime.GC()
	allocSmall(1000)
	allocOther(100)
	runtime.GC()
	records("main.allocSmall", false)
	records("main.allocOther", false)
	keep = nil
	runtime.GC()
	records("main.allocSmall", true)
	fmt.Println(pprof.Lookup("heap").Count() > 0)
}
