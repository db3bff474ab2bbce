package main

import "fmt"

func main() {
	vals := []float64{0, 1, -1, 0.1, 0.2, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 100, 1e6, 1e20, 1e21, 1e-4, 1e-5,
		123456789, 1234567890123, 0.000123, 3.0e100, 5e-324, 12.5, -7.25}
	for _, v := range vals {
		fmt.Println(v)
	}
	fmt.Println(vals[:4])
	var f32s = []float32{0.1, 1.0 / 3, 16777216, 1e10, 3.4e38}
	fmt.Println(f32s)
	for _, v := range f32s {
		fmt.Println(v, float64(v))
	}
	fmt.Print(2.5, 3.0, "\n")
	fmt.Println(fmt.Sprint(1.5), fmt.Sprintf("%v", 2.0))
	x := 10.0
	fmt.Println(x/4, x/3, x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x)
}
