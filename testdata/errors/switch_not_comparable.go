package main

type S struct{ f []int }

func main() {
	var s S
	switch s {
	}
}
