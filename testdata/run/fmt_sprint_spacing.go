package main

import (
	"fmt"
	"os"
)

type S string

func main() {
	fmt.Println(fmt.Sprint("a", "b", 1, 2, "c", 3.5, "d"))
	fmt.Println(fmt.Sprint(1, 2, 3))
	fmt.Println(fmt.Sprint("x", S("y"), 1, S("z"), 2))
	fmt.Println(fmt.Sprint(true, false, nil, []int{1}, 5))
	fmt.Println(fmt.Sprintln("a", 1, "b") + "|")
	fmt.Print("a", "b", "\n")
	fmt.Print(1, 2, "\n")
	fmt.Print(1, "x", 2, "\n")
	n, err := fmt.Println("count me")
	fmt.Println(n, err)
	n, _ = fmt.Printf("%s=%d\n", "k", 10)
	fmt.Println(n)
	fmt.Fprintln(os.Stdout, "to stdout", 1)
	fmt.Fprintf(os.Stdout, "%s %v\n", "fprintf", []string{"x"})
	fmt.Fprint(os.Stdout, "fprint", 1, 2, "\n")
	fmt.Fprintln(os.Stderr, "to stderr")
	fmt.Fprintf(os.Stderr, "err %d\n", 2)
	s := fmt.Sprintf("%v|%v|%v", int8(-1), uint16(65535), 'x')
	fmt.Println(s)
	fmt.Println(fmt.Sprintf("%T %T", s, fmt.Sprint))
	fmt.Println(fmt.Sprint(), fmt.Sprint(""), fmt.Sprintln())
}
