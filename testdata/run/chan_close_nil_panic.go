package main

import "fmt"

// Closing a nil channel panics ("close of nil channel").

type pipe struct {
	name string
	ch   chan string
}

func shutdown(p *pipe) {
	fmt.Println("closing", p.name)
	close(p.ch)
	fmt.Println("closed", p.name)
}

func main() {
	pipes := []*pipe{
		{"a", make(chan string)},
		{"b", make(chan string, 1)},
		{"c", nil},
	}
	for _, p := range pipes {
		fmt.Println(p.name, "nil:", p.ch == nil)
	}
	for _, p := range pipes {
		shutdown(p)
	}
}
