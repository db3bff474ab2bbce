package main

import "example.com/m/util"

func main() { util.F() }
