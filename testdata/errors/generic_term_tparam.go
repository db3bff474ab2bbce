package main

type C[P any] interface{ int | P }

func main() {}
