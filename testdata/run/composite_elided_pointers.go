// An element literal may elide &T when the element type is a pointer:
// to a struct, an array, a slice or a map, through a named pointer type
// or a type parameter whose constraint is a pointer type.
package main

import "fmt"

type (
	S  struct{ f int }
	PS *S
	PM *map[string]int
)

func b() []PS { return []PS{{f: 1}, nil} }

func c[P *S]() []P { return []P{{f: 2}} }

func main() {
	fmt.Println(b()[0].f, b()[1] == nil, c()[0].f)
	m := map[string]PS{"a": {f: 3}}
	fmt.Println(m["a"].f)

	a := []*[]int{{1, 2}, {3}}
	*a[1] = append(*a[1], 4)
	fmt.Println(*a[0], *a[1], len(a))
	mm := map[string]*map[string]int{"x": {"k": 1}}
	(*mm["x"])["j"] = 2
	fmt.Println(*mm["x"])
	bb := [...]PM{{"z": 26}}
	fmt.Println(*bb[0], len(bb))
	cc := []*[2]int{{1, 2}, {}}
	cc[1][0] = 9
	fmt.Println(*cc[0], *cc[1])
	keys := map[*[1]string]bool{{"k"}: true}
	for k := range keys {
		fmt.Println(k[0])
	}
}
