package main

import "fmt"

type item struct {
	name  string
	count int
}

func main() {
	items := []item{{"a", 1}, {"b", 2}, {"c", 3}}
	for _, it := range items {
		it.count *= 10
	}
	fmt.Println(items)
	for i := range items {
		items[i].count *= 10
	}
	fmt.Println(items)
	p := &items[1]
	p.count = -1
	p.name += "!"
	fmt.Println(items)
	ptrs := []*item{}
	for i := range items {
		ptrs = append(ptrs, &items[i])
	}
	ptrs[2].count = 0
	fmt.Println(items[2], *ptrs[0])
	cp := &items[0].count
	*cp = 77
	fmt.Println(items[0])
	// growing the slice detaches the old pointer
	small := make([]int, 1, 1)
	ep := &small[0]
	small = append(small, 2)
	*ep = 42
	fmt.Println(small, *ep)
	sp := &items
	(*sp)[0].name = "via slice pointer"
	*sp = append(*sp, item{"d", 4})
	fmt.Println(len(items), items[0].name, items[3])
}
