package main

import "fmt"

type Number interface {
	~int | ~int64 | ~float64
}

type Ordered interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~float32 | ~float64 | ~string
}

type Stringer interface{ String() string }

// Methods plus type terms.
type StringInt interface {
	~int
	String() string
}

type Celsius int

func (c Celsius) String() string { return fmt.Sprintf("%d°C", int(c)) }

type ComparableStringer interface {
	comparable
	String() string
}

func Sum[T Number](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func Max[T Ordered](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func Index[T comparable](xs []T, x T) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

func Double[T StringInt](x T) string { return (x * 2).String() }

func Join[T Stringer](xs []T) string {
	s := ""
	for _, x := range xs {
		s += x.String() + ";"
	}
	return s
}

func Same[T ComparableStringer](a, b T) string {
	if a == b {
		return "same " + a.String()
	}
	return "differ"
}

func Inline[T interface{ ~string | ~[]byte }](x T) int { return len(x) }

func Scale[T ~int | ~float64](x T, k T) T { return x * k }

type MyFloat float64

func main() {
	fmt.Println(Sum([]int{1, 2, 3}), Sum([]float64{0.5, 0.25}), Sum([]MyFloat{1, 2}))
	fmt.Println(Max(3, 9), Max("abc", "abd"), Max(2.5, -1), Max[uint8](200, 100))
	fmt.Println(Index([]string{"a", "b"}, "b"), Index([]int{1}, 5))
	fmt.Println(Double(Celsius(21)))
	fmt.Println(Join([]Celsius{1, 2}))
	fmt.Println(Same(Celsius(3), Celsius(3)), Same(Celsius(3), Celsius(4)))
	fmt.Println(Inline("hello"), Inline([]byte{1, 2}))
	fmt.Println(Scale(3, 4), Scale(1.5, 2), Scale(MyFloat(2), 3))
}
