package main

import (
	"fmt"
	"io/fs"
	"testing/fstest"
	"time"
)

// liar's ReadDir (through ReadDirFS) reports an extra file and wrong sizes.
type liar struct{ m fstest.MapFS }

func (l liar) Open(name string) (fs.File, error) { return l.m.Open(name) }
func (l liar) ReadDir(name string) ([]fs.DirEntry, error) {
	list, err := l.m.ReadDir(name)
	if name == "." {
		list = append(list, list[0])
	}
	return list, err
}

// statLiar's Stat gives another size.
type statLiar struct{ m fstest.MapFS }

func (s statLiar) Open(name string) (fs.File, error) { return s.m.Open(name) }
func (s statLiar) Stat(name string) (fs.FileInfo, error) {
	return fstest.MapFS{name: {Data: []byte("xxxxxxxxxx")}}.Stat(name)
}

func main() {
	t := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	m := fstest.MapFS{"a.txt": {Data: []byte("abc"), ModTime: t}, "d/b.txt": {Data: []byte("hello"), ModTime: t}}
	fmt.Println(fstest.TestFS(liar{m}, "a.txt"))
	fmt.Println(fstest.TestFS(statLiar{m}, "a.txt"))
	fmt.Println(fstest.TestFS(m, "a.txt", "d/b.txt"))
}
