package main

import (
	"fmt"
	"math"
)

func main() {
	x := 3.14159265358979
	fmt.Printf("%f|%.2f|%8.3f|%-8.1f|%08.3f|%+.1f|% .2f\n", x, x, x, x, x, x, x)
	fmt.Printf("%e|%.3e|%E|%g|%.3g|%G\n", x, x, x, x, x, x)
	big := 123456789.125
	fmt.Printf("%f|%e|%g|%v\n", big, big, big, big)
	small := 0.000012345
	fmt.Printf("%f|%e|%g|%v\n", small, small, small, small)
	fmt.Printf("%g %g %g %g %g\n", 1.0, 100000.0, 1e21, 1e-5, 1e-4)
	fmt.Printf("%v %v %v\n", math.Inf(1), math.Inf(-1), math.NaN())
	fmt.Printf("%f %5.1f %e\n", math.Inf(1), math.Inf(-1), math.NaN())
	fmt.Printf("%.0f %.0f %.0f %.0f\n", 0.5, 1.5, 2.5, -0.5)
	fmt.Printf("%6.2f%%\n", 99.5)
	var f32 float32 = 1.1
	fmt.Printf("%v %g %.10f\n", f32, f32, f32)
	fmt.Println(float64(f32), f32*3)
	fmt.Printf("%#g %#.3g %#v\n", 1.0, 2.0, 3.0)
	fmt.Printf("%10.4e|%-12g|\n", 12345.678, 0.5)
	fmt.Printf("%.2f %.2f %.2f\n", 2.675, 1.005, -1.115)
	fmt.Println(math.MaxFloat64, math.SmallestNonzeroFloat64)
	fmt.Println(-0.0, math.Copysign(0, -1), 1/math.Inf(-1))
}
