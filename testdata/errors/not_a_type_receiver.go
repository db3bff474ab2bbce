package main

type S struct{ f int }
func (s S) g() { var x s; _ = x }
func main() {}
