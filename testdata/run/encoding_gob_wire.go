// encoding/gob: decodes a stream real Go encoded (other type ids, other
// local types: fields matched by name, indirections differ), prints the
// bytes it encodes (Go's, byte for byte), and Go's error texts.
package main

import (
	"bytes"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"
)

// goStream was written by real Go: an Item (below, with other field types
// and order), a []any, a map[int]bool and the int -129.
const goStream = "ff907f030101044974656d01ff8000010d01044e616d65010c000105436f756e7401060001055072696365010800010744726f7070656401040001044d65746101ff82000105576865726501ff860001044772696401ff8a000103526177010a000105417474727301ff8c000105536861706501100001045768656e01ff8e0001015a010e0001044e65787401ff8000000026ff81030101044d65746101ff8200010201045461677301ff8400010553636f7265010800000016ff83020101085b5d737472696e6701ff8400010c00001fff8503010105506f696e7401ff8600010201015801040001015901040000001bff890101010a5b325d5b325d696e743801ff8a0001ff88010400000eff87010102ff88000104010400001eff8b0401010e6d61705b737472696e675d696e7401ff8c00010c0104000010ff8d0501010454696d6501ff8e000000ff8aff800106776964676574010301fe044001ffc60101020161016201fef4bf0001010d0110000102020203020608010200ff0101016b54010a6d61696e2e506f696e74ff86050102010400010f010000000edd725ab0000001f4003c01fef03ffef0bf0101056368696c6404000202020000020000030a2a6d61696e2e4d657461ff820502fe22400000000cff8f020102ff9000011000002bff90000404696e74380402000506737472696e670c03000173055b5d696e74ff91020102ff92000104000008ff920400020204000eff93040102ff940001040102000006ff9400010e01050400fe0101"

type Meta struct {
	Score float64
	Tags  []string
}

type Point struct{ X, Y int }

type Item struct {
	Extra string // not in the stream
	Name  string
	Count uint8
	Price float64
	Meta
	Where Point
	Grid  [2][2]int
	Raw   []byte
	Attrs map[string]int
	Shape any
	When  time.Time
	Z     complex128
	Next  *Item
}

// Secret encodes itself.
type Secret struct{ word string }

func (s Secret) GobEncode() ([]byte, error) { return []byte(strings.ToUpper(s.word)), nil }
func (s *Secret) GobDecode(b []byte) error {
	if len(b) == 0 {
		return errors.New("empty secret")
	}
	s.word = strings.ToLower(string(b))
	return nil
}

// Celsius marshals itself as binary.
type Celsius struct{ deg int }

func (c *Celsius) MarshalBinary() ([]byte, error) { return []byte{byte(c.deg)}, nil }
func (c *Celsius) UnmarshalBinary(b []byte) error { c.deg = int(int8(b[0])); return nil }

type Node struct {
	Val  int
	Kids []*Node
	Up   *Node `json:"-"`
	note string
	Fn   func()
}

type Tree map[string]Tree

type Record struct {
	ID     int64
	Sec    Secret
	Temp   *Celsius
	Labels []string
	Node   *Node
	Any    any
	Flags  [3]bool
	U      uintptr
	F32    float32
}

func encode(vs ...any) []byte {
	var b bytes.Buffer
	enc := gob.NewEncoder(&b)
	for _, v := range vs {
		if err := enc.Encode(v); err != nil {
			fmt.Println("encode error:", err)
		}
	}
	return b.Bytes()
}

func decodeInto(data []byte, v any) {
	err := gob.NewDecoder(bytes.NewReader(data)).Decode(v)
	fmt.Printf("%T: %v\n", v, err)
}

func main() {
	gob.Register(Point{})
	gob.Register(&Meta{})
	gob.RegisterName("rec", Record{})
	fmt.Printf("%+v\n", gob.CommonType{Name: "x", Id: 0})

	raw, _ := hex.DecodeString(goStream)
	dec := gob.NewDecoder(bytes.NewReader(raw))
	var it Item
	fmt.Println("item:", dec.Decode(&it))
	fmt.Printf("%q %d %v %+v %+v %v %v %v %v %v %v\n", it.Name, it.Count, it.Price, it.Meta, it.Where,
		it.Grid, it.Raw, it.Attrs, it.Shape, it.When, it.Z)
	fmt.Printf("next: %q %+v %v\n", it.Next.Name, it.Next.Shape, it.Next.Next == nil)
	var list []any
	fmt.Println("list:", dec.Decode(&list), list, reflect.TypeOf(list[0]))
	var m map[int]bool
	fmt.Println("map:", dec.Decode(&m), m)
	n := new(int16)
	fmt.Println("int:", dec.DecodeValue(reflect.ValueOf(n)), *n)
	fmt.Println("end:", dec.Decode(&m))

	// What minigo encodes is what Go encodes.
	c := &Celsius{-4}
	leaf := &Node{Val: 2, note: "skipped"}
	rec := Record{ID: -1 << 40, Sec: Secret{"pw"}, Temp: c, Labels: []string{"", "b"},
		Node: &Node{Val: 1, Kids: []*Node{leaf, {Val: 3}}}, Any: Tree{"t": nil},
		Flags: [3]bool{false, true, false}, U: 9, F32: 0.1}
	gob.Register(Tree{})
	data := encode(rec, &rec, Point{}, struct{}{}, []Point{{1, 2}}, [2]string{"x", ""}, "str", 3.5, true, 2i,
		uint64(1<<63), []byte("bytes"), map[string][]int{"k": nil}, Tree{"a": {"b": nil}}, Secret{"solo"})
	fmt.Println(hex.EncodeToString(data))

	dec = gob.NewDecoder(bytes.NewReader(data))
	var back Record
	fmt.Println(dec.Decode(&back), back.ID, back.Sec.word, back.Temp.deg, back.Labels, back.Node.Val,
		back.Node.Kids[0].Val, back.Node.Kids[0].note == "", back.Node.Kids[1].Val, back.Any, back.Flags, back.U, back.F32)
	var pp **Record
	fmt.Println(dec.Decode(&pp), (*pp).Sec)
	var pt *Point
	fmt.Println(dec.Decode(&pt), *pt)
	fmt.Println(dec.Decode(nil))
	var ps []*Point
	fmt.Println(dec.Decode(&ps), *ps[0])
	var arr [2]string
	fmt.Println(dec.Decode(&arr), arr)
	var (
		s  string
		f  float32
		ok bool
		z  complex64
		u  uint
		bs []byte
		mp map[string][]int
		tr Tree
		sc Secret
	)
	for _, v := range []any{&s, &f, &ok, &z, &u, &bs, &mp, &tr, &sc, new(int)} {
		if err := dec.Decode(v); err != nil {
			fmt.Println("stop:", err)
			break
		}
	}
	fmt.Println(s, f, ok, z, u, string(bs), mp, tr, sc.word)

	// Interfaces, registered names.
	var box struct{ V, W any }
	box.V = &Meta{Score: 1}
	box.W = rec
	data = encode(box)
	fmt.Println(hex.EncodeToString(data))
	var box2 struct{ V, W any }
	decodeInto(data, &box2)
	fmt.Printf("%+v %T\n", box2.V, box2.W)
	var iface fmt.Stringer
	decodeInto(data[:0], &iface)
	func() {
		defer func() { fmt.Println("panic:", recover()) }()
		gob.RegisterName("rec", Point{})
	}()
	func() {
		defer func() { fmt.Println("panic:", recover()) }()
		gob.RegisterName("other", Record{})
	}()
	func() {
		defer func() { fmt.Println("panic:", recover()) }()
		encode((*Point)(nil))
	}()

	// Errors, as Go words them.
	encode(struct{ a, b int }{1, 2})
	encode(make(chan int))
	encode(struct{ V any }{Secret{}})
	encode(struct{ V any }{(*Point)(nil)})
	encode(Celsius{})
	fmt.Println(gob.NewEncoder(io.Discard).Encode(nil))
	decodeInto(encode(5), &it)
	decodeInto(encode(Point{1, 2}), new(*int))
	decodeInto(encode(Point{1, 2}), new(struct{ Z int }))
	decodeInto(encode(Point{1, 2}), new(struct{ X string }))
	decodeInto(encode(300), new(int8))
	decodeInto(encode(Point{300, 1}), new(struct {
		X uint16
		Y int8
	}))
	decodeInto(encode(Point{300, 1}), new(struct{ X int8 }))
	decodeInto(encode(-1), new(uint))
	decodeInto(encode(1e300), new(float32))
	decodeInto(encode(Point{}), new(fmt.Stringer))
	decodeInto(encode(struct{ V any }{Point{}}), new(struct{ V fmt.Stringer }))
	decodeInto(encode(Secret{}), new(Secret))
	decodeInto(encode([3]int{}), new([2]int))
	decodeInto(nil, new(int))
	decodeInto([]byte{3, 4, 0}, new(int))
	decodeInto([]byte{2, 4, 0, 6}, new(int))
	decodeInto([]byte{1, 0xff, 0x81}, new(int))
	decodeInto([]byte{0x20, 0xff, 0x81, 3, 1, 1, 5, 'P', 'o', 'i', 'n', 't', 1, 0xff, 0x82, 0, 1, 2, 1, 1, 'X',
		1, 4, 0, 1, 1, 'Y', 1, 4, 0, 0, 0, 7}, new(Point))
	decodeInto([]byte{0x1c, 0xff, 0x81, 3, 1, 1, 1, 0x58, 1, 0xff, 0x82, 0, 1, 1, 1, 1, 0x41, 1, 4, 0, 0, 0, 9, 9}, new(int))
	decodeInto(encode(struct{ V any }{Point{}})[:30], new(struct{ V any }))
	fmt.Println(gob.NewDecoder(bytes.NewReader(nil)).Decode(Point{}))
	fmt.Println(gob.NewDecoder(bytes.NewReader(nil)).DecodeValue(reflect.ValueOf(Point{})))
}
