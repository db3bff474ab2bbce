package util

func F() {
	x := 1
}
