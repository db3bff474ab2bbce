package main

import (
	"fmt"
	"math/bits"
)

func main() {
	xs := []uint64{0, 1, 2, 3, 0x80, 0xF0F0, 1 << 31, 1<<63 + 5, ^uint64(0), 0x123456789abcdef0}
	for _, x := range xs {
		fmt.Println(bits.LeadingZeros64(x), bits.TrailingZeros64(x), bits.OnesCount64(x), bits.Len64(x),
			bits.RotateLeft64(x, 7), bits.RotateLeft64(x, -3), bits.Reverse64(x), bits.ReverseBytes64(x))
		fmt.Println(bits.LeadingZeros32(uint32(x)), bits.TrailingZeros32(uint32(x)), bits.OnesCount32(uint32(x)),
			bits.Len32(uint32(x)), bits.RotateLeft32(uint32(x), 5), bits.Reverse32(uint32(x)), bits.ReverseBytes32(uint32(x)))
		fmt.Println(bits.LeadingZeros16(uint16(x)), bits.TrailingZeros16(uint16(x)), bits.Len16(uint16(x)), bits.Reverse16(uint16(x)),
			bits.ReverseBytes16(uint16(x)), bits.RotateLeft16(uint16(x), 3), bits.LeadingZeros8(uint8(x)), bits.TrailingZeros8(uint8(x)),
			bits.Reverse8(uint8(x)), bits.RotateLeft8(uint8(x), 9), bits.OnesCount8(uint8(x)), bits.Len8(uint8(x)))
		fmt.Println(bits.LeadingZeros(uint(x)), bits.TrailingZeros(uint(x)), bits.OnesCount(uint(x)), bits.Len(uint(x)), bits.Reverse(uint(x)), bits.RotateLeft(uint(x), 1), bits.ReverseBytes(uint(x)))
		for _, y := range xs {
			s, c := bits.Add64(x, y, 1)
			d, b := bits.Sub64(x, y, 1)
			h, l := bits.Mul64(x, y)
			s32, c32 := bits.Add32(uint32(x), uint32(y), 1)
			d32, b32 := bits.Sub32(uint32(x), uint32(y), 1)
			h32, l32 := bits.Mul32(uint32(x), uint32(y))
			fmt.Println(s, c, d, b, h, l, s32, c32, d32, b32, h32, l32)
			if y != 0 {
				q, r := bits.Div64(x%y, l, y)
				q32, r32 := bits.Div32(uint32(x)%uint32(y|1), uint32(l), uint32(y|1))
				fmt.Println(q, r, q32, r32, bits.Rem64(h, l, y), bits.Rem32(uint32(h), uint32(l), uint32(y|1)))
			}
		}
	}
	fmt.Println(bits.UintSize)
	for _, f := range []func(){
		func() { bits.Div64(5, 0, 3) },
		func() { bits.Div64(0, 1, 0) },
		func() { bits.Div32(5, 0, 3) },
	} {
		func() {
			defer func() {
				r := recover()
				_, isErr := r.(interface{ RuntimeError() })
				fmt.Println(r, isErr)
			}()
			f()
		}()
	}
}
