// encoding/gob: decoding corner cases against Go: damaged streams (Go's
// errors), values skipped, merged into existing data, embedded and
// pointer fields, registered types of other packages, GobEncoder
// preferred to BinaryMarshaler.
package main

import (
	"bytes"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
)

type P struct{ X, Y int }

type T struct {
	Name string
	Vals []int8
	M    map[string]P
	I    any
	A    [2]float32
	Next *T
	B    []byte
	C    complex64
	U    uint16
}

type damage struct {
	cut int   // keep this many bytes
	set []int // offset, byte pairs
}

var damages = []damage{
	{set: []int{125, 15}}, {set: []int{203, 105}}, {cut: 237}, {set: []int{220, 57}},
	{set: []int{251, 198}}, {set: []int{266, 26}}, {set: []int{29, 3, 217, 127}},
	{set: []int{150, 15, 248, 0}}, {cut: 277}, {set: []int{40, 17}}, {set: []int{273, 106}},
	{set: []int{26, 110}}, {set: []int{214, 246}}, {set: []int{57, 147, 192, 2}},
	{set: []int{0, 89}}, {set: []int{187, 5}}, {set: []int{69, 3, 274, 98}},
	{set: []int{214, 238}}, {set: []int{0, 2, 187, 255}}, {set: []int{84, 128}},
	{set: []int{245, 126}}, {set: []int{215, 2}}, {set: []int{125, 3, 281, 110}},
	{set: []int{16, 33}}, {set: []int{257, 37}}, {set: []int{214, 31, 227, 1}},
	{set: []int{190, 3, 277, 226}}, {set: []int{106, 1, 253, 40}}, {set: []int{268, 95}},
	{set: []int{66, 14}}, {set: []int{191, 110}}, {set: []int{72, 0, 207, 174}},
	{set: []int{259, 110}}, {set: []int{20, 53, 246, 1}}, {set: []int{116, 219, 213, 2}},
	{set: []int{153, 68}}, {set: []int{279, 18}}, {set: []int{216, 112}},
	{set: []int{34, 33}}, {set: []int{232, 5}}, {cut: 0}, {cut: 1},
}

func decodeAll(data []byte) string {
	d := gob.NewDecoder(bytes.NewReader(data))
	var res []string
	for {
		var t T
		if err := d.Decode(&t); err != nil {
			return strings.Join(append(res, err.Error()), " | ")
		}
		res = append(res, fmt.Sprintf("%q %v %v %v %v %v", t.Name, t.Vals, t.M, t.I, t.A, t.U))
	}
}

type inner struct{ A int }

type Outer struct {
	inner
	B int
}

type OnlyFuncs struct {
	F func()
	C chan int
}

type Empty struct{}

type Both struct{ N int }

func (b Both) GobEncode() ([]byte, error)     { return []byte{1}, nil }
func (b Both) MarshalBinary() ([]byte, error) { return []byte{2}, nil }
func (b *Both) GobDecode(d []byte) error      { b.N = int(d[0]) + 10; return nil }

type Base struct{ X, Y int }

type Emb struct {
	*Base
	Z int
}

type Flat struct{ X, Y, Z int }

type Ptrs struct {
	P *int
	Q **string
	R *[]int
}

type Rec struct {
	Name string
	Kids []Rec
	M    map[string]*Rec
}

type Rich struct {
	A    [2]P
	M    map[string][]P
	I, J any
	T    time.Time
	C    complex128
	B    []byte
	S    []string
	N    *Rich
	Name string
}

func enc(vs ...any) []byte {
	var b bytes.Buffer
	e := gob.NewEncoder(&b)
	for _, v := range vs {
		if err := e.Encode(v); err != nil {
			fmt.Println("encode error:", err)
		}
	}
	return b.Bytes()
}

func dec(data []byte, v any) error {
	return gob.NewDecoder(bytes.NewReader(data)).Decode(v)
}

func main() {
	gob.Register(P{})
	base := enc(T{Name: "n", Vals: []int8{1, -2}, M: map[string]P{"a": {1, 2}}, I: P{3, 4},
		A: [2]float32{1, 2}, Next: &T{Name: "x"}, B: []byte{1}, C: 1i, U: 7},
		T{Name: "second", I: P{5, 6}})
	fmt.Println(len(base), decodeAll(base))
	for i, dm := range damages {
		c := append([]byte(nil), base...)
		if dm.set == nil {
			c = c[:dm.cut]
		}
		for j := 0; j < len(dm.set); j += 2 {
			c[dm.set[j]] = byte(dm.set[j+1])
		}
		fmt.Println(i, decodeAll(c))
	}

	// Structs: embedded, unexported, empty, pointers.
	fmt.Println(hex.EncodeToString(enc(Outer{inner{1}, 2}, Empty{}, Both{5})))
	enc(OnlyFuncs{})
	var b Both
	fmt.Println(dec(enc(Both{5}), &b), b)
	flat := Flat{X: 9, Y: 9, Z: 9}
	fmt.Println(dec(enc(Flat{X: 1}), &flat), flat)
	e := Emb{Base: &Base{}}
	fmt.Println(dec(enc(Flat{1, 2, 3}), &e), *e.Base, e.Z)
	fmt.Println(dec(enc(Emb{&Base{1, 2}, 3}), &flat), flat)
	fmt.Println(dec(enc(Emb{nil, 4}), &flat), flat)
	fmt.Println(dec(enc(Both{1}), &flat), flat)
	fmt.Println(dec(enc(Flat{1, 2, 3}), &b), b)
	zero, one, empty := 0, 1, ""
	pe := &empty
	fmt.Println(hex.EncodeToString(enc(Ptrs{&zero, &pe, &[]int{}}, Ptrs{&one, nil, &[]int{1}})))
	var pp Ptrs
	fmt.Println(dec(enc(Ptrs{&one, nil, &[]int{1}}), &pp), *pp.P, pp.Q, *pp.R)
	var ps []*int
	fmt.Println(dec(enc([]*int{&one, &zero}), &ps), *ps[0], *ps[1])
	var mp map[string]*int
	fmt.Println(dec(enc(map[string]*int{"a": &one}), &mp), *mp["a"])
	fmt.Println(hex.EncodeToString(enc(struct {
		M map[int]int
		S []int
		A [0]int
	}{map[int]int{}, []int{}, [0]int{}}, []struct{}{{}, {}})))
	var rr Rec
	fmt.Println(dec(enc(Rec{"r", []Rec{{Name: "k"}}, map[string]*Rec{"m": {Name: "mm"}}}), &rr),
		rr.Name, rr.Kids, rr.M["m"].Name)

	// Merging into existing data.
	m := map[string]int{"keep": 1, "over": 2}
	fmt.Println(dec(enc(map[string]int{"over": 3}), &m), m)
	s := make([]int, 1, 10)
	fmt.Println(dec(enc([]int{4, 5, 6}), &s), s, cap(s))

	// Numbers and their ranges.
	var (
		i8  int8
		f64 float64
		c   complex128
		c64 complex64
		f32 []float32
		s8  []int8
		a8  [2]int8
		u8  struct{ W []uint8 }
	)
	fmt.Println(dec(enc(uint8(200)), &i8), dec(enc(int8(-100)), &i8), i8)
	fmt.Println(dec(enc(float32(1.5)), &f64), f64, dec(enc(complex64(1.5i)), &c), c)
	fmt.Println(dec(enc(1e39), &c64))
	fmt.Println(dec(enc([]float64{1e39}), &f32), f32)
	fmt.Println(dec(enc([]int{300}), &s8), dec(enc([2]int{300, 1}), &a8))
	fmt.Println(dec(enc(struct{ W []int8 }{[]int8{-1}}), &u8))

	// Interfaces: registered types of other packages and unnamed types.
	gob.Register(time.Time{})
	gob.Register(&strings.Builder{})
	gob.Register([]P{})
	gob.Register(map[string]P{})
	gob.Register(struct{ A int }{})
	gob.Register(&struct{ B int }{})
	gob.Register([2]P{})
	var x any
	fmt.Println(dec(enc(5), &x))
	vals := []any{time.Unix(0, 0).UTC(), []P{{1, 0}}, map[string]P{"a": {2, 0}}, struct{ A int }{3},
		&struct{ B int }{4}, [2]P{{5, 0}, {6, 0}}, []P{{7, 0}}}
	var boxes []any
	for _, v := range vals {
		boxes = append(boxes, &struct{ V any }{v})
	}
	data := enc(boxes...)
	fmt.Println(hex.EncodeToString(data))
	d := gob.NewDecoder(bytes.NewReader(data))
	for range vals {
		var s struct{ V any }
		fmt.Println(d.Decode(&s), s.V)
	}
	func() {
		defer func() { fmt.Println(recover()) }()
		gob.RegisterName("", 1)
	}()

	// Values skipped: fields the receiver lacks, and whole values.
	gob.Register(map[string]any{})
	r := Rich{A: [2]P{{1, 2}, {3, 4}}, M: map[string][]P{"k": {{5, 6}}}, I: P{7, 8},
		J: map[string]any{"z": P{9, 9}}, T: time.Unix(100, 0).UTC(), C: 1i, B: []byte("b"),
		S: []string{"s"}, N: &Rich{Name: "inner", I: 5}, Name: "outer"}
	d = gob.NewDecoder(bytes.NewReader(enc(r, r, r, 42)))
	var only struct{ Name string }
	fmt.Println(d.Decode(&only), only)
	fmt.Println(d.Decode(nil))
	var nn struct {
		N *struct {
			Name string
			I    any
		}
		Name string
	}
	fmt.Println(d.Decode(&nn), nn.N.Name, nn.N.I, nn.Name)
	var n int
	fmt.Println(d.Decode(&n), n)
	fmt.Println(d.Decode(&n), n)
}
