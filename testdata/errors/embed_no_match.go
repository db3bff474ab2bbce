package main

import _ "embed"

//go:embed embed_data/one.txt embed_data/nothere.txt
var s string

func main() { println(s) }
