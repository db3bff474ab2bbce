package lib

var X = 1
