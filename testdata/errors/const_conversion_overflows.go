package main

const c int64 = 300

func main() {
	_ = int8(c)
}
