// Package rand (math/rand) as minigo provides it: Go's API over a
// splitmix64 generator. The top-level functions are seeded at random, as
// Go's are since 1.20, so no program can depend on their sequence; a
// seeded rand.New(rand.NewSource(n)) is deterministic but does not
// reproduce Go's exact numbers.
package rand

import "time"

type Source interface {
	Int63() int64
	Seed(seed int64)
}

type splitmix struct {
	state uint64
}

func (s *splitmix) Seed(seed int64) { s.state = uint64(seed) }

func (s *splitmix) next() uint64 {
	s.state += 0x9E3779B97F4A7C15
	z := s.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

func (s *splitmix) Int63() int64 { return int64(s.next() >> 1) }

func NewSource(seed int64) Source { return &splitmix{uint64(seed)} }

type Rand struct {
	src Source
}

func New(src Source) *Rand { return &Rand{src} }

func (r *Rand) Seed(seed int64) { r.src.Seed(seed) }
func (r *Rand) Int63() int64    { return r.src.Int63() }
func (r *Rand) Uint32() uint32  { return uint32(r.Int63() >> 31) }
func (r *Rand) Uint64() uint64  { return uint64(r.Int63())>>31 | uint64(r.Int63())<<32 }
func (r *Rand) Int31() int32    { return int32(r.Int63() >> 32) }
func (r *Rand) Int() int        { return int(uint(r.Int63())) }

func (r *Rand) Int63n(n int64) int64 {
	if n <= 0 {
		panic("invalid argument to Int63n")
	}
	max := int64((1 << 63) - 1 - (1<<63)%uint64(n))
	v := r.Int63()
	for v > max {
		v = r.Int63()
	}
	return v % n
}

func (r *Rand) Int31n(n int32) int32 {
	if n <= 0 {
		panic("invalid argument to Int31n")
	}
	return int32(r.Int63n(int64(n)))
}

func (r *Rand) Intn(n int) int {
	if n <= 0 {
		panic("invalid argument to Intn")
	}
	return int(r.Int63n(int64(n)))
}

func (r *Rand) Float64() float64 {
	for {
		f := float64(r.Int63()) / (1 << 63)
		if f < 1 {
			return f
		}
	}
}

func (r *Rand) Float32() float32 {
	for {
		f := float32(r.Float64())
		if f < 1 {
			return f
		}
	}
}

func (r *Rand) Perm(n int) []int {
	m := make([]int, n)
	for i := 0; i < n; i++ {
		j := r.Intn(i + 1)
		m[i] = m[j]
		m[j] = i
	}
	return m
}

func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("invalid argument to Shuffle")
	}
	for i := n - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		swap(i, j)
	}
}

var global = New(NewSource(time.Now().UnixNano()))

func Seed(seed int64)                  { global.Seed(seed) }
func Int63() int64                     { return global.Int63() }
func Uint32() uint32                   { return global.Uint32() }
func Uint64() uint64                   { return global.Uint64() }
func Int31() int32                     { return global.Int31() }
func Int() int                         { return global.Int() }
func Int63n(n int64) int64             { return global.Int63n(n) }
func Int31n(n int32) int32             { return global.Int31n(n) }
func Intn(n int) int                   { return global.Intn(n) }
func Float64() float64                 { return global.Float64() }
func Float32() float32                 { return global.Float32() }
func Perm(n int) []int                 { return global.Perm(n) }
func Shuffle(n int, swap func(i, j int)) { global.Shuffle(n, swap) }
