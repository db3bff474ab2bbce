package main

func main() {
	s := []int{1}
	defer append(s, 2)
}
