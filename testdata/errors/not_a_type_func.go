package main

func f() {}
func main() { var x f; _ = x }
