package main

import (
	"bytes"
	"encoding/ascii85"
	"fmt"
	"io"
	"strings"
)

func main() {
	for _, s := range []string{"", "a", "ab", "abc", "abcd", "\x00\x00\x00\x00", "\x00\x00\x00", "Man is distinguished, not only by his reason", "\xff\xff\xff\xff\x00"} {
		dst := make([]byte, ascii85.MaxEncodedLen(len(s)))
		n := ascii85.Encode(dst, []byte(s))
		enc := dst[:n]
		out := make([]byte, len(s)+8)
		nd, ns, err := ascii85.Decode(out, enc, true)
		fmt.Printf("%q %q %q %d %v\n", s, enc, out[:nd], ns, err)
	}
	out := make([]byte, 100)
	for _, in := range []string{"87cURD]i,\"Ebo80", "87cUR D]i\n,\"Ebo8", "z!!!", "87cU~>", "8", "!!!!!z", "\x00\x01 9jqo"} {
		nd, ns, err := ascii85.Decode(out, []byte(in), true)
		fmt.Printf("%q %q %d %v\n", in, out[:nd], ns, err)
		nd, ns, err = ascii85.Decode(out, []byte(in), false)
		fmt.Printf("  %q %d %v\n", out[:nd], ns, err)
	}
	small := make([]byte, 5)
	nd, ns, err := ascii85.Decode(small, []byte("87cURD]i,\"Ebo80"), true)
	fmt.Println(nd, ns, err, string(small[:nd]))

	var buf bytes.Buffer
	w := ascii85.NewEncoder(&buf)
	for i := 0; i < 300; i++ {
		fmt.Fprintf(w, "%d,", i)
	}
	w.Write(make([]byte, 9))
	w.Close()
	fmt.Println(buf.String())
	all, err := io.ReadAll(ascii85.NewDecoder(strings.NewReader(buf.String())))
	fmt.Println(string(all), err)
	all, err = io.ReadAll(ascii85.NewDecoder(strings.NewReader("87cURD]i,\"Ebo80v")))
	fmt.Printf("%q %v\n", all, err)
	all, err = io.ReadAll(ascii85.NewDecoder(strings.NewReader("87cURD]i,\"Ebo80~>")))
	fmt.Printf("%q %v\n", all, err)
	fmt.Println(ascii85.CorruptInputError(3))
}
