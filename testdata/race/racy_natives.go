// Natives standing for Go code: sort.Ints reads and writes the slice's
// elements, utf8.DecodeRune reads the bytes it decodes. bytes.IndexByte
// is assembly in Go, which its race detector does not see: no report.
package main

import (
	"bytes"
	"fmt"
	"sort"
	"time"
	"unicode/utf8"
)

func main() {
	a := []int{3, 1, 2}
	b := []byte("héllo")
	c := []byte("abc\n")
	go func() {
		sort.Ints(a)
		r, _ := utf8.DecodeRune(b[1:])
		fmt.Println(r, bytes.IndexByte(c, '\n'))
	}()
	time.Sleep(20 * time.Millisecond)
	a[0] = 9
	b[2] = 'x'
	c[3] = 'y'
	fmt.Println(len(a), len(b), len(c))
}
