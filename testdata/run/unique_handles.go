package main

import (
	"fmt"
	"math"
	"strings"
	"unique"
)

type point struct{ x, y int }

func main() {
	a := unique.Make("go" + strings.Repeat("pher", 2))
	b := unique.Make("gopherpher")
	c := unique.Make("other")
	fmt.Println(a == b, a == c, a.Value(), c.Value())

	// A handle is per type: the same value under another type parameter
	// is another handle.
	i := unique.Make(1)
	j := unique.Make[any](1)
	k := unique.Make[any](int64(1))
	fmt.Println(i.Value(), j.Value(), k.Value(), j == unique.Make[any](1), j == k)

	p := unique.Make(point{1, 2})
	fmt.Println(p == unique.Make(point{1, 2}), p == unique.Make(point{2, 1}), p.Value())

	// Floats compare as ==: +0 and -0 share a handle; NaN never equals.
	z := unique.Make(0.0)
	fmt.Println(z == unique.Make(math.Copysign(0, -1)), unique.Make(math.NaN()) == unique.Make(math.NaN()))

	var zero unique.Handle[string]
	fmt.Println(zero == unique.Handle[string]{}, zero == a)

	// Interning: equal strings built separately give one handle.
	words := strings.Fields("a b a c b a")
	seen := map[unique.Handle[string]]int{}
	for _, w := range words {
		seen[unique.Make(w)]++
	}
	fmt.Println(len(seen), seen[unique.Make("a")], seen[unique.Make("b")])

	defer func() { fmt.Println("recovered:", recover()) }()
	unique.Make[any]([]int{1})
}
