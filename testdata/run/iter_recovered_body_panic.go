package main

import "fmt"

func gen(yield func(int) bool) {
	for i := 0; i < 3; i++ {
		func() {
			defer func() {
				if r := recover(); r != nil {
					fmt.Println("iterator recovered", r)
				}
			}()
			yield(i)
		}()
	}
}

func main() {
	defer func() { fmt.Println("main recovered:", recover()) }()
	for x := range gen {
		fmt.Println(x)
		if x == 1 {
			panic(fmt.Sprint("bad ", x))
		}
	}
}
