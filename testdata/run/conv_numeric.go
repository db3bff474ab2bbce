package main

import "fmt"

func main() {
	f := 3.99
	fmt.Println(int(f), int(-f), int64(f*100), uint8(f))
	big := 300
	fmt.Println(int8(big), uint8(big), int16(big), uint8(-1*big))
	neg := -1
	fmt.Println(uint8(neg), uint16(neg), uint32(neg), uint64(neg), uint(neg))
	var u uint32 = 0xDEADBEEF
	fmt.Println(int32(u), int16(u), uint8(u), int64(u))
	fmt.Println(float64(7)/2, float32(1)/3, float64(float32(0.1)))
	i := 1 << 53
	fmt.Println(float64(i+1) == float64(i), int64(float64(i+1)))
	r := rune(65)
	b := byte(r + 1)
	fmt.Println(r, b, string(r), string(rune(b)))
	fmt.Println(string(rune(0x4e16)), []byte(string(rune(0x4e16))))
	fmt.Println(int('a'), 'a'+1, string(rune('a'+1)))
	var x int64 = -5
	fmt.Println(x>>1, uint64(x)>>60, x<<62)
	var s8 int8 = -8
	fmt.Println(s8>>1, uint8(s8)>>1, s8<<4)
	sh := 65
	one32 := int32(1)
	fmt.Println(1<<sh == 0, one32<<31, int32(1)<<30, uint(1)<<63)
	var one uint64 = 1
	fmt.Println(one<<63, one<<64>>1, -1<<3)
	type Celsius float64
	type MyInt int
	c := Celsius(36.6)
	mi := MyInt(int(c))
	fmt.Printf("%v %T %v %T\n", c, c, mi, mi)
	fmt.Println(float32(16777217), float64(float32(16777217)))
	fmt.Println(int64(^uint64(0)>>1), ^0, ^uint8(1))
}
