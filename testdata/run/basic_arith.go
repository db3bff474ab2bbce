package main

import "fmt"

func main() {
	a, b := 17, 5
	fmt.Println(a+b, a-b, a*b, a/b, a%b)
	fmt.Println(-a/b, -a%b, a/-b, a%-b, -a/-b, -a%-b)
	fmt.Println(a&b, a|b, a^b, a&^b, ^a)
	fmt.Println(a<<3, a>>1, -a>>1, -1>>10)
	x := 7
	x += 3
	x -= 1
	x *= 4
	x /= 3
	x %= 7
	x <<= 4
	x >>= 2
	x |= 1
	x &= 0xff
	x ^= 0x0f
	x &^= 2
	fmt.Println("x =", x)
	f := 7.0
	g := 2.0
	fmt.Println(f/g, f*g, f-g, f+g)
	fmt.Println(1/3.0, 2.0/3, 10.0/4)
	var u uint = 3
	fmt.Println(u-4 > 0, u<<62)
	i := 0
	i++
	i++
	i--
	fmt.Println("i =", i)
	fmt.Println(1e3, 1e21, 1e20, 123456789.0, 0.000001, 0.0000001)
	fmt.Println(3/2, 3.0/2, 3/2.0, 7>>1, 1<<10)
	const big = 1 << 62
	fmt.Println(big, big>>60)
	h := 0x1F
	o := 0o17
	bn := 0b1011
	fmt.Println(h, o, bn, 017, 1_000_000)
}
