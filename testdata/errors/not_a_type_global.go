package main

var v int
func main() { var x v; _ = x }
