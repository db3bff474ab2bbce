package q

import "example.com/m/p"

var Q = p.P
