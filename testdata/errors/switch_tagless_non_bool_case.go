package main

func main() {
	n := 3
	switch {
	case n > 2:
	case 1:
	}
}
