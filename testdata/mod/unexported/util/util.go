package util

func helper() int { return 1 }
