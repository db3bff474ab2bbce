package main

import "fmt"

func main() {
	pairs := [][2]int{{7, 2}, {-7, 2}, {7, -2}, {-7, -2}, {0, 5}, {1, 3}}
	for _, p := range pairs {
		a, b := p[0], p[1]
		fmt.Printf("%d / %d = %d, %d %% %d = %d\n", a, b, a/b, a, b, a%b)
	}
	var i8 int8 = -128
	var m1 int8 = -1
	fmt.Println(i8/m1, i8%m1)
	var i64 int64 = -9223372036854775808
	var n1 int64 = -1
	fmt.Println(i64/n1, i64%n1)
	fmt.Println(7.0/2.0, -7.0/2.0)
	var u uint = 7
	fmt.Println(u/2, u%2)
	zero := 0.0
	fmt.Println(1/zero, -1/zero, zero/zero == zero/zero)
	x := 10
	x /= 3
	fmt.Println(x)
	x %= 2
	fmt.Println(x)
	fmt.Println(-5>>1, -5/2, 5>>1, -1>>63)
	var q uint8 = 255
	fmt.Println(q/16, q%16, q>>4, q&15)
	avg := func(xs ...int) float64 { s := 0; for _, v := range xs { s += v }; return float64(s) / float64(len(xs)) }
	fmt.Println(avg(1, 2), avg(1, 2, 4))
}
