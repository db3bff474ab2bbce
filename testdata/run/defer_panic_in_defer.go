package main

import "fmt"

func multi() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("outer recovered: %v", r)
		}
	}()
	defer func() {
		panic("second panic from defer")
	}()
	panic("first panic")
}

func deferRunsOnPanic() {
	defer fmt.Println("deferred 1 runs during panic")
	defer func() {
		fmt.Println("recover in deferred 2:", recover())
	}()
	defer fmt.Println("deferred 3 runs first")
	panic("boom")
}

func recoverOnlyInDirectDefer() (s string) {
	defer func() {
		helper := func() interface{} { return recover() }
		r := helper()
		s = fmt.Sprint("helper recover got: ", r)
		if r2 := recover(); r2 != nil {
			s += fmt.Sprint(" / direct recover got: ", r2)
		}
	}()
	panic("p")
}

func main() {
	fmt.Println(multi())
	deferRunsOnPanic()
	fmt.Println(recoverOnlyInDirectDefer())
	func() {
		defer func() {
			r := recover()
			fmt.Println("recovered again:", r)
		}()
		defer func() {
			r := recover()
			fmt.Println("first recover:", r)
			panic(fmt.Sprint("re-panic of ", r))
		}()
		panic("original")
	}()
	fmt.Println("end")
}
