package main

import "fmt"

type T struct{ name string }

func (t T) ValueM()   { fmt.Println("value method sees", t.name) }
func (t *T) PtrM()    { fmt.Println("pointer method sees", t.name) }

func main() {
	t := T{"before"}
	defer t.ValueM()   // receiver copied now
	defer t.PtrM()     // &t taken now
	defer fmt.Println("print sees", t.name)
	f := t.ValueM
	t.name = "after"
	f()
	var fp func()
	defer func() {
		if r := recover(); r != nil {
			fmt.Println("recovered from nil func call:", r)
		}
	}()
	defer fp()
	fmt.Println("end of main")
}
