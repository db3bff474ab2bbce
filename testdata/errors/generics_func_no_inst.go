package main

func Id[T any](x T) T { return x }

func main() {
	f := Id
	_ = f
}
