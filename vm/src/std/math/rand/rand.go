// Package rand (math/rand) as minigo provides it, in Go: Go's additive
// lagged Fibonacci source (rngSource, seeded through the 48271 LCG and
// the rngCooked table) and Go's exact derivations for every method, so a
// seeded rand.New(rand.NewSource(n)) yields Go's numbers bit for bit.
// The top-level functions are seeded at random, as Go's are, and Seed is
// a no-op unless GODEBUG has randseednop=0 (or randautoseed=0, which
// seeds the top-level generator with 1), as in Go 1.24 and later.
package rand

import (
	"os"
	"sync"
	"time"
)

// A Source is a source of uniformly distributed int64s in [0, 1<<63).
type Source interface {
	Int63() int64
	Seed(seed int64)
}

// A Source64 is a Source that can also yield uint64s directly.
type Source64 interface {
	Source
	Uint64() uint64
}

const (
	rngLen   = 607
	rngTap   = 273
	rngMask  = 1<<63 - 1
	int32max = 1<<31 - 1
)

// rngSource is Mitchell and Reeds' additive lagged Fibonacci generator,
// x[n] = x[n-273] + x[n-607] (mod 2⁶⁴), over a ring of 607 words.
type rngSource struct {
	tap  int
	feed int
	vec  [rngLen]int64
}

// lcg48271 is one step of the Park-Miller generator x*48271 mod (2³¹-1),
// computed with Schrage's method so that it stays within 32 bits.
func lcg48271(x int32) int32 {
	const a, q, r = 48271, 44488, 3399
	x = a*(x%q) - r*(x/q)
	if x < 0 {
		x += int32max
	}
	return x
}

func (s *rngSource) Seed(seed int64) {
	s.tap = 0
	s.feed = rngLen - rngTap
	seed %= int32max
	if seed < 0 {
		seed += int32max
	}
	if seed == 0 {
		seed = 89482311
	}
	x := int32(seed)
	for i := 0; i < 20; i++ {
		x = lcg48271(x)
	}
	for i := 0; i < rngLen; i++ {
		x = lcg48271(x)
		u := int64(x) << 40
		x = lcg48271(x)
		u ^= int64(x) << 20
		x = lcg48271(x)
		u ^= int64(x)
		s.vec[i] = u ^ rngCooked[i]
	}
}

func (s *rngSource) Uint64() uint64 {
	s.tap--
	if s.tap < 0 {
		s.tap += rngLen
	}
	s.feed--
	if s.feed < 0 {
		s.feed += rngLen
	}
	x := s.vec[s.feed] + s.vec[s.tap]
	s.vec[s.feed] = x
	return uint64(x)
}

func (s *rngSource) Int63() int64 { return int64(s.Uint64() & rngMask) }

// NewSource returns a new Source seeded with seed; it is not safe for
// concurrent use.
func NewSource(seed int64) Source {
	s := new(rngSource)
	s.Seed(seed)
	return s
}

// A Rand is a source of random numbers.
type Rand struct {
	src Source
	s64 Source64

	// Read's pending bytes: readPos of them remain in readVal.
	readVal int64
	readPos int8
}

// New returns a Rand drawing from src.
func New(src Source) *Rand {
	s64, _ := src.(Source64)
	return &Rand{src: src, s64: s64}
}

// Seed reseeds the source and drops Read's pending bytes.
func (r *Rand) Seed(seed int64) {
	r.src.Seed(seed)
	r.readPos = 0
}

func (r *Rand) Int63() int64   { return r.src.Int63() }
func (r *Rand) Uint32() uint32 { return uint32(r.Int63() >> 31) }

func (r *Rand) Uint64() uint64 {
	if r.s64 != nil {
		return r.s64.Uint64()
	}
	return uint64(r.Int63())>>31 | uint64(r.Int63())<<32
}

func (r *Rand) Int31() int32 { return int32(r.Int63() >> 32) }
func (r *Rand) Int() int     { return int(uint(r.Int63()) << 1 >> 1) }

func (r *Rand) Int63n(n int64) int64 {
	if n <= 0 {
		panic("invalid argument to Int63n")
	}
	if n&(n-1) == 0 {
		return r.Int63() & (n - 1)
	}
	limit := int64(1<<63 - 1 - (1<<63)%uint64(n))
	v := r.Int63()
	for v > limit {
		v = r.Int63()
	}
	return v % n
}

func (r *Rand) Int31n(n int32) int32 {
	if n <= 0 {
		panic("invalid argument to Int31n")
	}
	if n&(n-1) == 0 {
		return r.Int31() & (n - 1)
	}
	limit := int32(1<<31 - 1 - (1<<31)%uint32(n))
	v := r.Int31()
	for v > limit {
		v = r.Int31()
	}
	return v % n
}

// lemire31 is a uniform value in [0, n) by Lemire's multiply-shift with
// rejection, as Shuffle draws them (n > 0).
func (r *Rand) lemire31(n int32) int32 {
	prod := uint64(r.Uint32()) * uint64(n)
	if uint32(prod) < uint32(n) {
		thresh := uint32(-n) % uint32(n)
		for uint32(prod) < thresh {
			prod = uint64(r.Uint32()) * uint64(n)
		}
	}
	return int32(prod >> 32)
}

func (r *Rand) Intn(n int) int {
	if n <= 0 {
		panic("invalid argument to Intn")
	}
	if n <= 1<<31-1 {
		return int(r.Int31n(int32(n)))
	}
	return int(r.Int63n(int64(n)))
}

func (r *Rand) Float64() float64 {
	for {
		f := float64(r.Int63()) / (1 << 63)
		if f != 1 {
			return f
		}
	}
}

func (r *Rand) Float32() float32 {
	for {
		f := float32(r.Float64())
		if f != 1 {
			return f
		}
	}
}

// Perm is a random permutation of [0, n), built by inside-out shuffling.
func (r *Rand) Perm(n int) []int {
	m := make([]int, n)
	for i := 0; i < n; i++ {
		j := r.Intn(i + 1)
		m[i] = m[j]
		m[j] = i
	}
	return m
}

// Shuffle is a Fisher-Yates shuffle from the end.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("invalid argument to Shuffle")
	}
	i := n - 1
	for ; i > 1<<31-2; i-- {
		swap(i, int(r.Int63n(int64(i+1))))
	}
	for ; i > 0; i-- {
		swap(i, int(r.lemire31(int32(i+1))))
	}
}

// Read fills p with bytes taken 7 at a time, low byte first, from the
// source's Int63 values; it always returns len(p) and a nil error.
func (r *Rand) Read(p []byte) (n int, err error) {
	next := r.src.Int63
	if g, ok := r.src.(*globalSource); ok {
		g.mu.Lock()
		defer g.mu.Unlock()
		next = g.s.Int63
	}
	pos, val := r.readPos, r.readVal
	for n = 0; n < len(p); n++ {
		if pos == 0 {
			val = next()
			pos = 7
		}
		p[n] = byte(val)
		val >>= 8
		pos--
	}
	r.readPos, r.readVal = pos, val
	return
}

// globalSource backs the top-level functions: a locked rngSource, either
// seeded at random or (with GODEBUG settings) by Seed.
type globalSource struct {
	mu sync.Mutex
	s  rngSource
}

func (g *globalSource) Int63() int64 {
	g.mu.Lock()
	v := g.s.Int63()
	g.mu.Unlock()
	return v
}

func (g *globalSource) Uint64() uint64 {
	g.mu.Lock()
	v := g.s.Uint64()
	g.mu.Unlock()
	return v
}

func (g *globalSource) Seed(seed int64) {
	g.mu.Lock()
	g.s.Seed(seed)
	g.mu.Unlock()
}

// godebug is the value of key in $GODEBUG (the last setting wins).
func godebug(key string) string {
	s := os.Getenv("GODEBUG")
	val := ""
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] != ',' {
			i++
		}
		kv := s[:i]
		if i < len(s) {
			s = s[i+1:]
		} else {
			s = ""
		}
		if len(kv) > len(key) && kv[:len(key)] == key && kv[len(key)] == '=' {
			val = kv[len(key)+1:]
		}
	}
	return val
}

var (
	globalMu   sync.Mutex
	globalR    *Rand
	seedNoop   bool
	randomSeed bool
)

func globalRand() *Rand {
	globalMu.Lock()
	defer globalMu.Unlock()
	if globalR == nil {
		seedNoop = godebug("randseednop") != "0"
		g := new(globalSource)
		if godebug("randautoseed") == "0" {
			g.s.Seed(1)
		} else {
			// A random seed spread by splitmix64 over the clock, then
			// the whole ring stirred so that no two runs share a state.
			t := uint64(time.Now().UnixNano())
			g.s.Seed(int64(t))
			for i := range g.s.vec {
				t += 0x9e3779b97f4a7c15
				z := t
				z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
				z = (z ^ z>>27) * 0x94d049bb133111eb
				g.s.vec[i] ^= int64(z ^ z>>31)
			}
		}
		globalR = New(g)
	}
	return globalR
}

// Seed seeds the top-level generator; since Go 1.24 it does nothing
// unless GODEBUG has randseednop=0.
func Seed(seed int64) {
	r := globalRand()
	if seedNoop {
		return
	}
	r.Seed(seed)
}

func Int63() int64                       { return globalRand().Int63() }
func Uint32() uint32                     { return globalRand().Uint32() }
func Uint64() uint64                     { return globalRand().Uint64() }
func Int31() int32                       { return globalRand().Int31() }
func Int() int                           { return globalRand().Int() }
func Int63n(n int64) int64               { return globalRand().Int63n(n) }
func Int31n(n int32) int32               { return globalRand().Int31n(n) }
func Intn(n int) int                     { return globalRand().Intn(n) }
func Float64() float64                   { return globalRand().Float64() }
func Float32() float32                   { return globalRand().Float32() }
func Perm(n int) []int                   { return globalRand().Perm(n) }
func Shuffle(n int, swap func(i, j int)) { globalRand().Shuffle(n, swap) }
func Read(p []byte) (n int, err error)   { return globalRand().Read(p) }
func NormFloat64() float64               { return globalRand().NormFloat64() }
func ExpFloat64() float64                { return globalRand().ExpFloat64() }
