package main

import (
	"fmt"
	"io/fs"
	"strings"
	"testing/fstest"
)

// badRead returns different data from ReadFile than from Open.
type badRead struct{ m fstest.MapFS }

func (b badRead) Open(name string) (fs.File, error) { return b.m.Open(name) }
func (b badRead) ReadFile(name string) ([]byte, error) {
	d, err := b.m.ReadFile(name)
	return append(d, '!'), err
}

// slashOK opens "/name" as "name".
type slashOK struct{ m fstest.MapFS }

func (s slashOK) Open(name string) (fs.File, error) {
	return s.m.Open(strings.TrimPrefix(name, "/"))
}

// openOnly hides everything but Open.
type openOnly struct{ m fstest.MapFS }

func (o openOnly) Open(name string) (fs.File, error) { return o.m.Open(name) }

func main() {
	m := fstest.MapFS{"a.txt": {Data: []byte("abc")}, "d/b.txt": {Data: []byte("hello")}}
	fmt.Println(fstest.TestFS(badRead{m}, "a.txt"))
	fmt.Println(fstest.TestFS(slashOK{m}, "a.txt"))
	fmt.Println(fstest.TestFS(openOnly{m}, "a.txt", "d/b.txt", "d"))
	fmt.Println(fstest.TestFS(openOnly{m}, "d/c.txt"))
	fmt.Println(fstest.TestFS(m, "d/b.txt", "d/x"))
}
