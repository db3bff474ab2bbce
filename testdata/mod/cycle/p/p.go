package p

import "example.com/m/q"

var P = q.Q
