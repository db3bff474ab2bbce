package main

import "fmt"

// Channels of channels: each request carries its own reply channel, so a
// single server goroutine owns the state and answers requests in order.

type request struct {
	op    string
	key   string
	val   int
	reply chan int
}

func server(reqs <-chan request) {
	store := map[string]int{}
	for r := range reqs {
		switch r.op {
		case "set":
			store[r.key] = r.val
			r.reply <- r.val
		case "add":
			store[r.key] += r.val
			r.reply <- store[r.key]
		case "get":
			r.reply <- store[r.key]
		case "len":
			r.reply <- len(store)
		}
	}
}

func main() {
	reqs := make(chan request)
	go server(reqs)
	call := func(op, key string, val int) int {
		reply := make(chan int)
		reqs <- request{op, key, val, reply}
		return <-reply
	}
	fmt.Println(call("set", "a", 5))
	fmt.Println(call("add", "a", 10))
	fmt.Println(call("add", "b", 3))
	fmt.Println(call("get", "a", 0), call("get", "b", 0), call("get", "zzz", 0))

	done := make(chan bool)
	for i := 0; i < 10; i++ {
		go func() {
			for j := 0; j < 100; j++ {
				call("add", "shared", 1)
			}
			done <- true
		}()
	}
	for i := 0; i < 10; i++ {
		<-done
	}
	fmt.Println("shared:", call("get", "shared", 0), "keys:", call("len", "", 0))
	close(reqs)
}
