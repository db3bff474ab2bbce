package main

type T[P any] (P)

func main() {}
