package main

func main() {
	s := []int{1}
	copy(s, "x")
}
