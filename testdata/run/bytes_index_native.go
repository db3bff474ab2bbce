// bytes' searches are natives reading the slice in place: subslices, nil
// slices and empty separators give Go's results.
package main

import (
	"bytes"
	"fmt"
)

func main() {
	var nilb []byte
	b := []byte("hello, world\nline two\n")
	fmt.Println(bytes.IndexByte(b, '\n'), bytes.LastIndexByte(b, '\n'), bytes.IndexByte(b, 'z'), bytes.IndexByte(nilb, 'a'), bytes.LastIndexByte(nilb, 0))
	fmt.Println(bytes.Index(b, []byte("wor")), bytes.Index(b, nil), bytes.Index(nilb, nil), bytes.Index(b, []byte("o")), bytes.Index(b, []byte("xyz")), bytes.Index(b[3:7], []byte("lo")))
	fmt.Println(bytes.IndexByte(b[5:], 'o'), bytes.LastIndexByte(b[:5], 'l'))
}
