package main

import "fmt"

func popcount(x uint64) int {
	n := 0
	for x != 0 {
		x &= x - 1
		n++
	}
	return n
}

func reverseBits(x uint8) uint8 {
	var r uint8
	for i := 0; i < 8; i++ {
		r = r<<1 | x&1
		x >>= 1
	}
	return r
}

func main() {
	for _, v := range []uint64{0, 1, 255, 1 << 40, ^uint64(0)} {
		fmt.Println(v, popcount(v))
	}
	fmt.Printf("%08b -> %08b\n", 0b00010110, reverseBits(0b00010110))
	var flags uint16
	flags |= 1 << 3
	flags |= 1 << 9
	fmt.Printf("%016b %d\n", flags, flags)
	flags &^= 1 << 3
	fmt.Printf("%016b %d\n", flags, flags)
	flags ^= 0xFFFF
	fmt.Printf("%016b %d\n", flags, flags)
	x := int32(-1)
	fmt.Println(x>>31, uint32(x)>>31, x<<31)
	var s uint = 70
	i8 := int8(1)
	fmt.Println(uint64(1)<<s, int64(-1)>>s, i8<<7, i8<<8)
	a, b := 0b1100, 0b1010
	fmt.Printf("%04b %04b %04b %04b\n", a&b, a|b, a^b, a&^b)
	isPow2 := func(n int) bool { return n > 0 && n&(n-1) == 0 }
	for _, n := range []int{0, 1, 6, 64, 100, 1024} {
		fmt.Print(n, ":", isPow2(n), " ")
	}
	fmt.Println()
	rot := func(x uint32, k uint) uint32 { return x<<k | x>>(32-k) }
	fmt.Printf("%08x\n", rot(0x12345678, 8))
}
