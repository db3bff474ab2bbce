package main

import (
	"fmt"
	"math/rand"
	"strings"
)

// countSource is a user-defined Source (not a Source64).
type countSource struct{ n int64 }

func (c *countSource) Int63() int64 {
	c.n = c.n*6364136223846793005 + 1442695040888963407
	return int64(uint64(c.n) >> 1)
}
func (c *countSource) Seed(s int64) { c.n = s }

func try(name string, f func()) {
	defer func() {
		if e := recover(); e != nil {
			fmt.Println(name, "panic:", e)
		}
	}()
	f()
}

func dump(r *rand.Rand) {
	fmt.Println("Int63", r.Int63(), r.Int63(), r.Int63())
	fmt.Println("Uint32", r.Uint32(), r.Uint32())
	fmt.Println("Uint64", r.Uint64(), r.Uint64())
	fmt.Println("Int31", r.Int31(), r.Int31())
	fmt.Println("Int", r.Int(), r.Int())
	var b strings.Builder
	for _, n := range []int64{1, 2, 3, 6, 7, 8, 1000, 1 << 40, 1<<40 + 1, 1<<62 + 12345, 1<<63 - 1} {
		fmt.Fprint(&b, " ", r.Int63n(n))
	}
	fmt.Println("Int63n" + b.String())
	b.Reset()
	for _, n := range []int32{1, 2, 5, 64, 100, 3000, 1 << 30, 1<<31 - 1} {
		fmt.Fprint(&b, " ", r.Int31n(n))
	}
	fmt.Println("Int31n" + b.String())
	b.Reset()
	for _, n := range []int{1, 6, 3000, 1 << 20, 1<<31 - 1, 1 << 31, 1<<31 + 7, 1<<62 + 1} {
		fmt.Fprint(&b, " ", r.Intn(n))
	}
	fmt.Println("Intn" + b.String())
	fmt.Println("Float64", r.Float64(), r.Float64(), r.Float64())
	fmt.Println("Float32", r.Float32(), r.Float32(), r.Float32())
	fmt.Println("Perm", r.Perm(0), r.Perm(1), r.Perm(10))
	s := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	fmt.Println("Shuffle", s)
	for _, n := range []int{0, 1, 3, 7, 8, 15} {
		p := make([]byte, n)
		k, err := r.Read(p)
		fmt.Println("Read", k, err, p)
	}
	fmt.Println("Norm", r.NormFloat64(), r.NormFloat64(), r.NormFloat64(), r.NormFloat64())
	fmt.Println("Exp", r.ExpFloat64(), r.ExpFloat64(), r.ExpFloat64(), r.ExpFloat64())
}

func main() {
	r := rand.New(rand.NewSource(3))
	fmt.Println(r.Intn(6), r.Intn(3000), r.Int63())
	for _, seed := range []int64{0, 1, 3, -1, -7, 42, 89482311, 1<<31 - 1, 1 << 31, -1 << 63, 1<<63 - 1, 123456789012345} {
		fmt.Println("== seed", seed)
		dump(rand.New(rand.NewSource(seed)))
	}
	// Source64 directly.
	src := rand.NewSource(5).(rand.Source64)
	fmt.Println("Source64", src.Uint64(), src.Int63(), src.Uint64())

	// Many draws: sum a long sequence, and check the ring wraps around.
	r = rand.New(rand.NewSource(77))
	var sum uint64
	for i := 0; i < 5000; i++ {
		sum = sum*31 + r.Uint64()
	}
	fmt.Println("sum", sum)
	ns, es := 0.0, 0.0
	for i := 0; i < 2000; i++ {
		ns += r.NormFloat64()
		es += r.ExpFloat64()
	}
	fmt.Println("norm sum", ns, "exp sum", es)
	big := make([]int, 0, 5)
	r.Shuffle(100000, func(i, j int) {
		if i < 5 {
			big = append(big, j)
		}
	})
	fmt.Println("big shuffle tail", big)

	// Seed on a Rand restarts the sequence and drops Read's leftovers.
	r = rand.New(rand.NewSource(9))
	p := make([]byte, 3)
	r.Read(p)
	first := r.Int63()
	r.Seed(9)
	q := make([]byte, 10)
	r.Read(q)
	fmt.Println("reseed", p, first, q)

	// A user-defined Source (Uint64 from two Int63s; Read from Int63).
	u := rand.New(&countSource{1})
	fmt.Println("user", u.Int63(), u.Uint64(), u.Intn(10), u.Float64(), u.Perm(5))
	pp := make([]byte, 9)
	u.Read(pp)
	fmt.Println("user read", pp)

	// Zipf.
	z := rand.NewZipf(rand.New(rand.NewSource(11)), 1.5, 2, 100)
	var zs []uint64
	for i := 0; i < 20; i++ {
		zs = append(zs, z.Uint64())
	}
	fmt.Println("zipf", zs)
	z = rand.NewZipf(rand.New(rand.NewSource(-4)), 3, 1, 1<<40)
	zs = zs[:0]
	for i := 0; i < 10; i++ {
		zs = append(zs, z.Uint64())
	}
	fmt.Println("zipf2", zs)
	fmt.Println("bad zipf", rand.NewZipf(r, 1, 1, 10) == nil, rand.NewZipf(r, 2, 0.5, 10) == nil)

	// Panics.
	try("Int63n", func() { r.Int63n(0) })
	try("Int31n", func() { r.Int31n(-1) })
	try("Intn", func() { r.Intn(0) })
	try("Shuffle", func() { r.Shuffle(-1, func(i, j int) {}) })
	try("Zipf", func() { var z *rand.Zipf; z.Uint64() })

	// The top-level functions are randomly seeded: only their ranges are stable.
	rand.Seed(1)
	fmt.Println(rand.Intn(10) < 10, rand.Float64() < 1, len(rand.Perm(4)))
	buf := make([]byte, 5)
	n, err := rand.Read(buf)
	fmt.Println(n, err)
}
