package main

func main() {
	x := 1
	switch x {
	default:
		println(1)
	case 2:
	default:
		println(2)
	}
}
