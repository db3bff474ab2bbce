package main

import (
	"fmt"
	"runtime"
)

func main() {
	started := make(chan bool)
	never := make(chan int)
	go func() {
		started <- true
		<-never
	}()
	<-started
	defer fmt.Println("main exits by Goexit; the other goroutine blocks for good")
	runtime.Goexit()
}
