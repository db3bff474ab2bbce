package a

import "example.com/m/b"

var X = b.Trace("a.X")
