package main

func main() { var c chan<- struct{}; for range c {} }
