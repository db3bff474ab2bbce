// Command gen writes the math tables that vm/tests/math_tables.rs checks
// bit for bit against minigo's math package, from real Go's results:
//
//	go run gen.go -tables .       (in testdata/math: rewrites tables/*.txt)
//	go run gen.go -stream Sin -n 1000000 -seed 7   (binary records on stdout
//	                               for the differential test, see the
//	                               ignored test in vm/tests/math_tables.rs)
//
// A table line is "Name arg... = result...": floats as 16 hex digits of
// their bits, ints in decimal.
package main

import (
	"bufio"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
)

// The kinds of signature.
const (
	kF1     = iota // func(float64) float64
	kF2            // func(float64, float64) float64
	kF3            // FMA
	kFrexp         // func(float64) (float64, int)
	kLdexp         // func(float64, int) float64
	kIlogb         // func(float64) int
	kLgamma        // func(float64) (float64, int)
	kSincos        // func(float64) (float64, float64)
	kBessel        // func(int, float64) float64
	kPow10         // func(int) float64
	kF32           // Nextafter32
)

type fn struct {
	name string
	kind int
	f1   func(float64) float64
	f2   func(float64, float64) float64
	dom  func(r *rand.Rand) float64 // extra inputs in the function's domain
	dom2 func(r *rand.Rand) (float64, float64)
}

func unit(r *rand.Rand) float64  { return 2*r.Float64() - 1 }
func nearOne(r *rand.Rand) float64 {
	k := r.IntN(60)
	v := 1 - math.Ldexp(r.Float64(), -k)
	if r.IntN(2) == 0 {
		v = -v
	}
	return v
}
func positive(r *rand.Rand) float64 { return math.Abs(anyX(r)) }
func ge1(r *rand.Rand) float64      { return 1 + math.Abs(anyX(r)) }

var fns = []fn{
	{name: "Abs", kind: kF1, f1: math.Abs},
	{name: "Acos", kind: kF1, f1: math.Acos, dom: unit},
	{name: "Acosh", kind: kF1, f1: math.Acosh, dom: ge1},
	{name: "Asin", kind: kF1, f1: math.Asin, dom: unit},
	{name: "Asinh", kind: kF1, f1: math.Asinh},
	{name: "Atan", kind: kF1, f1: math.Atan},
	{name: "Atan2", kind: kF2, f2: math.Atan2},
	{name: "Atanh", kind: kF1, f1: math.Atanh, dom: unit},
	{name: "Cbrt", kind: kF1, f1: math.Cbrt},
	{name: "Ceil", kind: kF1, f1: math.Ceil},
	{name: "Copysign", kind: kF2, f2: math.Copysign},
	{name: "Cos", kind: kF1, f1: math.Cos},
	{name: "Cosh", kind: kF1, f1: math.Cosh},
	{name: "Dim", kind: kF2, f2: math.Dim},
	{name: "Erf", kind: kF1, f1: math.Erf},
	{name: "Erfc", kind: kF1, f1: math.Erfc},
	{name: "Erfcinv", kind: kF1, f1: math.Erfcinv, dom: func(r *rand.Rand) float64 { return 1 + unit(r) }},
	{name: "Erfinv", kind: kF1, f1: math.Erfinv, dom: func(r *rand.Rand) float64 {
		if r.IntN(2) == 0 {
			return nearOne(r)
		}
		return unit(r)
	}},
	{name: "Exp", kind: kF1, f1: math.Exp, dom: func(r *rand.Rand) float64 { return 1500*r.Float64() - 750 }},
	{name: "Exp2", kind: kF1, f1: math.Exp2, dom: func(r *rand.Rand) float64 { return 2200*r.Float64() - 1100 }},
	{name: "Expm1", kind: kF1, f1: math.Expm1, dom: func(r *rand.Rand) float64 { return 1500*r.Float64() - 750 }},
	{name: "FMA", kind: kF3},
	{name: "Floor", kind: kF1, f1: math.Floor},
	{name: "Frexp", kind: kFrexp},
	{name: "Gamma", kind: kF1, f1: math.Gamma, dom: func(r *rand.Rand) float64 { return 400*r.Float64() - 200 }},
	{name: "Hypot", kind: kF2, f2: math.Hypot},
	{name: "Ilogb", kind: kIlogb},
	{name: "J0", kind: kF1, f1: math.J0},
	{name: "J1", kind: kF1, f1: math.J1},
	{name: "Jn", kind: kBessel},
	{name: "Ldexp", kind: kLdexp},
	{name: "Lgamma", kind: kLgamma},
	{name: "Log", kind: kF1, f1: math.Log, dom: positive},
	{name: "Log10", kind: kF1, f1: math.Log10, dom: positive},
	{name: "Log1p", kind: kF1, f1: math.Log1p, dom: func(r *rand.Rand) float64 { return positive(r) - 1 }},
	{name: "Log2", kind: kF1, f1: math.Log2, dom: positive},
	{name: "Logb", kind: kF1, f1: math.Logb},
	{name: "Max", kind: kF2, f2: math.Max},
	{name: "Min", kind: kF2, f2: math.Min},
	{name: "Mod", kind: kF2, f2: math.Mod},
	{name: "Modf", kind: kSincos},
	{name: "Nextafter", kind: kF2, f2: math.Nextafter},
	{name: "Nextafter32", kind: kF32},
	{name: "Pow", kind: kF2, f2: math.Pow, dom2: powArgs},
	{name: "Pow10", kind: kPow10},
	{name: "Remainder", kind: kF2, f2: math.Remainder},
	{name: "Round", kind: kF1, f1: math.Round},
	{name: "RoundToEven", kind: kF1, f1: math.RoundToEven},
	{name: "Sin", kind: kF1, f1: math.Sin},
	{name: "Sincos", kind: kSincos},
	{name: "Sinh", kind: kF1, f1: math.Sinh},
	{name: "Sqrt", kind: kF1, f1: math.Sqrt, dom: positive},
	{name: "Tan", kind: kF1, f1: math.Tan},
	{name: "Tanh", kind: kF1, f1: math.Tanh},
	{name: "Trunc", kind: kF1, f1: math.Trunc},
	{name: "Y0", kind: kF1, f1: math.Y0, dom: positive},
	{name: "Y1", kind: kF1, f1: math.Y1, dom: positive},
	{name: "Yn", kind: kBessel},
}

func powArgs(r *rand.Rand) (float64, float64) {
	switch r.IntN(5) {
	case 0:
		return 10 * r.Float64(), 100*r.Float64() - 50
	case 1:
		return 1 + math.Ldexp(unit(r), -r.IntN(50)), math.Ldexp(unit(r), r.IntN(60))
	case 2:
		return -20 * r.Float64(), float64(r.IntN(200) - 100)
	case 3:
		return anyX(r), float64(r.IntN(2000) - 1000)
	}
	return positive(r), unit(r) * 1000
}

// Branch points of the algorithms and other edge cases.
var edges = []float64{
	0, 1, 2, 3, 0.5, 0.25, 0.7, 0.66, 0.625, 0.84375, 1.25, 0.85, 0.9, 1.5, 6, 8, 21, 28, 33, 5,
	2.41421356237309504880, 4.5454, 2.8571, 1 / 0.35, 143.01608, 200, 171.62, 171.63,
	0x1p-28, 0x1p-29, 0x1p-54, 0x1p-56, 0x1p-27, 0x1p-13, 0x1p-70, 0x1p28, 0x1p29, 0x1p52, 0x1p53,
	0x1p58, 0x1p63, 0x1p64, 0x1p129, 0x1p302, 0x1p1000,
	709.782712893383973096, 709.78, 710, 745.133219101941108420, 745.2, 1023.9999999999999, 1024, 1074, 1075,
	0.6931471805599453, 0.34657359027997264, 1.0397207708399179, 38.816242111356935, 44.014845965556525,
	0.4142135623730950488, 0.2928932188134524755,
	math.Pi / 4, math.Pi / 2, math.Pi, 3 * math.Pi / 2, 2 * math.Pi, 1e6 * math.Pi, 1e15, 1e22, 1e300,
	1e-300, 1e-310, 1e-320, 5e-324, 2.2250738585072014e-308, 2.225073858507201e-308,
	math.MaxFloat64, math.MaxFloat64 / 2, 1.461632144968362245, 0.231632144968362245, 0.731632144968362245,
	1.231632144968362245, 1.731632144968362245, 0.1, 0.2, 0.3, 1.1, 7.5, 100, 1000, 1e10,
}

func edgeInputs() []float64 {
	var out []float64
	seen := map[uint64]bool{}
	add := func(v float64) {
		b := math.Float64bits(v)
		if !seen[b] {
			seen[b] = true
			out = append(out, v)
		}
	}
	for _, e := range edges {
		for _, v := range []float64{e, math.Nextafter(e, math.Inf(1)), math.Nextafter(e, math.Inf(-1))} {
			add(v)
			add(-v)
		}
	}
	add(math.Inf(1))
	add(math.Inf(-1))
	add(math.NaN())
	add(math.Copysign(0, -1))
	return out
}

// anyX draws from several distributions.
func anyX(r *rand.Rand) float64 {
	switch r.IntN(8) {
	case 0:
		return 20*r.Float64() - 10 // uniform small
	case 1: // wide exponent range
		for {
			v := math.Float64frombits(r.Uint64())
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				return v
			}
		}
	case 2: // integers and halves
		return float64(r.IntN(400)-200) / float64(1+r.IntN(2))
	case 3: // near multiples of pi/2
		k := float64(r.IntN(1 << uint(r.IntN(40))))
		v := k * math.Pi / 2
		for i := r.IntN(4); i > 0; i-- {
			v = math.Nextafter(v, math.Inf(1-2*r.IntN(2)))
		}
		return v
	case 4: // near 0
		return math.Ldexp(unit(r), -r.IntN(1080))
	case 5:
		return nearOne(r)
	case 6: // moderate magnitudes
		return math.Ldexp(unit(r), r.IntN(64))
	}
	return 1000*r.Float64() - 500
}

func f64(v float64) string { return fmt.Sprintf("%016x", math.Float64bits(v)) }

// row evaluates fn on inputs drawn by i and returns the line.
func row(f *fn, r *rand.Rand, x, y float64, n int) string {
	switch f.kind {
	case kF1:
		return fmt.Sprintf("%s %s = %s", f.name, f64(x), f64(f.f1(x)))
	case kF2:
		return fmt.Sprintf("%s %s %s = %s", f.name, f64(x), f64(y), f64(f.f2(x, y)))
	case kF3:
		z := anyX(r)
		return fmt.Sprintf("%s %s %s %s = %s", f.name, f64(x), f64(y), f64(z), f64(math.FMA(x, y, z)))
	case kFrexp:
		fr, e := math.Frexp(x)
		return fmt.Sprintf("%s %s = %s %d", f.name, f64(x), f64(fr), e)
	case kLdexp:
		return fmt.Sprintf("%s %s %d = %s", f.name, f64(x), n, f64(math.Ldexp(x, n)))
	case kIlogb:
		return fmt.Sprintf("%s %s = %d", f.name, f64(x), math.Ilogb(x))
	case kLgamma:
		l, s := math.Lgamma(x)
		return fmt.Sprintf("%s %s = %s %d", f.name, f64(x), f64(l), s)
	case kSincos:
		var a, b float64
		if f.name == "Modf" {
			a, b = math.Modf(x)
		} else {
			a, b = math.Sincos(x)
		}
		return fmt.Sprintf("%s %s = %s %s", f.name, f64(x), f64(a), f64(b))
	case kBessel:
		var v float64
		if f.name == "Jn" {
			v = math.Jn(n, x)
		} else {
			v = math.Yn(n, x)
		}
		return fmt.Sprintf("%s %d %s = %s", f.name, n, f64(x), f64(v))
	case kPow10:
		return fmt.Sprintf("%s %d = %s", f.name, n, f64(math.Pow10(n)))
	case kF32:
		a, b := float32(x), float32(y)
		v := math.Nextafter32(a, b)
		return fmt.Sprintf("%s %08x %08x = %08x", f.name, math.Float32bits(a), math.Float32bits(b), math.Float32bits(v))
	}
	panic(f.name)
}

func smallInt(r *rand.Rand) int {
	switch r.IntN(4) {
	case 0:
		return r.IntN(7) - 3
	case 1:
		return r.IntN(80) - 40
	case 2:
		return r.IntN(2400) - 1200
	}
	return r.IntN(400) - 200
}

// draw returns the inputs of one random row.
func draw(f *fn, r *rand.Rand) (x, y float64, n int) {
	x, y = anyX(r), anyX(r)
	if f.dom != nil && r.IntN(2) == 0 {
		x = f.dom(r)
	}
	if f.dom2 != nil && r.IntN(3) != 0 {
		x, y = f.dom2(r)
	}
	if f.kind == kF2 && r.IntN(4) == 0 {
		y = x * (1 + unit(r)*0.5) // near each other
	}
	n = smallInt(r)
	if f.kind == kBessel {
		n = r.IntN(60) - 10
		if r.IntN(2) == 0 {
			x = 50 * r.Float64()
		}
	}
	return
}

func tables(dir string, rows int) error {
	edge := edgeInputs()
	for i := range fns {
		f := &fns[i]
		r := rand.New(rand.NewPCG(uint64(i), 35))
		var lines []string
		switch f.kind {
		case kF2, kF3, kF32:
			special := []float64{0, math.Copysign(0, -1), 1, -1, 2, 0.5, -3, math.Pi, 1e300, 1e-300,
				0x1p-1022, 5e-324, math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN()}
			for _, x := range special {
				for _, y := range special {
					lines = append(lines, row(f, r, x, y, 0))
				}
			}
			for _, x := range edge {
				lines = append(lines, row(f, r, x, anyX(r), 0))
			}
		case kLdexp, kBessel:
			ns := []int{0, 1, 2, -1, -2, 5, -5, 52, -1074, 1023, 1024, 2000, -2000, 33, 34}
			for _, x := range []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 2.5, 10, 100, 5e-324, math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN()} {
				for _, n := range ns {
					lines = append(lines, row(f, r, x, 0, n))
				}
			}
			for _, x := range edge {
				lines = append(lines, row(f, r, x, 0, ns[r.IntN(len(ns))]))
			}
		case kPow10:
			for n := -330; n <= 330; n++ {
				lines = append(lines, row(f, r, 0, 0, n))
			}
		default:
			for _, x := range edge {
				lines = append(lines, row(f, r, x, 0, 0))
			}
		}
		for k := 0; k < rows; k++ {
			x, y, n := draw(f, r)
			lines = append(lines, row(f, r, x, y, n))
		}
		lines = dedup(lines)
		out, err := os.Create(filepath.Join(dir, "tables", f.name+".txt"))
		if err != nil {
			return err
		}
		w := bufio.NewWriter(out)
		for _, l := range lines {
			fmt.Fprintln(w, l)
		}
		if err := w.Flush(); err != nil {
			return err
		}
		out.Close()
	}
	return nil
}

func dedup(lines []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range lines {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}

// stream writes n random records for one function: its inputs and results
// as little-endian uint64s (ints as two's complement).
func stream(name string, n int, seed uint64) error {
	var f *fn
	for i := range fns {
		if fns[i].name == name {
			f = &fns[i]
		}
	}
	if f == nil {
		names := []string{}
		for _, f := range fns {
			names = append(names, f.name)
		}
		sort.Strings(names)
		return fmt.Errorf("unknown function %q (have %v)", name, names)
	}
	r := rand.New(rand.NewPCG(seed, 1))
	w := bufio.NewWriterSize(os.Stdout, 1<<16)
	var buf [8]byte
	put := func(v uint64) {
		binary.LittleEndian.PutUint64(buf[:], v)
		w.Write(buf[:])
	}
	pf := func(v float64) { put(math.Float64bits(v)) }
	for k := 0; k < n; k++ {
		x, y, m := draw(f, r)
		switch f.kind {
		case kF1:
			pf(x)
			pf(f.f1(x))
		case kF2:
			pf(x)
			pf(y)
			pf(f.f2(x, y))
		case kF3:
			z := anyX(r)
			pf(x)
			pf(y)
			pf(z)
			pf(math.FMA(x, y, z))
		case kFrexp:
			fr, e := math.Frexp(x)
			pf(x)
			pf(fr)
			put(uint64(e))
		case kLdexp:
			pf(x)
			put(uint64(m))
			pf(math.Ldexp(x, m))
		case kIlogb:
			pf(x)
			put(uint64(math.Ilogb(x)))
		case kLgamma:
			l, s := math.Lgamma(x)
			pf(x)
			pf(l)
			put(uint64(s))
		case kSincos:
			var a, b float64
			if f.name == "Modf" {
				a, b = math.Modf(x)
			} else {
				a, b = math.Sincos(x)
			}
			pf(x)
			pf(a)
			pf(b)
		case kBessel:
			put(uint64(m))
			pf(x)
			if f.name == "Jn" {
				pf(math.Jn(m, x))
			} else {
				pf(math.Yn(m, x))
			}
		case kPow10:
			put(uint64(m))
			pf(math.Pow10(m))
		case kF32:
			a, b := float32(x), float32(y)
			put(uint64(math.Float32bits(a)))
			put(uint64(math.Float32bits(b)))
			put(uint64(math.Float32bits(math.Nextafter32(a, b))))
		}
	}
	return w.Flush()
}

func main() {
	dir := flag.String("tables", "", "write the tables under `dir`/tables")
	rows := flag.Int("rows", 800, "random rows per table")
	name := flag.String("stream", "", "stream records of function `name`")
	n := flag.Int("n", 1000000, "records to stream")
	seed := flag.Uint64("seed", 1, "seed of the stream")
	flag.Parse()
	var err error
	switch {
	case *dir != "":
		err = tables(*dir, *rows)
	case *name != "":
		err = stream(*name, *n, *seed)
	default:
		flag.Usage()
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
