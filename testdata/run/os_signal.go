package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGUSR1, syscall.SIGTERM)
	syscall.Kill(os.Getpid(), syscall.SIGUSR1)
	s := <-sigs
	fmt.Println("got", s)
	syscall.Kill(syscall.Getpid(), syscall.SIGTERM)
	fmt.Println("got", <-sigs)
	// Every thread must have the signal blocked: one that did not would
	// take SIGUSR1's default action (death) instead of relaying it.
	n := 0
	for i := 0; i < 50; i++ {
		syscall.Kill(os.Getpid(), syscall.SIGUSR1)
		if <-sigs == syscall.SIGUSR1 {
			n++
		}
	}
	fmt.Println("relayed", n)
	signal.Stop(sigs)

	signal.Ignore(syscall.SIGUSR2)
	fmt.Println(signal.Ignored(syscall.SIGUSR2), signal.Ignored(syscall.SIGUSR1))
	syscall.Kill(os.Getpid(), syscall.SIGUSR2)
	time.Sleep(50 * time.Millisecond)
	fmt.Println("survived usr2")

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	fmt.Println(ctx)
	syscall.Kill(os.Getpid(), syscall.SIGINT)
	<-ctx.Done()
	fmt.Println(ctx.Err(), context.Cause(ctx), errors.Is(context.Cause(ctx), context.Canceled))
	stop()
	signal.Reset()
	func() {
		defer func() { fmt.Println(recover()) }()
		signal.Notify(nil)
	}()
}
