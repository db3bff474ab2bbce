package main

func g() (r int) { var x r; _ = x; return }
func main() { g() }
