package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
)

func main() {
	b := make([]byte, 8)
	binary.BigEndian.PutUint32(b, 0xdeadbeef)
	binary.LittleEndian.PutUint16(b[4:], 0x1234)
	fmt.Printf("%x %x %x %x\n", b, binary.BigEndian.Uint32(b), binary.LittleEndian.Uint32(b), binary.BigEndian.Uint64(b))
	fmt.Println(binary.LittleEndian, binary.BigEndian, binary.NativeEndian.Uint16([]byte{1, 2}))
	fmt.Printf("%#v %v\n", binary.BigEndian, binary.LittleEndian.AppendUint64(nil, 1<<40+3))
	fmt.Println(binary.BigEndian.AppendUint16([]byte{9}, 0xabcd), binary.BigEndian.AppendUint32(nil, 7))
	for _, x := range []int64{0, 1, -1, 63, -64, 300, math.MaxInt64, math.MinInt64} {
		buf := binary.AppendVarint(nil, x)
		v, n := binary.Varint(buf)
		ub := make([]byte, binary.MaxVarintLen64)
		un := binary.PutUvarint(ub, uint64(x))
		u, m := binary.Uvarint(ub[:un])
		fmt.Println(x, buf, v, n, ub[:un], u, m)
	}
	fmt.Println(binary.Uvarint([]byte{0x80}))
	fmt.Println(binary.Uvarint([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}))
	r := bytes.NewReader([]byte{0xac, 0x02, 0x80})
	fmt.Println(binary.ReadUvarint(r))
	fmt.Println(binary.ReadUvarint(r))
	fmt.Println(binary.ReadVarint(bytes.NewReader([]byte{3})))

	var buf bytes.Buffer
	fmt.Println(binary.Write(&buf, binary.LittleEndian, float64(math.Pi)))
	fmt.Println(binary.Write(&buf, binary.BigEndian, []uint16{1, 2, 0xffff}))
	fmt.Println(binary.Write(&buf, binary.BigEndian, int8(-2)), binary.Write(&buf, binary.BigEndian, true))
	fmt.Println(binary.Write(&buf, binary.BigEndian, complex64(1+2i)))
	fmt.Printf("% x\n", buf.Bytes())
	var f float64
	fmt.Println(binary.Read(&buf, binary.LittleEndian, &f), f)
	us := make([]uint16, 3)
	fmt.Println(binary.Read(&buf, binary.BigEndian, us), us)
	var i8 int8
	var bl bool
	var c complex64
	fmt.Println(binary.Read(&buf, binary.BigEndian, &i8), binary.Read(&buf, binary.BigEndian, &bl), binary.Read(&buf, binary.BigEndian, &c), i8, bl, c)
	fmt.Println(binary.Read(&buf, binary.BigEndian, &i8))
	fmt.Println(binary.Read(bytes.NewReader([]byte{1}), binary.BigEndian, &f))
	fmt.Println(binary.Write(&buf, binary.BigEndian, 5), binary.Write(&buf, binary.BigEndian, "s"), binary.Read(&buf, binary.BigEndian, i8))
	fmt.Println(binary.Size(uint32(1)), binary.Size([]int64{1, 2}), binary.Size(3))
	n, err := binary.Encode(make([]byte, 2), binary.BigEndian, uint32(1))
	fmt.Println(n, err)
	out, err := binary.Append([]byte{1}, binary.LittleEndian, []int32{-1, 2})
	fmt.Println(out, err)
	var u32 uint32
	n, err = binary.Decode([]byte{0, 0, 1, 0, 9}, binary.BigEndian, &u32)
	fmt.Println(n, err, u32)
	n, err = binary.Decode([]byte{0, 0}, binary.BigEndian, &u32)
	fmt.Println(n, err)
}
