package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

type key string

func main() {
	bg := context.Background()
	fmt.Println(bg, context.TODO(), bg.Err(), bg.Done() == nil)
	ctx, cancel := context.WithCancel(bg)
	fmt.Println(ctx, ctx.Err())
	child, ccancel := context.WithCancel(ctx)
	defer ccancel()
	vctx := context.WithValue(child, key("user"), "gopher")
	fmt.Println(vctx)
	fmt.Println(vctx.Value(key("user")), vctx.Value(key("nope")), vctx.Value("user"))
	cancel()
	<-child.Done()
	fmt.Println(child.Err(), vctx.Err(), errors.Is(vctx.Err(), context.Canceled), context.Cause(vctx))
	cancel()

	tctx, tcancel := context.WithTimeout(bg, 20*time.Millisecond)
	defer tcancel()
	d, ok := tctx.Deadline()
	fmt.Println(ok, time.Until(d) > 0)
	select {
	case <-tctx.Done():
		fmt.Println("done:", tctx.Err())
	case <-time.After(2 * time.Second):
		fmt.Println("timeout not fired")
	}
	var te interface{ Timeout() bool }
	fmt.Println(errors.As(tctx.Err(), &te), te.Timeout(), tctx.Err() == context.DeadlineExceeded)

	cc, causeCancel := context.WithCancelCause(bg)
	causeCancel(errors.New("my cause"))
	fmt.Println(cc.Err(), context.Cause(cc))

	past, pcancel := context.WithDeadline(bg, time.Now().Add(-time.Second))
	fmt.Println(past.Err())
	pcancel()

	wc := context.WithoutCancel(ctx)
	fmt.Println(wc, wc.Err(), wc.Done() == nil)

	actx, acancel := context.WithCancel(bg)
	ran := make(chan bool)
	stop := context.AfterFunc(actx, func() { ran <- true })
	acancel()
	fmt.Println(<-ran, stop())

	a2, a2c := context.WithCancel(bg)
	stop2 := context.AfterFunc(a2, func() { fmt.Println("should not run") })
	fmt.Println(stop2(), stop2())
	a2c()

	parent, pc := context.WithTimeout(bg, time.Hour)
	kid, kc := context.WithTimeout(parent, 2*time.Hour)
	kd, _ := kid.Deadline()
	pd, _ := parent.Deadline()
	fmt.Println(kd.Equal(pd))
	kc()
	pc()
	fmt.Println(kid.Err(), parent.Err())
	time.Sleep(10 * time.Millisecond)
	func() {
		defer func() { fmt.Println(recover()) }()
		context.WithValue(bg, nil, 1)
	}()
	func() {
		defer func() { fmt.Println(recover()) }()
		context.WithCancel(nil)
	}()
	fmt.Println(context.WithValue(bg, 1, 2.5))
}
