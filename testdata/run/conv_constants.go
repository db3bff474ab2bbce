package main

import "fmt"

type Size uint

const (
	_       = iota
	KB Size = 1 << (10 * iota)
	MB
	GB
)

const (
	Big   = 1 << 100
	Small = Big >> 99
)

type Flags uint8

const (
	FlagA Flags = 1 << iota
	FlagB
	FlagC
	FlagD
)

const (
	a = iota * 2
	b
	c = "str"
	d
	e = iota
)

func main() {
	fmt.Println(KB, MB, GB)
	fmt.Println(Small, Big/Big, float64(Big) > 1e30)
	var f Flags = FlagA | FlagC
	fmt.Println(f, f&FlagC != 0, f&FlagB != 0, f|FlagD, f&^FlagA, FlagD)
	fmt.Printf("%08b %T\n", f, f)
	fmt.Println(a, b, c, d, e)
	const third = 1.0 / 3.0
	fmt.Println(third, third*3 == 1)
	var x float32 = third
	var y float64 = third
	fmt.Println(x, y)
	const h = 'h'
	var r rune = h
	var by byte = h
	var fl float64 = h
	fmt.Println(r, by, fl)
	const typed int16 = 1000
	fmt.Println(typed*30, typed/3)
	fmt.Println(7/2, 7/2.0, 7.0/2, -7/2, 7%-2)
	const mask = ^uint32(0)
	fmt.Println(mask, ^0, uint16(1<<16-1))
	const s = "hello"
	const l = len(s)
	var arr [l]int
	fmt.Println(l, len(arr))
	fmt.Println(1e2, 100.0 == 1e2, 0x10p0)
}
