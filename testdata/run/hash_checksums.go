package main

import (
	"fmt"
	"hash"
	"hash/crc32"
	"hash/fnv"
	"strings"
)

func main() {
	inputs := []string{"", "a", "hello, world", strings.Repeat("minigo ", 100), "\x00\xff\x80"}
	news := []func() hash.Hash{
		func() hash.Hash { return fnv.New32() }, func() hash.Hash { return fnv.New32a() },
		func() hash.Hash { return fnv.New64() }, func() hash.Hash { return fnv.New64a() },
		fnv.New128, fnv.New128a,
		func() hash.Hash { return crc32.NewIEEE() },
		func() hash.Hash { return crc32.New(crc32.MakeTable(crc32.Castagnoli)) },
		func() hash.Hash { return crc32.New(crc32.MakeTable(crc32.Koopman)) },
	}
	for _, in := range inputs {
		for _, nf := range news {
			h := nf()
			h.Write([]byte(in))
			fmt.Printf("%x ", h.Sum(nil))
		}
		fmt.Println()
	}
	for _, nf := range news {
		h := nf()
		h.Write([]byte("part one, "))
		st, err := h.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
		h2 := nf()
		err2 := h2.(interface{ UnmarshalBinary([]byte) error }).UnmarshalBinary(st)
		h.Write([]byte("part two"))
		h2.Write([]byte("part two"))
		fmt.Printf("%x %v %v %x %x %d %d %T\n", st, err, err2, h.Sum([]byte("p:")), h2.Sum(nil), h.Size(), h.BlockSize(), h)
		u := nf().(interface{ UnmarshalBinary([]byte) error })
		fmt.Println(u.UnmarshalBinary([]byte("xx")), u.UnmarshalBinary(append(st, 0)))
		h.Reset()
		fmt.Printf("%x\n", h.Sum(nil))
		_, cl := h.(hash.Cloner)
		fmt.Println("cloner:", cl)
	}
	h32 := fnv.New32a()
	h32.Write([]byte("abc"))
	h64 := fnv.New64a()
	h64.Write([]byte("abc"))
	fmt.Println(h32.Sum32(), h64.Sum64())
	fmt.Println(crc32.ChecksumIEEE([]byte("The quick brown fox jumps over the lazy dog")), crc32.Checksum([]byte("123456789"), crc32.MakeTable(crc32.Castagnoli)))
	c := crc32.Update(0, crc32.IEEETable, []byte("hello, "))
	c = crc32.Update(c, crc32.IEEETable, []byte("world"))
	fmt.Println(c, crc32.ChecksumIEEE([]byte("hello, world")), crc32.MakeTable(crc32.IEEE) == crc32.IEEETable, crc32.Size)
	d := crc32.NewIEEE()
	d.Write([]byte("x"))
	st, _ := d.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
	e := crc32.New(crc32.MakeTable(crc32.Koopman))
	fmt.Println(e.(interface{ UnmarshalBinary([]byte) error }).UnmarshalBinary(st))
	cl, err := d.(hash.Cloner).Clone()
	cl.Write([]byte("y"))
	fmt.Println(cl.Sum(nil), d.Sum32(), err)
}
