package main

import (
	"fmt"
	"time"
)

func try(name string, f func()) {
	defer func() { fmt.Println(name, "->", recover()) }()
	f()
}

func main() {
	try("NewTicker(0)", func() { time.NewTicker(0) })
	try("NewTicker(-1)", func() { time.NewTicker(-1) })
	try("Reset(0)", func() { t := time.NewTicker(time.Second); t.Reset(0) })
	try("Reset(-5)", func() { t := time.NewTicker(time.Second); t.Reset(-5) })
	try("Tick(0)", func() { fmt.Println(time.Tick(0) == nil) })
	try("Tick(-1)", func() { fmt.Println(time.Tick(-1) == nil) })
	try("NewTimer(0)", func() { t := time.NewTimer(0); <-t.C; fmt.Println("fired") })
	try("AfterFunc(-1)", func() {
		done := make(chan bool)
		time.AfterFunc(-1, func() { done <- true })
		fmt.Println(<-done)
	})
}
