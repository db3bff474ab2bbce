package main

func Twice[T ~int | ~float64](x T) T { return x + x }

func main() {
	_ = Twice[string]("a")
}
