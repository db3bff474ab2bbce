package main

func g(p int) { var x p; _ = x }
func main() { g(1) }
