package main

func main() {
	c := make(chan int)
	select {
	default:
	case <-c:
	default:
	}
}
