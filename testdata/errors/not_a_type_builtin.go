package main

func main() { var x len; _ = x }
