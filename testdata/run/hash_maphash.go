package main

import (
	"fmt"
	"hash"
	"hash/maphash"
	"math"
	"strings"
)

type key struct {
	A int
	B string
	F float64
	P *int
	I any
	R [2]rune
}

func main() {
	seed := maphash.MakeSeed()
	s := strings.Repeat("0123456789", 40)

	// Pieces, bytes or strings: the same hash as the whole.
	var h maphash.Hash
	h.SetSeed(seed)
	h.WriteString(s[:3])
	h.Write([]byte(s[3:130]))
	h.WriteByte(s[130])
	h.WriteString(s[131:])
	fmt.Println(h.Sum64() == maphash.String(seed, s), maphash.Bytes(seed, []byte(s)) == maphash.String(seed, s))
	fmt.Println(maphash.String(seed, "a") != maphash.String(seed, "b"), maphash.String(seed, "a") != maphash.String(maphash.MakeSeed(), "a"))
	sum := h.Sum([]byte("x"))
	fmt.Println(len(sum), h.Size(), h.BlockSize())
	var hh hash.Hash64 = &h
	_ = hh
	c, err := h.Clone()
	fmt.Println(c.(*maphash.Hash).Sum64() == h.Sum64(), err)
	h.Reset()
	fmt.Println(h.Sum64() == maphash.String(seed, ""), h.Seed() == seed)

	// A zero Hash picks its own seed.
	var z maphash.Hash
	z.WriteString("hello")
	fmt.Println(z.Sum64() == maphash.String(z.Seed(), "hello"))

	// Comparable: equal values hash alike.
	x := 1
	a := key{1, "s", 0, &x, "i", [2]rune{'a', 'b'}}
	b := key{1, "s", math.Copysign(0, -1), &x, "i", [2]rune{'a', 'b'}}
	fmt.Println(a == b, maphash.Comparable(seed, a) == maphash.Comparable(seed, b))
	b.P = new(int)
	fmt.Println(a == b, maphash.Comparable(seed, a) == maphash.Comparable(seed, b))
	fmt.Println(maphash.Comparable(seed, math.NaN()) == maphash.Comparable(seed, math.NaN()))
	fmt.Println(maphash.Comparable(seed, any(1)) == maphash.Comparable(seed, any(1)))
	var h1, h2 maphash.Hash
	h1.SetSeed(seed)
	h2.SetSeed(seed)
	maphash.WriteComparable(&h1, "k")
	maphash.WriteComparable(&h2, "k")
	fmt.Println(h1.Sum64() == h2.Sum64())

	var hasher maphash.Hasher[string] = maphash.ComparableHasher[string]{}
	hasher.Hash(&h1, "k2")
	fmt.Println(hasher.Equal("a", "a"), hasher.Equal("a", "b"))

	// A tiny hash set over a Seed.
	buckets := make([][]string, 8)
	for _, w := range strings.Fields("the quick brown fox jumps over the lazy dog the end") {
		i := maphash.String(seed, w) % 8
		dup := false
		for _, v := range buckets[i] {
			dup = dup || v == w
		}
		if !dup {
			buckets[i] = append(buckets[i], w)
		}
	}
	total := 0
	for _, bk := range buckets {
		total += len(bk)
	}
	fmt.Println("distinct words:", total)

	for _, f := range []func(){
		func() { maphash.String(maphash.Seed{}, "x") },
		func() { maphash.Bytes(maphash.Seed{}, nil) },
		func() { var h maphash.Hash; h.SetSeed(maphash.Seed{}) },
	} {
		func() {
			defer func() { fmt.Println("panic:", recover()) }()
			f()
		}()
	}
}
