// hash/fnv (all six variants) and hash/crc32 (IEEE, Castagnoli, Koopman,
// MakeTable, Checksum, Update, the streaming digest) through the hash,
// hash.Hash32 and hash.Hash64 interfaces.
package main

import (
	"fmt"
	"hash"
	"hash/crc32"
	"hash/fnv"
	"io"
	"strings"
)

func main() {
	inputs := []string{"", "a", "hello", strings.Repeat("0123456789", 30)}
	makers := []func() hash.Hash{
		func() hash.Hash { return fnv.New32() },
		func() hash.Hash { return fnv.New32a() },
		func() hash.Hash { return fnv.New64() },
		func() hash.Hash { return fnv.New64a() },
		fnv.New128, fnv.New128a,
		func() hash.Hash { return crc32.NewIEEE() },
		func() hash.Hash { return crc32.New(crc32.MakeTable(crc32.Castagnoli)) },
		func() hash.Hash { return crc32.New(crc32.MakeTable(crc32.Koopman)) },
	}
	for _, mk := range makers {
		h := mk()
		fmt.Printf("%T size=%d block=%d\n", h, h.Size(), h.BlockSize())
		for _, in := range inputs {
			h.Reset()
			io.WriteString(h, in)
			a := h.Sum(nil)
			h.Write([]byte("!"))
			fmt.Printf("  %x %x", a, h.Sum([]byte{0xff}))
			switch h := h.(type) {
			case hash.Hash32:
				fmt.Printf(" %d", h.Sum32())
			case hash.Hash64:
				fmt.Printf(" %d", h.Sum64())
			}
			fmt.Println()
		}
	}
	hello := []byte("hello")
	fmt.Println(crc32.ChecksumIEEE(hello), crc32.Checksum(hello, crc32.MakeTable(crc32.Castagnoli)))
	fmt.Println(crc32.Update(crc32.ChecksumIEEE([]byte("hel")), crc32.IEEETable, []byte("lo")))
	fmt.Println(crc32.MakeTable(crc32.IEEE) == crc32.IEEETable, crc32.Size, crc32.IEEE, crc32.Castagnoli, crc32.Koopman)
	c := crc32.NewIEEE()
	c.Write([]byte("hel"))
	c.Write([]byte("lo"))
	fmt.Println(c.Sum32() == crc32.ChecksumIEEE(hello))
}
