package main

func main() { var x iota; _ = x }
