package main

import (
	"fmt"
	"math"
)

func main() {
	sum := 0.0
	for i := 0; i < 10; i++ {
		sum += 0.1
	}
	fmt.Println(sum, sum == 1.0, math.Abs(sum-1.0) < 1e-9)
	var f32 float32
	for i := 0; i < 10; i++ {
		f32 += 0.1
	}
	fmt.Println(f32, f32 == 1.0)
	fmt.Println(0.1+0.2 == 0.3)
	x, y := 0.1, 0.2
	fmt.Println(x+y == 0.3, x+y)
	fmt.Println(float32(0.1)+float32(0.2) == float32(0.3))
	big := 1e16
	fmt.Println(big+1 == big, big+2)
	fmt.Println(math.MaxInt64, float64(math.MaxInt64), int64(float64(1<<62)))
	vals := []float64{1.5, 2.5, -1.5, 0.49999999999999994, 1e15 + 0.5}
	for _, v := range vals {
		fmt.Println(v, math.Round(v), math.Floor(v), int(v))
	}
	third := float32(1) / 3
	fmt.Println(third, float64(third), third*3)
	fmt.Println(100*1.1, 3*0.1, 1-0.9)
	fmt.Println(1e100, 1e-100, 123e-20)
}
