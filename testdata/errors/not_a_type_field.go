package main

type S struct{ f int }
func (s S) g() { var x s.f; _ = x }
func main() {}
