package main

import (
	"fmt"
	"hash/adler32"
	"hash/crc64"
)

func main() {
	data := []byte("The quick brown fox jumps over the lazy dog")
	iso := crc64.MakeTable(crc64.ISO)
	ecma := crc64.MakeTable(crc64.ECMA)
	fmt.Printf("%016x\n", crc64.Checksum(data, iso))
	fmt.Printf("%016x\n", crc64.Checksum(data, ecma))
	custom := crc64.MakeTable(0x42F0E1EBA9EA3693)
	fmt.Printf("%016x %x\n", crc64.Checksum(data, custom), custom[1])
	h := crc64.New(ecma)
	h.Write(data[:10])
	h.Write(data[10:])
	fmt.Println(h.Sum64() == crc64.Checksum(data, ecma), h.Size(), h.BlockSize())
	fmt.Printf("%x\n", h.Sum([]byte{1, 2}))
	fmt.Printf("%016x\n", crc64.Update(crc64.Checksum(data[:5], iso), iso, data[5:]))
	m, _ := h.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
	fmt.Printf("%x\n", m)
	h2 := crc64.New(ecma)
	fmt.Println(h2.(interface{ UnmarshalBinary([]byte) error }).UnmarshalBinary(m), h2.Sum64() == h.Sum64())
	h3 := crc64.New(iso)
	fmt.Println(h3.(interface{ UnmarshalBinary([]byte) error }).UnmarshalBinary(m))
	fmt.Println(h3.(interface{ UnmarshalBinary([]byte) error }).UnmarshalBinary(m[:5]))
	fmt.Println(h3.(interface{ UnmarshalBinary([]byte) error }).UnmarshalBinary([]byte("xyz")))
	h.Reset()
	fmt.Println(h.Sum64())

	fmt.Printf("%08x\n", adler32.Checksum(data))
	fmt.Printf("%08x\n", adler32.Checksum(nil))
	big := make([]byte, 100000)
	for i := range big {
		big[i] = byte(i * 7)
	}
	fmt.Printf("%08x\n", adler32.Checksum(big))
	a := adler32.New()
	a.Write(big[:33333])
	a.Write(big[33333:])
	fmt.Printf("%08x %x %d %d\n", a.Sum32(), a.Sum(nil), a.Size(), a.BlockSize())
	am, _ := a.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
	fmt.Printf("%x\n", am)
	a2 := adler32.New()
	fmt.Println(a2.(interface{ UnmarshalBinary([]byte) error }).UnmarshalBinary(am), a2.Sum32() == a.Sum32())
	fmt.Println(a2.(interface{ UnmarshalBinary([]byte) error }).UnmarshalBinary(am[:6]))
	a.Reset()
	fmt.Println(a.Sum32())
}
