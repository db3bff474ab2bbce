package main

import (
	"fmt"
	"math/rand/v2"
	"time"
)

type myInt int16

func main() {
	p := rand.NewPCG(42, 1024)
	r := rand.New(p)
	fmt.Println(r.IntN(100), r.IntN(100), r.Int(), r.Int64(), r.Int32(), r.Uint32(), r.Uint64(), r.Uint())
	fmt.Println(r.Int64N(1e18), r.Int32N(1000), r.Uint64N(1<<40), r.Uint32N(7), r.UintN(1000000007), r.IntN(1<<20))
	fmt.Println(r.Float64(), r.Float32(), r.Perm(10))
	s := []string{"a", "b", "c", "d", "e", "f"}
	r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	fmt.Println(s)
	for i := 0; i < 5; i++ {
		fmt.Print(r.Uint64N(3), " ", r.Uint64N(1<<63+5), " ", r.IntN(1000), " ")
	}
	fmt.Println()
	p.Seed(1, 2)
	fmt.Println(p.Uint64(), p.Uint64())
	b, err := p.MarshalBinary()
	fmt.Printf("%x %v\n", b, err)
	var q rand.PCG
	fmt.Println(q.UnmarshalBinary(b), q.Uint64() == p.Uint64(), q.UnmarshalBinary([]byte("pcg:")))
	var seed [32]byte
	copy(seed[:], "chacha8 seed for minigo tests!!!")
	c := rand.NewChaCha8(seed)
	for i := 0; i < 4; i++ {
		fmt.Print(c.Uint64(), " ")
	}
	fmt.Println()
	// Run past several refills and a rekey.
	var sum uint64
	for i := 0; i < 1000; i++ {
		sum ^= c.Uint64() * uint64(i+1)
	}
	fmt.Println(sum)
	buf := make([]byte, 13)
	n, err := c.Read(buf)
	fmt.Printf("%d %v %x\n", n, err, buf)
	st, _ := c.MarshalBinary()
	fmt.Printf("%x\n", st)
	var c2 rand.ChaCha8
	fmt.Println(c2.UnmarshalBinary(st), c2.Uint64() == c.Uint64(), c2.UnmarshalBinary([]byte("x")))
	buf2 := make([]byte, 3)
	c.Read(buf2)
	c2.Read(buf2)
	fmt.Printf("%x\n", buf2)
	c.Seed(seed)
	fmt.Println(c.Uint64())
	rc := rand.New(rand.NewChaCha8([32]byte{1, 2, 3}))
	fmt.Println(rc.IntN(10), rc.Float64(), rc.Perm(5), rc.Int64N(99999999999))
	for _, f := range []func(){
		func() { r.IntN(0) }, func() { r.Int64N(-1) }, func() { r.Uint64N(0) }, func() { r.Int32N(0) },
		func() { r.Uint32N(0) }, func() { r.UintN(0) }, func() { r.Shuffle(-1, nil) }, func() { rand.N(0) },
	} {
		func() {
			defer func() { fmt.Println("panic:", recover()) }()
			f()
		}()
	}
	// Unseeded: only ranges can be checked.
	ok := true
	for i := 0; i < 1000; i++ {
		if v := rand.IntN(10); v < 0 || v >= 10 {
			ok = false
		}
		if f := rand.Float64(); f < 0 || f >= 1 {
			ok = false
		}
		if d := rand.N(time.Second); d < 0 || d >= time.Second {
			ok = false
		}
		if m := rand.N(myInt(300)); m < 0 || m >= 300 {
			ok = false
		}
	}
	fmt.Println(ok, len(rand.Perm(7)), rand.Int() >= 0, rand.Int64() >= 0, rand.Int32() >= 0, rand.Uint32N(5) < 5, rand.Int64N(5) < 5, rand.Int32N(5) < 5, rand.UintN(3) < 3, rand.Uint64N(3) < 3)
	_, _, _ = rand.Uint64(), rand.Uint32(), rand.Uint()
	fmt.Println(rand.Float32() < 1)
	rand.Shuffle(3, func(i, j int) {})
}
