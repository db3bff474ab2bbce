package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// ctrSource is a user-defined Source.
type ctrSource struct{ n uint64 }

func (c *ctrSource) Uint64() uint64 {
	c.n += 0x9e3779b97f4a7c15
	return c.n * 0xbf58476d1ce4e5b9
}

func try(name string, f func()) {
	defer func() {
		if e := recover(); e != nil {
			fmt.Println(name, "panic:", e)
		}
	}()
	f()
}

func dump(r *rand.Rand) {
	fmt.Println("Int64", r.Int64(), r.Int64())
	fmt.Println("Uint32", r.Uint32(), r.Uint32())
	fmt.Println("Uint64", r.Uint64(), r.Uint64())
	fmt.Println("Int32", r.Int32(), r.Int32())
	fmt.Println("Int", r.Int(), r.Int(), "Uint", r.Uint())
	var b strings.Builder
	for _, n := range []int64{1, 2, 3, 6, 1000, 1 << 40, 1<<40 + 1, 1<<62 + 12345, 1<<63 - 1} {
		fmt.Fprint(&b, " ", r.Int64N(n))
	}
	fmt.Println("Int64N" + b.String())
	b.Reset()
	for _, n := range []uint64{1, 3, 1 << 32, 1<<32 + 1, 1<<63 + 5, 1<<64 - 1} {
		fmt.Fprint(&b, " ", r.Uint64N(n))
	}
	fmt.Println("Uint64N" + b.String())
	b.Reset()
	for _, n := range []int32{1, 2, 5, 100, 3000, 1 << 30, 1<<31 - 1} {
		fmt.Fprint(&b, " ", r.Int32N(n))
	}
	fmt.Println("Int32N" + b.String())
	b.Reset()
	for _, n := range []uint32{1, 7, 1 << 31, 1<<32 - 1} {
		fmt.Fprint(&b, " ", r.Uint32N(n))
	}
	fmt.Println("Uint32N" + b.String())
	b.Reset()
	for _, n := range []int{1, 6, 3000, 1 << 31, 1<<62 + 1} {
		fmt.Fprint(&b, " ", r.IntN(n))
	}
	for _, n := range []uint{1, 9, 1<<64 - 1} {
		fmt.Fprint(&b, " ", r.UintN(n))
	}
	fmt.Println("IntN UintN" + b.String())
	fmt.Println("Float64", r.Float64(), r.Float64(), r.Float64())
	fmt.Println("Float32", r.Float32(), r.Float32(), r.Float32())
	fmt.Println("Perm", r.Perm(0), r.Perm(1), r.Perm(10))
	s := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	fmt.Println("Shuffle", s)
	fmt.Println("Norm", r.NormFloat64(), r.NormFloat64(), r.NormFloat64(), r.NormFloat64())
	fmt.Println("Exp", r.ExpFloat64(), r.ExpFloat64(), r.ExpFloat64(), r.ExpFloat64())
	ns, es := 0.0, 0.0
	for i := 0; i < 1000; i++ {
		ns += r.NormFloat64()
		es += r.ExpFloat64()
	}
	fmt.Println("sums", ns, es)
	z := rand.NewZipf(r, 1.5, 2, 100)
	var zs []uint64
	for i := 0; i < 12; i++ {
		zs = append(zs, z.Uint64())
	}
	fmt.Println("zipf", zs)
}

func main() {
	seeds := [][2]uint64{{0, 0}, {1, 2}, {3, 0}, {1<<64 - 1, 1<<64 - 1}, {0x123456789abcdef, 0xfedcba9876543210}}
	for _, s := range seeds {
		fmt.Println("== PCG", s)
		p := rand.NewPCG(s[0], s[1])
		dump(rand.New(p))
		b, err := p.MarshalBinary()
		fmt.Println("marshal", b, err)
		q := rand.NewPCG(0, 0)
		fmt.Println(q.UnmarshalBinary(b), q.Uint64() == p.Uint64())
	}
	var seed [32]byte
	for k := 0; k < 3; k++ {
		for i := range seed {
			seed[i] = byte(i*k*7 + k)
		}
		fmt.Println("== ChaCha8", k)
		c := rand.NewChaCha8(seed)
		dump(rand.New(c))
		for _, n := range []int{0, 1, 3, 8, 13} {
			p := make([]byte, n)
			m, err := c.Read(p)
			fmt.Println("Read", m, err, p)
		}
		b, err := c.MarshalBinary()
		fmt.Println("marshal", b, err)
		d := rand.NewChaCha8([32]byte{})
		fmt.Println(d.UnmarshalBinary(b))
		x, y := make([]byte, 20), make([]byte, 20)
		c.Read(x)
		d.Read(y)
		fmt.Println(string(x) == string(y), c.Uint64() == d.Uint64())
	}
	// A long ChaCha8 stream crosses the rekeying.
	c := rand.NewChaCha8([32]byte{1, 2, 3})
	var sum uint64
	for i := 0; i < 3000; i++ {
		sum = sum*31 + c.Uint64()
	}
	fmt.Println("chacha sum", sum)
	p := rand.NewPCG(7, 8)
	sum = 0
	for i := 0; i < 3000; i++ {
		sum = sum*31 + p.Uint64()
	}
	fmt.Println("pcg sum", sum)

	fmt.Println("== user")
	dump(rand.New(&ctrSource{}))

	r := rand.New(rand.NewPCG(1, 1))
	try("Int64N", func() { r.Int64N(0) })
	try("Uint64N", func() { r.Uint64N(0) })
	try("Int32N", func() { r.Int32N(-3) })
	try("Uint32N", func() { r.Uint32N(0) })
	try("IntN", func() { r.IntN(0) })
	try("UintN", func() { r.UintN(0) })
	try("Shuffle", func() { r.Shuffle(-1, func(i, j int) {}) })
	try("N", func() { rand.N(0) })
	try("Zipf", func() { var z *rand.Zipf; z.Uint64() })
	fmt.Println(rand.NewZipf(r, 1, 1, 10) == nil)

	// Top-level functions: randomly seeded, only the ranges are stable.
	fmt.Println(rand.IntN(5) < 5, rand.N(int64(9)) < 9, rand.NormFloat64() < 100, rand.ExpFloat64() >= 0)
}
