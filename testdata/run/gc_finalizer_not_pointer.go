// runtime.SetFinalizer on a non-pointer is Go's fatal error.
package main

import (
	"fmt"
	"runtime"
)

type T struct{ a int }

func main() {
	fmt.Println("before")
	runtime.SetFinalizer(T{1}, func(T) {})
	fmt.Println("not reached")
}
