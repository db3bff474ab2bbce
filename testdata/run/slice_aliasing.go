package main

import "fmt"

func main() {
	a := []int{0, 1, 2, 3, 4, 5, 6, 7}
	b := a[2:5]
	fmt.Println(b, len(b), cap(b))
	b[0] = 20
	fmt.Println(a)
	b = append(b, 50)
	fmt.Println(a, b)
	c := a[2:5:5]
	fmt.Println(len(c), cap(c))
	c = append(c, 60)
	c[0] = -2
	fmt.Println(a, c)
	d := b[1:cap(b)]
	fmt.Println(d)
	e := a[:0]
	for _, v := range a {
		if v%2 == 0 {
			e = append(e, v)
		}
	}
	fmt.Println(e, a)
	arr := [5]int{1, 2, 3, 4, 5}
	sl := arr[1:4]
	sl[0] = 200
	fmt.Println(arr, sl)
	sl = append(sl, 400)
	fmt.Println(arr)
	sl = append(sl, 500, 600)
	sl[0] = -1
	fmt.Println(arr, sl)
	s := "hello world"
	fmt.Println(s[6:], s[:5], s[3:8])
	full := a[:]
	fmt.Println(len(full) == len(a), &full[0] == &a[0])
}
