// args: -x -- a
package main

import (
	"flag"
	"fmt"
	"os"
)

// An undefined flag with a custom Usage: exit status 2.
func main() {
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: prog [flags] args\n")
		flag.PrintDefaults()
	}
	flag.Int("count", 3, "how many")
	flag.Parse()
	fmt.Fprintln(os.Stdout, "not reached")
}
