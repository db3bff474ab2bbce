package util

func twice(x int) int { return x * 2 }
