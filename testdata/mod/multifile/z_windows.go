package main

func helper() string { return "windows" }
