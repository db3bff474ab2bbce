package rand

import "math"

// Ziggurat constants: the start of the exponential and normal tails.
const (
	zigExpR  = 7.69711747013104972
	zigNormR = 3.442619855899
)

// ExpFloat64 is an exponentially distributed value with rate 1, by
// Marsaglia and Tsang's ziggurat: one Uint64 gives the value's 32 bits
// (low word) and the box (bits 32-39).
func (r *Rand) ExpFloat64() float64 {
	for {
		u := r.Uint64()
		j := uint32(u)
		i := uint8(u >> 32)
		x := float64(j) * float64(we[i])
		if j < ke[i] {
			return x
		}
		if i == 0 {
			return zigExpR - math.Log(r.Float64())
		}
		if fe[i]+float32(r.Float64())*(fe[i-1]-fe[i]) < float32(math.Exp(-x)) {
			return x
		}
	}
}

// NormFloat64 is a standard normal value, by the ziggurat over 128
// boxes: the signed low word scales the box chosen by bits 32-38.
func (r *Rand) NormFloat64() float64 {
	for {
		u := r.Uint64()
		j := int32(u)
		i := (u >> 32) & 0x7F
		x := float64(j) * float64(wn[i])
		aj := uint32(j)
		if j < 0 {
			aj = uint32(-j)
		}
		if aj < kn[i] {
			return x
		}
		if i == 0 {
			for {
				x = -math.Log(r.Float64()) * (1.0 / zigNormR)
				y := -math.Log(r.Float64())
				if y+y >= x*x {
					break
				}
			}
			if j > 0 {
				return zigNormR + x
			}
			return -zigNormR - x
		}
		if fn[i]+float32(r.Float64())*(fn[i-1]-fn[i]) < float32(math.Exp(-.5*x*x)) {
			return x
		}
	}
}

// A Zipf generates Zipf distributed variates (rejection-inversion, W.
// Hormann and G. Derflinger).
type Zipf struct {
	r            *Rand
	imax         float64
	v            float64
	q            float64
	s            float64
	oneminusQ    float64
	oneminusQinv float64
	hxm          float64
	hx0minusHxm  float64
}

func (z *Zipf) h(x float64) float64 {
	return math.Exp(z.oneminusQ*math.Log(z.v+x)) * z.oneminusQinv
}

func (z *Zipf) hinv(x float64) float64 {
	return math.Exp(z.oneminusQinv*math.Log(z.oneminusQ*x)) - z.v
}

// NewZipf returns a Zipf generator of values k in [0, imax] with
// P(k) proportional to (v + k) ** (-s); nil unless s > 1 and v >= 1.
func NewZipf(r *Rand, s float64, v float64, imax uint64) *Zipf {
	if s <= 1.0 || v < 1 {
		return nil
	}
	z := &Zipf{r: r, imax: float64(imax), v: v, q: s}
	z.oneminusQ = 1.0 - z.q
	z.oneminusQinv = 1.0 / z.oneminusQ
	z.hxm = z.h(z.imax + 0.5)
	z.hx0minusHxm = z.h(0.5) - math.Exp(math.Log(z.v)*(-z.q)) - z.hxm
	z.s = 1 - z.hinv(z.h(1.5)-math.Exp(-z.q*math.Log(z.v+1.0)))
	return z
}

// Uint64 is a value drawn from the Zipf distribution.
func (z *Zipf) Uint64() uint64 {
	if z == nil {
		panic("rand: nil Zipf")
	}
	k := 0.0
	for {
		r := z.r.Float64()
		ur := z.hxm + r*z.hx0minusHxm
		x := z.hinv(ur)
		k = math.Floor(x + 0.5)
		if k-x <= z.s {
			break
		}
		if ur >= z.h(k+0.5)-math.Exp(-math.Log(k+z.v)*z.q) {
			break
		}
	}
	return uint64(k)
}

// NormFloat64 is a standard normal value from the top-level generator.
func NormFloat64() float64 { return globalRand.NormFloat64() }

// ExpFloat64 is an exponential value from the top-level generator.
func ExpFloat64() float64 { return globalRand.ExpFloat64() }
