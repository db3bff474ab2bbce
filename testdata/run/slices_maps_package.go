package main

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
)

type Person struct {
	Name string
	Age  int
}

type Ints []int

func main() {
	s := []int{5, 2, 8, 2, 9, 1, 5, 5}
	fmt.Println(slices.Contains(s, 8), slices.Index(s, 2), slices.Index(s, 7))
	c := slices.Clone(s)
	slices.Sort(c)
	fmt.Println(c, s, slices.IsSorted(c), slices.IsSorted(s))
	fmt.Println(slices.Compact(c), len(slices.Compact(slices.Clone(c))))
	fmt.Println(slices.BinarySearch(c, 5))
	fmt.Println(slices.BinarySearch(c, 6))
	fmt.Println(slices.Min(s), slices.Max(s))
	fmt.Println(slices.Equal(s, c))
	r := slices.Clone(s)
	slices.Reverse(r)
	fmt.Println(r)
	x := []int{1, 2, 3, 4, 5}
	x = slices.Insert(x, 2, 10, 11)
	fmt.Println(x, len(x), cap(x))
	x = slices.Delete(x, 1, 3)
	fmt.Println(x, len(x), cap(x))
	x = slices.Replace(x, 0, 2, 7, 8, 9)
	fmt.Println(x, len(x), cap(x))
	y := make([]int, 3, 10)
	y = slices.Insert(y, 1, 4, 4)
	fmt.Println(y, len(y), cap(y))
	fmt.Println(slices.Concat([]int{1}, nil, []int{2, 3}), cap(slices.Concat([]int{1}, []int{2, 3})))
	fmt.Println(slices.Repeat([]string{"a", "b"}, 3))
	g := slices.Grow([]int{1}, 10)
	fmt.Println(len(g), cap(g))
	people := []Person{{"Alice", 30}, {"Bob", 25}, {"Carol", 30}, {"Dan", 25}, {"Eve", 35}, {"Fay", 30}}
	slices.SortFunc(people, func(a, b Person) int { return cmp.Compare(a.Age, b.Age) })
	fmt.Println(people)
	slices.SortStableFunc(people, func(a, b Person) int { return strings.Compare(b.Name, a.Name) })
	fmt.Println(people)
	i, found := slices.BinarySearchFunc([]Person{{"A", 1}, {"B", 5}}, 5, func(p Person, t int) int { return cmp.Compare(p.Age, t) })
	fmt.Println(i, found)
	fmt.Println(slices.IndexFunc(people, func(p Person) bool { return p.Age > 30 }))
	fmt.Println(slices.MinFunc(people, func(a, b Person) int { return cmp.Compare(a.Age, b.Age) }))
	fmt.Println(slices.MaxFunc(people, func(a, b Person) int { return cmp.Compare(a.Age, b.Age) }))
	fmt.Println(slices.DeleteFunc(slices.Clone(s), func(v int) bool { return v == 5 }))
	for i, v := range slices.All([]string{"x", "y"}) {
		fmt.Print(i, v, " ")
	}
	for i, v := range slices.Backward([]string{"x", "y"}) {
		fmt.Print(i, v, " ")
	}
	fmt.Println()
	fmt.Println(slices.Collect(slices.Values(Ints{3, 1, 2})))
	fmt.Println(slices.Sorted(slices.Values(Ints{3, 1, 2})))
	for c := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
		fmt.Print(c, len(c), cap(c), " ")
	}
	fmt.Println()
	m := map[string]int{"b": 2, "a": 1, "c": 3}
	keys := slices.Sorted(maps.Keys(m))
	fmt.Println(keys)
	vals := slices.Sorted(maps.Values(m))
	fmt.Println(vals)
	m2 := maps.Clone(m)
	fmt.Println(maps.Equal(m, m2))
	m2["d"] = 4
	fmt.Println(maps.Equal(m, m2), len(m2))
	maps.DeleteFunc(m2, func(k string, v int) bool { return v%2 == 0 })
	fmt.Println(m2)
	m3 := maps.Collect(slices.All([]string{"p", "q"}))
	fmt.Println(m3)
	maps.Insert(m3, maps.All(map[int]string{5: "z"}))
	fmt.Println(m3)
	maps.Copy(m3, map[int]string{0: "P"})
	fmt.Println(m3)
	f := []float64{3, math.NaN(), 1}
	slices.Sort(f)
	fmt.Println(f, slices.Min(f), slices.Max([]float64{1, 2}))
	fmt.Println(slices.Compare([]int{1, 2}, []int{1, 3}), slices.Compare([]int{1, 2}, []int{1}))
	var ints Ints = Ints{3, 2, 1}
	ints2 := slices.Clone(ints)
	fmt.Printf("%T %v\n", ints2, ints2)
	fmt.Println(slices.Clip(make([]int, 2, 5)), cap(slices.Clip(make([]int, 2, 5))))
	defer func() { fmt.Println("recovered:", recover()) }()
	slices.Max([]int{})
}
