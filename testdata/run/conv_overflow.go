package main

import "fmt"

func main() {
	var i8 int8 = 127
	i8++
	fmt.Println("int8 127+1 =", i8)
	i8 = -128
	i8--
	fmt.Println("int8 -128-1 =", i8)
	var u8 uint8 = 255
	u8++
	fmt.Println("uint8 255+1 =", u8)
	u8 = 0
	u8--
	fmt.Println("uint8 0-1 =", u8)
	var i16 int16 = 32767
	i16 += 2
	fmt.Println("int16", i16)
	var u16 uint16 = 65535
	u16 *= 2
	fmt.Println("uint16", u16)
	var i32 int32 = 2147483647
	i32++
	fmt.Println("int32", i32)
	var u32 uint32 = 1 << 31
	u32 *= 2
	fmt.Println("uint32", u32)
	var i64 int64 = 9223372036854775807
	i64++
	fmt.Println("int64", i64)
	var u64 uint64 = 18446744073709551615
	u64++
	fmt.Println("uint64", u64)
	var n int = 1 << 62
	n *= 4
	fmt.Println("int", n)
	var m int8 = -128
	fmt.Println("-(-128) int8 =", -m, m/-1, m*-1)
	var x uint8 = 200
	var y uint8 = 100
	fmt.Println(x+y, x-y, y-x, x*y, x/y)
	var h uint32 = 2166136261
	for _, c := range []byte("hash me") {
		h ^= uint32(c)
		h *= 16777619
	}
	fmt.Println("fnv32", h)
	var acc int32 = 1
	for i := 0; i < 40; i++ {
		acc *= 3
	}
	fmt.Println("3^40 as int32:", acc)
}
