// args: -v -help
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

// -help (and -h) print the usage to stderr and exit with status 0.
func main() {
	os.Args[0] = "prog"
	flag.Bool("v", false, "verbose")
	flag.Duration("wait", time.Second, "how long to `wait`")
	flag.Float64("x", 0, "")
	fmt.Println("before parse")
	flag.Parse()
	fmt.Println("not reached")
}
