package main

func f(x [1 << 62]int64) {}

func main() {}
