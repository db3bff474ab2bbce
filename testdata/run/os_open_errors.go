package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// File errors as Go prints them: *os.PathError "op path: errno text", with
// errors.Is(err, os.ErrNotExist) for a missing file. Nothing is created: the
// only file opened for writing is refused (O_EXCL on this program itself).

func show(what string, err error) {
	fmt.Printf("%s: %v\n", what, err)
	var pe *os.PathError
	if errors.As(err, &pe) {
		fmt.Printf("  op=%q path=%q err=%q not-exist=%v\n", pe.Op, pe.Path, pe.Err.Error(), errors.Is(err, os.ErrNotExist))
	}
}

func main() {
	f, err := os.Open("no_such_file.txt")
	fmt.Println("file is nil:", f == nil)
	show("Open", err)

	_, err = os.ReadFile("missing/dir/data.txt")
	show("ReadFile", err)

	_, err = os.Create("no_such_dir/out.txt")
	show("Create", err)

	err = os.WriteFile("no_such_dir/out.txt", []byte("x"), 0644)
	show("WriteFile", err)

	_, err = os.OpenFile("os_open_errors.go", os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0644)
	show("OpenFile O_EXCL", err)

	_, err = os.Open("os_open_errors.go/child")
	show("Open through a file", err)

	// A directory opens fine, but reading it as a file fails.
	d, err := os.Open(".")
	fmt.Println("open . err:", err)
	n, err := d.Read(make([]byte, 16))
	fmt.Println("read n:", n, "EOF:", err == io.EOF)
	show("Read dir", err)
	fmt.Println("close:", d.Close())

	wrapped := fmt.Errorf("loading config: %w", err)
	fmt.Println(wrapped)
	var pe *os.PathError
	fmt.Println("still a PathError:", errors.As(wrapped, &pe), pe.Path)
}
