package main

import (
	"fmt"
	"strings"
	"unsafe"
)

type Pair struct {
	A int32
	B int64
	C string
}

// bytesToString without a copy, as many Go programs write it.
func bytesToString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

func stringToBytes(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

func main() {
	b := []byte("hello, world")
	fmt.Println(bytesToString(b), bytesToString(b[7:]), bytesToString(nil) == "")
	s := strings.Repeat("ab", 3)
	bs := stringToBytes(s)
	fmt.Println(len(bs), cap(bs), string(bs[1:3]))
	fmt.Println(unsafe.StringData("") == nil || true)

	// SliceData: the first element, nil for nil.
	xs := []int{4, 5, 6}
	p := unsafe.SliceData(xs)
	*p = 40
	fmt.Println(xs, *p)
	var nilSlice []int
	fmt.Println(unsafe.SliceData(nilSlice) == nil, unsafe.SliceData(xs[:0]) == p)
	empty := make([]int, 0)
	fmt.Println(unsafe.SliceData(empty) != nil)
	ps := []Pair{{1, 2, "x"}, {3, 4, "y"}}
	pp := unsafe.SliceData(ps)
	pp.C = "z"
	fmt.Println(ps[0])

	// Slice: a slice over an array's elements, or one variable.
	arr := [5]int{1, 2, 3, 4, 5}
	sl := unsafe.Slice(&arr[1], 3)
	sl[0] = 20
	fmt.Println(sl, len(sl), cap(sl), arr)
	bytesArr := [6]byte{'a', 'b', 'c', 'd', 'e', 'f'}
	bsl := unsafe.Slice(&bytesArr[2], 4)
	bsl[3] = 'F'
	fmt.Println(string(bsl), string(bytesArr[:]))
	one := 7
	os := unsafe.Slice(&one, 1)
	os[0]++
	fmt.Println(one, len(os))
	var np *int
	fmt.Println(unsafe.Slice(np, 0) == nil)
	fmt.Println(len(unsafe.Slice(&one, 0)))
	pair := Pair{1, 2, "q"}
	pairs := unsafe.Slice(&pair, 1)
	pairs[0].C = "r"
	fmt.Println(pair)

	// Add: through arrays by element size, through structs by Offsetof.
	nums := [4]int64{10, 20, 30, 40}
	base := unsafe.Pointer(&nums[0])
	third := (*int64)(unsafe.Add(base, 2*unsafe.Sizeof(nums[0])))
	fmt.Println(*third)
	*third = 33
	fmt.Println(nums)
	back := (*int64)(unsafe.Add(unsafe.Pointer(third), -8))
	fmt.Println(*back)
	pb := (*int64)(unsafe.Add(unsafe.Pointer(&pair), unsafe.Offsetof(pair.B)))
	*pb = 99
	pc := (*string)(unsafe.Add(unsafe.Pointer(&pair), unsafe.Offsetof(pair.C)))
	fmt.Println(pair, *pc)
	ab := [8]byte{1, 2, 3, 4, 5, 6, 7, 8}
	q := (*byte)(unsafe.Add(unsafe.Pointer(&ab), 5))
	fmt.Println(*q)
	grid := [2][3]int16{{1, 2, 3}, {4, 5, 6}}
	g := (*int16)(unsafe.Add(unsafe.Pointer(&grid), 4*unsafe.Sizeof(grid[0][0])))
	fmt.Println(*g)
	fmt.Println(unsafe.Add(base, 0) == base)
	all := (*[4]int64)(unsafe.Pointer(&nums))
	fmt.Println(all[3])
}
