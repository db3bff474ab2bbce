package main

import (
	"fmt"
	"sort"
)

type person struct {
	name string
	age  int
}

func main() {
	ints := []int{5, 2, 8, -1, 9, 3, 3}
	sort.Ints(ints)
	fmt.Println(ints, sort.IntsAreSorted(ints))
	strs := []string{"pear", "Apple", "banana", "apple", "cherry"}
	sort.Strings(strs)
	fmt.Println(strs)
	fl := []float64{2.5, -1, 3.25, 0}
	sort.Float64s(fl)
	fmt.Println(fl)
	people := []person{{"alice", 30}, {"bob", 25}, {"carol", 35}, {"dave", 25}}
	sort.Slice(people, func(i, j int) bool {
		if people[i].age != people[j].age {
			return people[i].age < people[j].age
		}
		return people[i].name < people[j].name
	})
	fmt.Println(people)
	sort.SliceStable(people, func(i, j int) bool { return people[i].name > people[j].name })
	fmt.Println(people)
	i := sort.SearchInts(ints, 8)
	fmt.Println("index of 8:", i, "index of 4:", sort.SearchInts(ints, 4))
	j := sort.Search(100, func(k int) bool { return k*k >= 50 })
	fmt.Println("first k with k*k>=50:", j)
	sort.Sort(sort.Reverse(sort.IntSlice(ints)))
	fmt.Println(ints)
}
