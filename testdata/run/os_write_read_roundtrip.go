package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// Writing files and reading them back: os.WriteFile/ReadFile, Create with
// Write, WriteString and Fprintf, OpenFile with O_APPEND, a bufio.Writer and
// a bufio.Scanner on *os.File, and os.Remove. The file gets a unique name in
// the working directory and is removed at the end.

func main() {
	name := fmt.Sprintf("os_roundtrip_%d.tmp", time.Now().UnixNano())
	hide := func(err error) string { return strings.ReplaceAll(fmt.Sprint(err), name, "NAME") }

	fmt.Println("WriteFile:", os.WriteFile(name, []byte("alpha\nbeta\n"), 0644))
	data, err := os.ReadFile(name)
	fmt.Printf("ReadFile: %q %v\n", data, err)

	f, err := os.Create(name) // truncates
	fmt.Println("Create:", err)
	n1, _ := f.Write([]byte("one\n"))
	n2, _ := f.WriteString("two\n")
	n3, _ := fmt.Fprintf(f, "%s %d\n", "three", 3)
	fmt.Println("wrote:", n1, n2, n3, "close:", f.Close())

	f, err = os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0644)
	fmt.Println("OpenFile append:", err)
	w := bufio.NewWriter(f)
	for i := 4; i <= 6; i++ {
		fmt.Fprintf(w, "line %d\n", i)
	}
	fmt.Println("flush:", w.Flush(), "close:", f.Close())

	f, _ = os.Open(name)
	_, err = f.Write([]byte("read-only"))
	fmt.Println("write to read-only:", hide(err))
	sc := bufio.NewScanner(f)
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	f.Close()
	fmt.Println(len(lines), strings.Join(lines, "|"))

	data, _ = os.ReadFile(name)
	fmt.Println("size:", len(data))
	all, _ := io.ReadAll(strings.NewReader(string(data)))
	fmt.Println("ends with newline:", strings.HasSuffix(string(all), "line 6\n"))

	fmt.Println("Remove:", os.Remove(name))
	_, err = os.Open(name)
	fmt.Println("Open after Remove:", hide(err), errors.Is(err, os.ErrNotExist))
	fmt.Println("Remove again:", hide(os.Remove(name)))
}
