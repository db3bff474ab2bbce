package main

const c = 1
func main() { var x c; _ = x }
