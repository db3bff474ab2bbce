package main

import "fmt"

// A buffered channel is a FIFO queue of fixed capacity: sends do not block
// until it is full; len reports the queued values.

func main() {
	ch := make(chan string, 4)
	fmt.Println("len", len(ch), "cap", cap(ch))
	for _, s := range []string{"one", "two", "three"} {
		ch <- s
		fmt.Println("sent", s, "len", len(ch))
	}
	fmt.Println("received", <-ch, "len", len(ch))
	ch <- "four"
	ch <- "five"
	fmt.Println("full:", len(ch) == cap(ch))
	for len(ch) > 0 {
		fmt.Println("drain", <-ch)
	}

	// A producer that runs ahead of its consumer by at most cap values.
	nums := make(chan int, 3)
	done := make(chan []int)
	go func() {
		var got []int
		for v := range nums {
			got = append(got, v)
		}
		done <- got
	}()
	for i := 1; i <= 10; i++ {
		nums <- i * i
	}
	close(nums)
	fmt.Println("consumer got", <-done)

	// Values are copied into the buffer.
	type point struct{ x, y int }
	pts := make(chan point, 2)
	p := point{1, 2}
	pts <- p
	p.x = 100
	pts <- p
	fmt.Println(<-pts, <-pts)
	arrs := make(chan [3]int, 1)
	a := [3]int{7, 8, 9}
	arrs <- a
	a[0] = 0
	fmt.Println(<-arrs, a)
}
