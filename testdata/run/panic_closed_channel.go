package main

import "fmt"

func main() {
	ch := make(chan string, 2)
	ch <- "a"
	close(ch)
	for v := range ch {
		fmt.Println("got", v)
	}
	v, ok := <-ch
	fmt.Printf("receive from closed: %q %v\n", v, ok)
	ch <- "b"
}
