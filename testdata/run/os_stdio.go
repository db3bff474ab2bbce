package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

// The standard files: os.Stdout and os.Stderr as io.Writers, and os.Stdin
// at end of input (the golden runner closes stdin).

func main() {
	n, err := os.Stdout.Write([]byte("Write to stdout\n"))
	fmt.Println(n, err)
	n, err = os.Stdout.WriteString("WriteString to stdout\n")
	fmt.Println(n, err)
	fmt.Fprintln(os.Stderr, "Fprintln to stderr")
	fmt.Fprintf(os.Stdout, "Fprintf %d %s\n", 42, "to stdout")
	io.WriteString(os.Stderr, "io.WriteString to stderr\n")
	fmt.Println("names:", os.Stdin.Name(), os.Stdout.Name(), os.Stderr.Name())

	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(w, "buffered %d\n", 1)
	fmt.Fprintf(w, "buffered %d\n", 2)
	fmt.Println("printed before the buffered lines")
	w.Flush()

	line, err := bufio.NewReader(os.Stdin).ReadString('\n')
	fmt.Printf("stdin ReadString: %q %v %v\n", line, err, err == io.EOF)
	n, err = os.Stdin.Read(make([]byte, 8))
	fmt.Println("stdin Read:", n, err == io.EOF)
	sc := bufio.NewScanner(os.Stdin)
	fmt.Println("scan:", sc.Scan(), sc.Err())
	var x int
	k, err := fmt.Scan(&x)
	fmt.Println("fmt.Scan:", k, err)
}
