package main

import "fmt"

// The classic concurrent prime sieve (from the Go tour and test suite): a
// chain of filter goroutines, one per prime found so far.

func generate(ch chan<- int) {
	for i := 2; ; i++ {
		ch <- i
	}
}

func filter(in <-chan int, out chan<- int, prime int) {
	for {
		i := <-in
		if i%prime != 0 {
			out <- i
		}
	}
}

func main() {
	ch := make(chan int)
	go generate(ch)
	var primes []int
	for i := 0; i < 300; i++ {
		prime := <-ch
		primes = append(primes, prime)
		ch1 := make(chan int)
		go filter(ch, ch1, prime)
		ch = ch1
	}
	fmt.Println("first 20:", primes[:20])
	fmt.Println("300th prime:", primes[299])
	sum := 0
	for _, p := range primes {
		sum += p
	}
	fmt.Println("sum of the first 300:", sum)
}
