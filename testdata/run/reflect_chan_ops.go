// reflect's channel operations: MakeChan, Send, Recv, TrySend, TryRecv,
// Close and Select, blocking and waking like the channel statements.
package main

import (
	"fmt"
	"reflect"
	"sync"
)

type point struct{ X, Y int }

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("%s: panic: %v\n", name, r)
		}
	}()
	f()
}

func main() {
	// Buffered channel: send, len/cap, receive, close.
	ct := reflect.TypeFor[chan int]()
	ch := reflect.MakeChan(ct, 2)
	ch.Send(reflect.ValueOf(1))
	fmt.Println(ch.TrySend(reflect.ValueOf(2)), ch.TrySend(reflect.ValueOf(3)), ch.Len(), ch.Cap())
	x, ok := ch.Recv()
	fmt.Println(x.Int(), ok, x.Type())
	c := ch.Interface().(chan int)
	fmt.Println(<-c, len(c))
	x, ok = ch.TryRecv()
	fmt.Println(x.IsValid(), ok)
	ch.Close()
	x, ok = ch.Recv()
	fmt.Println(x.Int(), ok)
	x, ok = ch.TryRecv()
	fmt.Println(x.Int(), ok, x.IsValid())

	// A struct travels by value; a closed channel of structs yields the
	// zero struct.
	sc := reflect.MakeChan(reflect.TypeFor[chan point](), 1)
	p := point{1, 2}
	pv := reflect.ValueOf(&p).Elem()
	sc.Send(pv)
	p.X = 99
	got, _ := sc.Recv()
	fmt.Printf("%+v\n", got.Interface())
	sc.Close()
	got, ok = sc.Recv()
	fmt.Printf("%+v %v\n", got.Interface(), ok)

	// Assignable values convert to the element type (an interface).
	ic := reflect.MakeChan(reflect.TypeFor[chan fmt.Stringer](), 1)
	ic.Send(reflect.ValueOf(reflect.Int))
	iv, _ := ic.Recv()
	fmt.Println(iv.Kind(), iv.Elem().Type(), iv.Interface())

	// Unbuffered: Send blocks until a receiver comes, Recv until a sender.
	uc := reflect.MakeChan(ct, 0)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		sum := 0
		for i := 0; i < 5; i++ {
			v, _ := uc.Recv()
			sum += int(v.Int())
		}
		uc.Send(reflect.ValueOf(sum))
	}()
	for i := 1; i <= 5; i++ {
		uc.Send(reflect.ValueOf(i * 10))
	}
	s, _ := uc.Recv()
	wg.Wait()
	fmt.Println("sum", s.Int())
	fmt.Println(uc.TrySend(reflect.ValueOf(1)))

	// Value.Seq receives until the channel is closed.
	qc := make(chan string, 3)
	qc <- "a"
	qc <- "b"
	close(qc)
	for x := range reflect.ValueOf(qc).Seq() {
		fmt.Print(x, ";")
	}
	fmt.Println()

	// Directions and panics.
	rc := reflect.ValueOf((<-chan int)(make(chan int)))
	sd := reflect.ValueOf((chan<- int)(make(chan int, 1)))
	try("send recv-only", func() { rc.Send(reflect.ValueOf(1)) })
	try("recv send-only", func() { sd.Recv() })
	try("close recv-only", func() { rc.Close() })
	try("send wrong type", func() { sd.Send(reflect.ValueOf("x")) })
	try("send on closed", func() { ch.Send(reflect.ValueOf(1)) })
	try("close closed", func() { ch.Close() })
	try("close nil", func() { reflect.Zero(ct).Close() })
	try("recv non-chan", func() { reflect.ValueOf(1).Recv() })
	try("trysend non-chan", func() { reflect.ValueOf(1).TrySend(reflect.ValueOf(1)) })
	try("makechan non-chan", func() { reflect.MakeChan(reflect.TypeFor[int](), 0) })
	try("makechan negative", func() { reflect.MakeChan(ct, -1) })
	try("makechan dir", func() { reflect.MakeChan(reflect.TypeFor[<-chan int](), 0) })
	try("send zero", func() { sd.Send(reflect.Value{}) })
	var zs struct{ c chan int }
	zs.c = make(chan int, 1)
	try("send unexported", func() { reflect.ValueOf(zs).Field(0).Send(reflect.ValueOf(1)) })
	fmt.Println(reflect.Zero(ct).TrySend(reflect.ValueOf(1)))
	nv, nok := reflect.Zero(ct).TryRecv()
	fmt.Println(nv.IsValid(), nok)
	fmt.Println(reflect.TypeOf(reflect.SelectRecv), reflect.SelectSend, reflect.SelectRecv, reflect.SelectDefault)
}
