package main

type Stringer interface{ String() string }

func Show[T Stringer](x T) string { return x.String() }

func main() {
	_ = Show(42)
}
