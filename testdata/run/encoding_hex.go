package main

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	src := []byte("Hello Gopher!")
	s := hex.EncodeToString(src)
	fmt.Println(s, hex.EncodedLen(len(src)), hex.DecodedLen(len(s)))
	d, err := hex.DecodeString(s)
	fmt.Printf("%s %v\n", d, err)
	for _, bad := range []string{"48656c6c6f7", "4865zz", "48656c6c6fg", "abc", "ABCDEF", "AbCdEf0", "\xff0", "0\x00", "é"} {
		d, err := hex.DecodeString(bad)
		var ib hex.InvalidByteError
		fmt.Printf("%q -> %x %v %v %v\n", bad, d, err, errors.Is(err, hex.ErrLength), errors.As(err, &ib))
	}
	dst := make([]byte, 4)
	n, err := hex.Decode(dst, []byte("deadbeef"))
	fmt.Println(n, err, dst)
	fmt.Println(hex.Encode(make([]byte, 6), []byte{1, 2, 255}))
	fmt.Printf("%s\n", hex.AppendEncode([]byte("0x"), []byte{0xca, 0xfe}))
	b, err := hex.AppendDecode([]byte{9}, []byte("0a0b0"))
	fmt.Println(b, err)
	fmt.Print(hex.Dump([]byte("The quick brown fox jumps over the lazy dog.\x00\x01\x7f\x80")))
	fmt.Print(hex.Dump(nil))
	for n := 0; n <= 17; n++ {
		fmt.Print(hex.Dump(bytes.Repeat([]byte{'a'}, n)))
	}
	dd := hex.Dumper(os.Stdout)
	for i := 0; i < 5; i++ {
		dd.Write([]byte("chunk"))
	}
	dd.Close()
	_, err = dd.Write([]byte("x"))
	fmt.Println(err)
	var buf bytes.Buffer
	e := hex.NewEncoder(&buf)
	e.Write([]byte(strings.Repeat("xyz", 200)))
	fmt.Println(len(buf.String()), buf.String()[:20])
	r := hex.NewDecoder(strings.NewReader(buf.String()))
	all, err := io.ReadAll(r)
	fmt.Println(len(all), string(all[:9]), err)
	for _, in := range []string{"616263", "61626", "6162zz", "61626z"} {
		all, err = io.ReadAll(hex.NewDecoder(strings.NewReader(in)))
		fmt.Printf("%q %q %v\n", in, all, err)
	}
	fmt.Println(hex.InvalidByteError('G'), hex.InvalidByteError(0), hex.InvalidByteError(0x80))
}
