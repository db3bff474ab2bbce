package main

import "fmt"

type point struct{ x, y int }

func main() {
	// Go 1.20 slice-to-array conversion copies; slice-to-array-pointer
	// conversion shares the slice's array.
	x := []int{1, 2, 3, 4}
	for i := 0; i < 2; i++ {
		x[i] *= 10
	}
	av := [3]int(x)
	av[0] = -1
	ap := (*[2]int)(x[2:])
	ap[1] = 99
	fmt.Println(x, av, *ap, len(ap))

	bs := []byte("0123456789")
	bp := (*[3]byte)(bs)
	bp[0] = 'P'
	bv := [3]byte(bs[4:])
	bv[1] = 'V'
	fmt.Println(string(bs[:5]), string(bv[:]))

	ps := []point{{1, 2}, {3, 4}}
	pv := [2]point(ps)
	pv[0].x = 100
	pp := (*[1]point)(ps[1:])
	pp[0].y = 40
	fmt.Println(ps, pv)

	var nilSlice []string
	fmt.Println((*[0]string)(nilSlice) == nil, [0]string(nilSlice))

	defer func() { fmt.Println("recovered:", recover()) }()
	short := x[:2]
	_ = [3]int(short)
}
