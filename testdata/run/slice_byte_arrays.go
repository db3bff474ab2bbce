package main

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"unicode/utf8"
)

type flag uint8

func (f *flag) set()          { *f |= 0x80 }
func (f flag) String() string { return fmt.Sprintf("flag(%d)", uint8(f)) }

type header struct {
	magic [4]byte
	ok    [2]bool
	n     int
}

func main() {
	// Pointers into byte arrays read and write one byte, never a neighbour.
	bs := []byte("abcdefgh")
	p := &bs[3]
	*p = 'X'
	*p += 1
	q := &bs[7]
	*q = '!'
	fmt.Println(string(bs), *p, *q, len(bs), cap(bs))
	pp := &bs[0]
	fmt.Println(pp == &bs[0], pp == &bs[1], &bs[2] == &bs[2])

	// Bools too.
	bools := make([]bool, 5)
	b := &bools[2]
	*b = true
	bools[4] = !*b
	fmt.Println(bools, *b)

	// Arrays of bytes inside structs: copies are deep, == compares bytes.
	var h header
	copy(h.magic[:], "GOGO")
	h.ok[1] = true
	h2 := h
	h2.magic[0] = 'N'
	mp := &h2.magic[3]
	*mp = 'Z'
	fmt.Println(string(h.magic[:]), string(h2.magic[:]), h == h2, h.ok, h2.ok)
	h2 = h
	fmt.Println(h == h2, h.magic == [4]byte{'G', 'O', 'G', 'O'})
	fmt.Printf("%v %s %x %q\n", h.magic, h.magic[:], h.magic, h.magic[:])

	// Arrays of bytes as map keys.
	m := map[[2]byte]int{}
	m[[2]byte{1, 2}]++
	m[[2]byte{1, 2}]++
	m[[2]byte{2, 1}]++
	fmt.Println(len(m), m[[2]byte{1, 2}], m[[2]byte{2, 1}])

	// Named byte types with pointer methods, through slices and arrays.
	fs := []flag{1, 2, 3}
	fs[1].set()
	(&fs[2]).set()
	var arr [3]flag
	arr[0].set()
	fmt.Println(fs, arr, fs[1])

	// append and copy, overlapping included.
	x := []byte("0123456789")
	copy(x[2:], x)
	fmt.Println(string(x))
	x = []byte("0123456789")
	copy(x, x[3:])
	fmt.Println(string(x))
	y := x[:4]
	y = append(y, "abc"...)
	fmt.Println(string(x), string(y), len(y), cap(y))
	y = append(y, x...)
	fmt.Println(string(y), len(y))
	z := append([]byte(nil), 'a', 'b')
	z = append(z, z...)
	fmt.Println(string(z), len(z))
	n := copy(z, "XY")
	fmt.Println(n, string(z))

	// Slicing with a max, and conversion.
	s3 := x[2:5:6]
	fmt.Println(len(s3), cap(s3), string(s3))
	s3 = append(s3, '#')
	fmt.Println(string(x))
	s3 = append(s3, '$')
	fmt.Println(string(x), string(s3))

	// Slice-to-array conversions share or copy bytes.
	ap := (*[3]byte)(x)
	ap[0] = 'P'
	av := [3]byte(x)
	av[1] = 'V'
	fmt.Println(string(x[:3]), string(av[:]))

	// Sorting and clearing byte slices.
	w := []byte("hello, world")
	sort.Slice(w, func(i, j int) bool { return w[i] < w[j] })
	fmt.Printf("%q\n", w)
	clear(w[:5])
	fmt.Println(w[:6])

	// The standard library over compact bytes.
	buf := make([]byte, 8)
	k := utf8.EncodeRune(buf[2:], 'é')
	fmt.Println(k, buf)
	r, size := utf8.DecodeRune(buf[2:])
	fmt.Println(string(r), size)
	var sb strings.Builder
	sb.Write([]byte("built "))
	sb.WriteByte('!')
	fmt.Println(sb.String())
	fmt.Println(string([]byte("ab")) == string([]byte{'a', 'b'}), strings.Contains(string(bs), "Y"))
	os.Stdout.Write(append([]byte("written"), '\n'))

	// Big byte slices: one byte an element.
	big := make([]byte, 3<<20)
	big[len(big)-1] = 7
	last := &big[len(big)-1]
	*last++
	sum := 0
	for _, c := range big {
		sum += int(c)
	}
	fmt.Println(sum, len(big))

	// range with index and value over bools and bytes.
	cnt := 0
	for i, v := range [...]bool{true, false, true} {
		if v {
			cnt += i
		}
	}
	fmt.Println(cnt)
	fmt.Printf("%v %d %T\n", []uint8{1, 255}, []byte{3, 4}, [2]bool{})
}
