package main

func main() {
	a := []int{1, 2}
	_ = a[1i]
}
