package main

// gc folds integer constant division of values that fit in int64 with
// int64 arithmetic, so MinInt64 / -1 is MinInt64 (not an overflow).

import (
	"fmt"
	"math"
)

const c int64 = math.MinInt64
const u = -9223372036854775808 / -1

func main() {
	fmt.Println(c/-1, c%-1, u == -u, u)
	var x float64 = u
	fmt.Println(x, int64(math.MinInt64)/-1)
	v := int64(-1)
	fmt.Println(c/v, c%v)
}
