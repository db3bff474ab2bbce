package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// fmt.Print, Println and Printf write to whatever *os.File os.Stdout
// holds when they are called, as Go's do.
func main() {
	r, w, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	saved := os.Stdout
	os.Stdout = w
	fmt.Println("captured", 1)
	fmt.Printf("%s=%d\n", "x", 42)
	fmt.Print("no newline", 3, "\n")
	w.Close()
	os.Stdout = saved
	data, _ := io.ReadAll(r)
	fmt.Printf("from the pipe: %q\n", data)

	path := filepath.Join(os.TempDir(), "minigo_fmt_stdout_reassigned.txt")
	f, err := os.Create(path)
	if err != nil {
		panic(err)
	}
	os.Stdout = f
	n, err := fmt.Println("into a file")
	os.Stdout = saved
	f.Close()
	fmt.Println(n, err)
	b, _ := os.ReadFile(path)
	os.Remove(path)
	fmt.Printf("from the file: %q\n", b)

	// A closed file as os.Stdout: the write error comes back.
	g, _ := os.Create(path)
	g.Close()
	os.Stdout = g
	n, err = fmt.Println("lost")
	os.Stdout = saved
	os.Remove(path)
	fmt.Println(n, err != nil)
	fmt.Println("back on the terminal")
}
