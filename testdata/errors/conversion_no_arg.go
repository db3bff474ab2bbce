package main

type Celsius float64

func main() {
	_ = Celsius()
}
