package main

import "internal/oserror"

func main() { println(oserror.ErrInvalid) }
