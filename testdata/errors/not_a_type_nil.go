package main

func main() { var x nil; _ = x }
