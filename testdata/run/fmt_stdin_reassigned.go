package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// fmt.Scan, Scanln and Scanf read from whatever *os.File os.Stdin holds
// when they are called, as Go's do.
func main() {
	path := filepath.Join(os.TempDir(), "minigo_fmt_stdin_reassigned.txt")
	if err := os.WriteFile(path, []byte("12 apples\n3.5\nx=7 y=8\n"), 0o644); err != nil {
		panic(err)
	}
	defer os.Remove(path)
	f, err := os.Open(path)
	if err != nil {
		panic(err)
	}
	defer f.Close()
	os.Stdin = f
	var n int
	var s string
	var x float64
	c, err := fmt.Scan(&n, &s)
	fmt.Println(c, err, n, s)
	c, err = fmt.Scanln(&x)
	fmt.Println(c, err, x)
	var a, b int
	c, err = fmt.Scanf("x=%d y=%d", &a, &b)
	fmt.Println(c, err, a, b)
	c, err = fmt.Scan(&n)
	fmt.Println(c, err)
}
