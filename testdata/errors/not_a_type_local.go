package main

func main() { i := 1; var x i; _ = x }
