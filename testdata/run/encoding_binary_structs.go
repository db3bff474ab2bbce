package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

type Header struct {
	Magic   [4]byte
	Version uint16
	Flags   int8
	_       [3]byte
	Size    uint32
	Ratio   float32
	Pos     [2]int16
	Ok      bool
	C       complex64
}

type Named uint32

type Bad struct {
	N int
}

func main() {
	h := Header{Magic: [4]byte{'M', 'G', 'O', '!'}, Version: 2, Flags: -3, Size: 1 << 20, Ratio: 1.5, Pos: [2]int16{-1, 300}, Ok: true, C: complex(1, -2)}
	var buf bytes.Buffer
	fmt.Println(binary.Write(&buf, binary.BigEndian, h), binary.Size(h), binary.Size(&h))
	fmt.Printf("% x\n", buf.Bytes())
	var back Header
	fmt.Println(binary.Read(bytes.NewReader(buf.Bytes()), binary.BigEndian, &back), back == h, back)
	fmt.Println(binary.Read(bytes.NewReader(buf.Bytes()[:5]), binary.BigEndian, &back))
	le, err := binary.Append(nil, binary.LittleEndian, []Header{h, {}})
	fmt.Println(len(le), err)
	hs := make([]Header, 2)
	n, err := binary.Decode(le, binary.LittleEndian, hs)
	fmt.Println(n, err, hs[0] == h)
	out := make([]byte, 10)
	fmt.Println(binary.Encode(out, binary.LittleEndian, h))
	n, err = binary.Encode(out, binary.LittleEndian, Named(7))
	fmt.Println(n, err, out[:4])
	var nm Named
	fmt.Println(binary.Read(bytes.NewReader([]byte{1, 0, 0, 0}), binary.LittleEndian, &nm), nm)
	arr := [3]uint16{1, 2, 3}
	buf.Reset()
	binary.Write(&buf, binary.LittleEndian, &arr)
	fmt.Println(buf.Bytes(), binary.Size(arr))
	fmt.Println(binary.Write(&buf, binary.LittleEndian, Bad{1}), binary.Size(Bad{}))
	fmt.Println(binary.Read(&buf, binary.LittleEndian, Bad{}))
	fmt.Println(binary.Read(&buf, binary.LittleEndian, &Bad{}))
	fmt.Println(binary.Write(&buf, binary.LittleEndian, []string{"x"}))
	fmt.Println(binary.Size([]Named{1, 2}), binary.Size(struct{ A, B uint8 }{}))
}
