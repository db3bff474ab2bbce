package main

import _ "embed"

//go:embed embed_data/one.txt
var n int

func main() { println(n) }
