// args: alpha beta 42 --flag=x
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	fmt.Println("argc:", len(os.Args))
	fmt.Println("program name is non-empty:", os.Args[0] != "")
	for i, a := range os.Args[1:] {
		fmt.Printf("arg %d: %q\n", i+1, a)
	}
	sum := 0
	var words []string
	for _, a := range os.Args[1:] {
		if n, err := strconv.Atoi(a); err == nil {
			sum += n
		} else if strings.HasPrefix(a, "--") {
			k, v, _ := strings.Cut(a[2:], "=")
			fmt.Println("flag", k, "=", v)
		} else {
			words = append(words, a)
		}
	}
	fmt.Println("numeric sum:", sum)
	fmt.Println("words:", strings.Join(words, "+"))
}
