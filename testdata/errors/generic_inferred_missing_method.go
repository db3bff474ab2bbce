package main

type Shape interface{ Area() float64 }

func Total[T Shape](xs ...T) float64 {
	t := 0.0
	for _, x := range xs {
		t += x.Area()
	}
	return t
}

type Square struct{ side float64 }

func main() {
	_ = Total(Square{2})
}
