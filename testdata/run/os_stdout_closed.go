package main

import (
	"errors"
	"fmt"
	"os"
)

type Loud struct{}

var calls int

func (Loud) String() string {
	calls++
	return "loud"
}

func main() {
	n, err := fmt.Println("before close", Loud{})
	fmt.Fprintln(os.Stderr, "println:", n, err)

	err = os.Stdout.Close()
	fmt.Fprintln(os.Stderr, "close:", err)

	n, err = fmt.Println("x", Loud{})
	fmt.Fprintln(os.Stderr, "println:", n, err)
	fmt.Fprintln(os.Stderr, "is ErrClosed:", errors.Is(err, os.ErrClosed))
	n, err = fmt.Print("y")
	fmt.Fprintln(os.Stderr, "print:", n, err)
	n, err = fmt.Printf("%d %v\n", 7, Loud{})
	fmt.Fprintln(os.Stderr, "printf:", n, err)
	n, err = os.Stdout.Write([]byte("z\n"))
	fmt.Fprintln(os.Stderr, "write:", n, err)
	n, err = os.Stdout.WriteString("w\n")
	fmt.Fprintln(os.Stderr, "writestring:", n, err)
	n, err = fmt.Fprintln(os.Stdout, "f")
	fmt.Fprintln(os.Stderr, "fprintln:", n, err)
	fmt.Fprintln(os.Stderr, "close again:", os.Stdout.Close())
	fmt.Fprintln(os.Stderr, "String calls:", calls)

	fmt.Fprintln(os.Stderr, "close stderr:", os.Stderr.Close())
	n, err = fmt.Fprintln(os.Stderr, "lost")
	println("runtime print is lost too")
	fmt.Fprintln(os.Stdin, "stdin still open:", n, err != nil)
	fmt.Println(os.Stdin.Close(), os.Stdin.Close() != nil)
	os.Exit(3)
}
