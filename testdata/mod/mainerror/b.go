package main

func f() {
	_ = x
}
