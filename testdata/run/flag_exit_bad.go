// args: -n=7 -v -n abc rest
package main

import (
	"flag"
	"fmt"
	"os"
)

// A bad value on the command line: flag.Parse prints the error and the
// usage to stderr and exits with status 2.
func main() {
	os.Args[0] = "prog"
	n := flag.Int("n", 1, "a number")
	v := flag.Bool("v", false, "verbose")
	s := flag.String("s", "", "a `word`")
	flag.Parse()
	fmt.Println("not reached", *n, *v, *s)
}
