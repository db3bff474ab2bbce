package main

import "fmt"

// Receiving from a nil channel blocks forever; Go names the wait reason
// "chan receive (nil chan)".

type service struct {
	name    string
	updates chan string
}

func main() {
	s := service{name: "config"}
	fmt.Println("service", s.name, "updates is nil:", s.updates == nil)
	fmt.Println("waiting for an update")
	u := <-s.updates
	fmt.Println("unreachable", u)
}
