package main

type T struct{}

func (*T) P() {}

func main() {
	T{}.P()
}
