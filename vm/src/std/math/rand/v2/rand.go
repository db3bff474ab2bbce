// Package rand (math/rand/v2) as minigo provides it, in Go: Go's PCG and
// ChaCha8 generators and Go's exact derivations (IntN's multiply-shift
// with rejection, Float64's 53 bits, Shuffle's order), so a seeded
// generator yields Go's numbers bit for bit. The top-level functions use
// a ChaCha8 seeded from the clock at start, so their sequence differs
// from run to run as Go's does.
package rand

import (
	"errors"
	"sync"
	"time"
)

// A Source is a source of uniformly distributed uint64s.
type Source interface {
	Uint64() uint64
}

// mul64 is the 128-bit product of x and y.
func mul64(x, y uint64) (hi, lo uint64) {
	const mask32 = 1<<32 - 1
	x0, x1 := x&mask32, x>>32
	y0, y1 := y&mask32, y>>32
	w0 := x0 * y0
	t := x1*y0 + w0>>32
	w1 := t&mask32 + x0*y1
	hi = x1*y1 + t>>32 + w1>>32
	lo = x * y
	return
}

// A Rand is a source of random numbers.
type Rand struct {
	src Source
}

// New returns a Rand drawing from src.
func New(src Source) *Rand { return &Rand{src: src} }

func (r *Rand) Int64() int64   { return int64(r.src.Uint64() &^ (1 << 63)) }
func (r *Rand) Uint32() uint32 { return uint32(r.src.Uint64() >> 32) }
func (r *Rand) Uint64() uint64 { return r.src.Uint64() }
func (r *Rand) Int32() int32   { return int32(r.src.Uint64() >> 33) }
func (r *Rand) Int() int       { return int(uint(r.src.Uint64()) << 1 >> 1) }
func (r *Rand) Uint() uint     { return uint(r.src.Uint64()) }

func (r *Rand) Int64N(n int64) int64 {
	if n <= 0 {
		panic("invalid argument to Int64N")
	}
	return int64(r.uint64n(uint64(n)))
}

func (r *Rand) Uint64N(n uint64) uint64 {
	if n == 0 {
		panic("invalid argument to Uint64N")
	}
	return r.uint64n(n)
}

// uint64n is a uniform value in [0, n): a mask for powers of two, else
// Lemire's multiply-shift, rejecting the low products below 2⁶⁴ mod n.
func (r *Rand) uint64n(n uint64) uint64 {
	if n&(n-1) == 0 {
		return r.Uint64() & (n - 1)
	}
	hi, lo := mul64(r.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = mul64(r.Uint64(), n)
		}
	}
	return hi
}

func (r *Rand) Int32N(n int32) int32 {
	if n <= 0 {
		panic("invalid argument to Int32N")
	}
	return int32(r.uint64n(uint64(n)))
}

func (r *Rand) Uint32N(n uint32) uint32 {
	if n == 0 {
		panic("invalid argument to Uint32N")
	}
	return uint32(r.uint64n(uint64(n)))
}

func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("invalid argument to IntN")
	}
	return int(r.uint64n(uint64(n)))
}

func (r *Rand) UintN(n uint) uint {
	if n == 0 {
		panic("invalid argument to UintN")
	}
	return uint(r.uint64n(uint64(n)))
}

// Float64 is a uniform value in [0.0, 1.0) from 53 random bits.
func (r *Rand) Float64() float64 {
	return float64(r.Uint64()<<11>>11) / (1 << 53)
}

// Float32 is a uniform value in [0.0, 1.0) from 24 random bits.
func (r *Rand) Float32() float32 {
	return float32(r.Uint32()<<8>>8) / (1 << 24)
}

// Perm is a random permutation of [0, n).
func (r *Rand) Perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	r.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

// Shuffle is a Fisher-Yates shuffle from the end.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("invalid argument to Shuffle")
	}
	for i := n - 1; i > 0; i-- {
		j := int(r.uint64n(uint64(i + 1)))
		swap(i, j)
	}
}

// A PCG is a PCG generator with 128 bits of state (DXSM output).
type PCG struct {
	hi uint64
	lo uint64
}

func NewPCG(seed1, seed2 uint64) *PCG { return &PCG{seed1, seed2} }

func (p *PCG) Seed(seed1, seed2 uint64) {
	p.hi = seed1
	p.lo = seed2
}

func appendBE64(b []byte, v uint64) []byte {
	return append(b, byte(v>>56), byte(v>>48), byte(v>>40), byte(v>>32),
		byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
}

func be64(b []byte) uint64 {
	var v uint64
	for i := 0; i < 8; i++ {
		v = v<<8 | uint64(b[i])
	}
	return v
}

func le64(b []byte) uint64 {
	var v uint64
	for i := 7; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

func appendLE64(b []byte, v uint64) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24),
		byte(v>>32), byte(v>>40), byte(v>>48), byte(v>>56))
}

func (p *PCG) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, "pcg:"...)
	b = appendBE64(b, p.hi)
	b = appendBE64(b, p.lo)
	return b, nil
}

func (p *PCG) MarshalBinary() ([]byte, error) {
	return p.AppendBinary(make([]byte, 0, 20))
}

var errUnmarshalPCG = errors.New("invalid PCG encoding")

func (p *PCG) UnmarshalBinary(data []byte) error {
	if len(data) != 20 || string(data[:4]) != "pcg:" {
		return errUnmarshalPCG
	}
	p.hi = be64(data[4:])
	p.lo = be64(data[12:])
	return nil
}

// next steps the 128-bit LCG: state = state * mul + inc (mod 2¹²⁸).
func (p *PCG) next() (hi, lo uint64) {
	const (
		mulHi = 2549297995355413924
		mulLo = 4865540595714422341
		incHi = 6364136223846793005
		incLo = 1442695040888963407
	)
	hi, lo = mul64(p.lo, mulLo)
	hi += p.hi*mulLo + p.lo*mulHi
	sum := lo + incLo
	carry := uint64(0)
	if sum < lo {
		carry = 1
	}
	lo = sum
	hi += incHi + carry
	p.lo = lo
	p.hi = hi
	return hi, lo
}

// Uint64 is the DXSM output of the next state.
func (p *PCG) Uint64() uint64 {
	hi, lo := p.next()
	const cheapMul = 0xda942042e4dd58b5
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> 48
	hi *= lo | 1
	return hi
}

// ChaCha8 generator state, as Go's internal/chacha8rand: blocks of 32
// words from four interleaved ChaCha8 blocks, rekeyed from the stream's
// last 4 words every 16 counters.
const (
	ctrInc = 4
	ctrMax = 16
	chunk  = 32
	reseed = 4
)

type chachaState struct {
	buf  [32]uint64
	seed [4]uint64
	i    uint32
	n    uint32
	c    uint32
}

func rotl(x uint32, k uint) uint32 { return x<<k | x>>(32-k) }

func quarter(a, b, c, d uint32) (uint32, uint32, uint32, uint32) {
	a += b
	d = rotl(d^a, 16)
	c += d
	b = rotl(b^c, 12)
	a += b
	d = rotl(d^a, 8)
	c += d
	b = rotl(b^c, 7)
	return a, b, c, d
}

// block fills buf with the four ChaCha8 blocks of counters counter to
// counter+3, laid out as Go's: word k of lane i is 32-bit element 4k+i.
func block(seed *[4]uint64, buf *[32]uint64, counter uint32) {
	var key [8]uint32
	for j := 0; j < 4; j++ {
		key[2*j] = uint32(seed[j])
		key[2*j+1] = uint32(seed[j] >> 32)
	}
	var out [16][4]uint32
	for lane := 0; lane < 4; lane++ {
		var x [16]uint32
		x[0], x[1], x[2], x[3] = 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
		for j := 0; j < 8; j++ {
			x[4+j] = key[j]
		}
		x[12] = counter + uint32(lane)
		for round := 0; round < 4; round++ {
			x[0], x[4], x[8], x[12] = quarter(x[0], x[4], x[8], x[12])
			x[1], x[5], x[9], x[13] = quarter(x[1], x[5], x[9], x[13])
			x[2], x[6], x[10], x[14] = quarter(x[2], x[6], x[10], x[14])
			x[3], x[7], x[11], x[15] = quarter(x[3], x[7], x[11], x[15])
			x[0], x[5], x[10], x[15] = quarter(x[0], x[5], x[10], x[15])
			x[1], x[6], x[11], x[12] = quarter(x[1], x[6], x[11], x[12])
			x[2], x[7], x[8], x[13] = quarter(x[2], x[7], x[8], x[13])
			x[3], x[4], x[9], x[14] = quarter(x[3], x[4], x[9], x[14])
		}
		// Only the key words get the input added back.
		for j := 0; j < 8; j++ {
			x[4+j] += key[j]
		}
		for k := 0; k < 16; k++ {
			out[k][lane] = x[k]
		}
	}
	for k := 0; k < 16; k++ {
		buf[2*k] = uint64(out[k][0]) | uint64(out[k][1])<<32
		buf[2*k+1] = uint64(out[k][2]) | uint64(out[k][3])<<32
	}
}

func (s *chachaState) next() (uint64, bool) {
	if s.i >= s.n {
		return 0, false
	}
	s.i++
	return s.buf[(s.i-1)&31], true
}

func (s *chachaState) init(seed [32]byte) {
	s.init64([4]uint64{le64(seed[0:]), le64(seed[8:]), le64(seed[16:]), le64(seed[24:])})
}

func (s *chachaState) init64(seed [4]uint64) {
	s.seed = seed
	block(&s.seed, &s.buf, 0)
	s.c = 0
	s.i = 0
	s.n = chunk
}

func (s *chachaState) refill() {
	s.c += ctrInc
	if s.c == ctrMax {
		// Rekey from the last words of the previous block.
		for j := 0; j < reseed; j++ {
			s.seed[j] = s.buf[len(s.buf)-reseed+j]
		}
		s.c = 0
	}
	block(&s.seed, &s.buf, s.c)
	s.i = 0
	s.n = uint32(len(s.buf))
	if s.c == ctrMax-ctrInc {
		s.n = uint32(len(s.buf)) - reseed
	}
}

func (s *chachaState) marshal() []byte {
	data := make([]byte, 0, 48)
	data = append(data, "chacha8:"...)
	used := (s.c/ctrInc)*chunk + s.i
	data = appendBE64(data, uint64(used))
	for _, w := range s.seed {
		data = appendLE64(data, w)
	}
	return data
}

type errUnmarshalChaCha8 struct{}

func (*errUnmarshalChaCha8) Error() string { return "invalid ChaCha8 encoding" }

func (s *chachaState) unmarshal(data []byte) error {
	if len(data) != 48 || string(data[:8]) != "chacha8:" {
		return new(errUnmarshalChaCha8)
	}
	used := be64(data[8:])
	if used > (ctrMax/ctrInc)*chunk-reseed {
		return new(errUnmarshalChaCha8)
	}
	for j := range s.seed {
		s.seed[j] = le64(data[16+8*j:])
	}
	s.c = ctrInc * (uint32(used) / chunk)
	block(&s.seed, &s.buf, s.c)
	s.i = uint32(used) % chunk
	s.n = chunk
	if s.c == ctrMax-ctrInc {
		s.n = chunk - reseed
	}
	return nil
}

// A ChaCha8 is a ChaCha8-based cryptographically strong generator.
type ChaCha8 struct {
	state   chachaState
	readBuf [8]byte
	readLen int
}

func NewChaCha8(seed [32]byte) *ChaCha8 {
	c := new(ChaCha8)
	c.state.init(seed)
	return c
}

func (c *ChaCha8) Seed(seed [32]byte) {
	c.state.init(seed)
	c.readLen = 0
	c.readBuf = [8]byte{}
}

func (c *ChaCha8) Uint64() uint64 {
	for {
		if x, ok := c.state.next(); ok {
			return x
		}
		c.state.refill()
	}
}

func putLE64(b []byte, v uint64) {
	for i := 0; i < 8; i++ {
		b[i] = byte(v >> (8 * i))
	}
}

// Read fills p with random bytes (little-endian words); it never fails.
func (c *ChaCha8) Read(p []byte) (n int, err error) {
	if c.readLen > 0 {
		n = copy(p, c.readBuf[len(c.readBuf)-c.readLen:])
		c.readLen -= n
		p = p[n:]
	}
	for len(p) >= 8 {
		putLE64(p, c.Uint64())
		p = p[8:]
		n += 8
	}
	if len(p) > 0 {
		putLE64(c.readBuf[:], c.Uint64())
		n += copy(p, c.readBuf[:])
		c.readLen = 8 - len(p)
	}
	return
}

func (c *ChaCha8) UnmarshalBinary(data []byte) error {
	const prefix = "readbuf:"
	if len(data) >= len(prefix) && string(data[:len(prefix)]) == prefix {
		data = data[len(prefix):]
		if len(data) == 0 || len(data) < int(1+data[0]) {
			return errors.New("invalid ChaCha8 Read buffer encoding")
		}
		buf := data[1 : 1+data[0]]
		data = data[1+data[0]:]
		c.readLen = copy(c.readBuf[len(c.readBuf)-len(buf):], buf)
	}
	return c.state.unmarshal(data)
}

func (c *ChaCha8) AppendBinary(b []byte) ([]byte, error) {
	if c.readLen > 0 {
		b = append(b, "readbuf:"...)
		b = append(b, uint8(c.readLen))
		b = append(b, c.readBuf[len(c.readBuf)-c.readLen:]...)
	}
	return append(b, c.state.marshal()...), nil
}

func (c *ChaCha8) MarshalBinary() ([]byte, error) {
	return c.AppendBinary(make([]byte, 0, 64))
}

// The top-level functions draw from a ChaCha8 seeded from the clock.
type globalSource struct {
	mu sync.Mutex
	c  *ChaCha8
}

func (g *globalSource) Uint64() uint64 {
	g.mu.Lock()
	x := g.c.Uint64()
	g.mu.Unlock()
	return x
}

func newGlobal() *Rand {
	var seed [32]byte
	t := uint64(time.Now().UnixNano())
	for i := 0; i < 4; i++ {
		// splitmix64 spreads the clock over the key.
		t += 0x9e3779b97f4a7c15
		z := t
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		putLE64(seed[8*i:], z^z>>31)
	}
	return &Rand{src: &globalSource{c: NewChaCha8(seed)}}
}

var globalRand = newGlobal()

func Int64() int64                       { return globalRand.Int64() }
func Uint32() uint32                     { return globalRand.Uint32() }
func Uint64N(n uint64) uint64            { return globalRand.Uint64N(n) }
func Uint32N(n uint32) uint32            { return globalRand.Uint32N(n) }
func Uint64() uint64                     { return globalRand.Uint64() }
func Int32() int32                       { return globalRand.Int32() }
func Int() int                           { return globalRand.Int() }
func Uint() uint                         { return globalRand.Uint() }
func Int64N(n int64) int64               { return globalRand.Int64N(n) }
func Int32N(n int32) int32               { return globalRand.Int32N(n) }
func IntN(n int) int                     { return globalRand.IntN(n) }
func UintN(n uint) uint                  { return globalRand.UintN(n) }
func Float64() float64                   { return globalRand.Float64() }
func Float32() float32                   { return globalRand.Float32() }
func Perm(n int) []int                   { return globalRand.Perm(n) }
func Shuffle(n int, swap func(i, j int)) { globalRand.Shuffle(n, swap) }

type intType interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// N is a uniform value in [0, n) of any integer type.
func N[Int intType](n Int) Int {
	if n <= 0 {
		panic("invalid argument to N")
	}
	return Int(globalRand.uint64n(uint64(n)))
}
