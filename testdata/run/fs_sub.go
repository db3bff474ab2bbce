// io/fs.Sub over os.DirFS: names relative to the subtree, errors with the
// caller's path, Glob, nested Sub, invalid names.
package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

func main() {
	root, err := os.MkdirTemp("", "fssub")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(root)
	for _, p := range []string{"a/b/c.txt", "a/b/d.txt", "a/e.go", "x.txt"} {
		full := filepath.Join(root, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		os.WriteFile(full, []byte("data of "+p), 0o644)
	}
	fsys := os.DirFS(root)
	sub, err := fs.Sub(fsys, "a")
	fmt.Println(err)
	data, err := fs.ReadFile(sub, "b/c.txt")
	fmt.Printf("%q %v\n", data, err)
	_, err = fs.ReadFile(sub, "nope.txt")
	fmt.Println(err)
	_, err = sub.Open("../x.txt")
	fmt.Println(err)
	entries, err := fs.ReadDir(sub, "b")
	for _, e := range entries {
		fmt.Println(e.Name(), e.IsDir())
	}
	fmt.Println(err)
	m, err := fs.Glob(sub, "*/*.txt")
	fmt.Println(m, err)
	m, err = fs.Glob(sub, "[")
	fmt.Println(m, err)
	m, err = fs.Glob(sub, ".")
	fmt.Println(m, err)
	sub2, err := fs.Sub(sub, "b")
	fmt.Println(err)
	data, err = fs.ReadFile(sub2, "d.txt")
	fmt.Printf("%q %v\n", data, err)
	_, err = fs.Sub(fsys, "/abs")
	fmt.Println(err)
	same, _ := fs.Sub(fsys, ".")
	fmt.Println(same == fsys)
	fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		fmt.Println("walk", p, d.IsDir(), err)
		return nil
	})
	info, err := fs.Stat(sub, "e.go")
	fmt.Println(info.Name(), info.Size(), err)
	_, err = fs.Stat(sub, "b/zz")
	fmt.Println(err)
}
