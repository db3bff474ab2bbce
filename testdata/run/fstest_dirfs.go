package main

import (
	"fmt"
	
	"os"
	"path/filepath"
	"testing/fstest"
	"testing/iotest"
)

func main() {
	dir, _ := os.MkdirTemp("", "fst")
	defer os.RemoveAll(dir)
	os.MkdirAll(filepath.Join(dir, "a", "b"), 0755)
	os.WriteFile(filepath.Join(dir, "top.txt"), []byte("top"), 0644)
	os.WriteFile(filepath.Join(dir, "a", "x.txt"), []byte("xx"), 0644)
	os.WriteFile(filepath.Join(dir, "a", "b", "y.txt"), []byte("yyy"), 0644)
	fsys := os.DirFS(dir)
	fmt.Println(fstest.TestFS(fsys, "top.txt", "a/x.txt", "a/b/y.txt"))
	fmt.Println(fstest.TestFS(fsys, "nope"))
	m := fstest.MapFS{"f": {Data: []byte("data")}}
	f, _ := m.Open("f")
	fmt.Println(iotest.TestReader(f.(interface{ Read([]byte) (int, error) }), []byte("data")))
}
