package main

type Celsius float64

func main() {
	defer Celsius(1)
}
