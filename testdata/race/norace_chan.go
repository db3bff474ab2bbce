// Channel patterns that Go's memory model orders (after the NoRace cases
// of Go's runtime/race/testdata/chan_test.go): nothing to report, under
// any schedule.
package main

import (
	"fmt"
	"time"
)

func main() {
	n := 0
	check := func(name string, f func() int) {
		if f() != 0 {
			fmt.Println(name)
		}
		n++
	}

	check("unbuffered send then receive", func() int {
		v := 0
		c := make(chan int)
		go func() { v = 1; c <- 0 }()
		<-c
		v = 2
		return v - 2
	})
	check("unbuffered receive before the send completes", func() int {
		v := 0
		c := make(chan int)
		go func() { c <- 0; v = 2 }()
		v = 1
		<-c
		_ = &v
		return 0
	})
	check("buffered send then receive", func() int {
		v := 0
		c := make(chan int, 10)
		go func() { v = 1; c <- 0 }()
		<-c
		v = 2
		return v - 2
	})
	for _, size := range []int{0, 10} {
		check("close then receive", func() int {
			v := 0
			c := make(chan int, size)
			go func() { v = 1; close(c) }()
			for range c {
			}
			v = 2
			return v - 2
		})
		check("close then comma-ok receive", func() int {
			v := 0
			c := make(chan int, size)
			go func() { v = 1; close(c) }()
			_, _ = <-c
			v = 2
			return v - 2
		})
	}
	check("a pointer passed on", func() int {
		type msg struct{ x int }
		c := make(chan *msg)
		go func() { c <- &msg{1} }()
		m := <-c
		m.x = 2
		return m.x - 2
	})
	check("the value sent is read before the receive writes", func() int {
		done := make(chan bool)
		c1 := make(chan int, 10)
		x := 0
		go func() { c1 <- x; done <- true }()
		x = <-c1
		<-done
		return x
	})
	check("select send and select receive", func() int {
		done := make(chan bool)
		x := 0
		c1, c2 := make(chan int), make(chan int)
		go func() {
			select {
			case c1 <- x:
			case c2 <- 1:
			}
			done <- true
		}()
		select {
		case x = <-c1:
		case c2 <- 1:
		}
		<-done
		return x
	})
	check("a task queue with a reply channel", func() int {
		type task struct {
			f    func()
			done chan bool
		}
		queue := make(chan task)
		go func() {
			t := <-queue
			t.f()
			t.done <- true
		}()
		x := 0
		done := make(chan bool, 1)
		queue <- task{func() { x = 1 }, done}
		<-done
		return x - 1
	})
	check("a capacity-1 channel as a mutex", func() int {
		done := make(chan struct{})
		mtx := make(chan struct{}, 1)
		data := 0
		go func() {
			mtx <- struct{}{}
			data = 42
			<-mtx
			done <- struct{}{}
		}()
		mtx <- struct{}{}
		data = 43
		<-mtx
		<-done
		_ = &data
		return 0
	})
	check("a capacity-1 channel as a mutex, in selects", func() int {
		done := make(chan struct{})
		mtx := make(chan struct{}, 1)
		aux := make(chan bool)
		data := 0
		lock := func() {
			select {
			case mtx <- struct{}{}:
			case <-aux:
			}
		}
		unlock := func() {
			select {
			case <-mtx:
			case <-aux:
			}
		}
		go func() {
			lock()
			data = 42
			unlock()
			done <- struct{}{}
		}()
		lock()
		data = 43
		unlock()
		<-done
		_ = &data
		return 0
	})
	check("a buffered channel as a wait group", func() int {
		const N = 10
		wg := make(chan bool, N/2)
		data := make([]int, N)
		for i := 0; i < N; i++ {
			wg <- true
			go func(i int) {
				data[i] = 42
				<-wg
			}(i)
		}
		for i := 0; i < cap(wg); i++ {
			wg <- true
		}
		sum := 0
		for i := 0; i < N; i++ {
			sum += data[i]
		}
		return sum - 420
	})
	check("a sender blocked on a full buffer", func() int {
		c := make(chan *int, 1)
		c <- nil
		go func() {
			i := 42
			c <- &i
		}()
		time.Sleep(10 * time.Millisecond)
		<-c
		p := <-c
		return *p - 42
	})
	check("a sender blocked on a full buffer, received in a select", func() int {
		c := make(chan *int, 1)
		c <- nil
		go func() {
			i := 42
			c <- &i
		}()
		time.Sleep(10 * time.Millisecond)
		<-c
		select {
		case p := <-c:
			return *p - 42
		case <-make(chan int):
		}
		return 1
	})
	check("a receiver parked on a buffered channel", func() int {
		c := make(chan *int, 3)
		done := make(chan int)
		go func() {
			p := <-c
			*p++
			done <- *p
		}()
		time.Sleep(10 * time.Millisecond)
		i := 41
		c <- &i
		return <-done - 42
	})
	fmt.Println(n, "patterns")
}
