package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

func main() {
	dir, err := os.MkdirTemp("", "apifs")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	for _, f := range []string{"a.txt", "b.txt", "c.go", "sub/d.txt", "sub/e.go", "sub2/f.txt"} {
		p := filepath.Join(dir, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(f), 0o644)
	}
	fsys := os.DirFS(dir)
	for _, pat := range []string{"*.txt", "*/*.txt", "sub*/*", "c.go", "nope", "[", "sub/[a-d]*", "*/*/*", "s?b/e.go"} {
		m, err := fs.Glob(fsys, pat)
		fmt.Printf("%q %q %v\n", pat, m, err)
	}
	fi, err := fs.Lstat(fsys, "a.txt")
	fmt.Println(fi.Name(), fi.Size(), err)
	_, err = fs.Lstat(fsys, "missing")
	fmt.Println(err != nil)
	var g fs.GlobFS
	var r fs.ReadLinkFS
	fmt.Println(g == nil, r == nil)
	_, err = fs.ReadLink(onlyFS{fsys}, "a.txt")
	fmt.Println(err)
	fi, err = fs.Lstat(onlyFS{fsys}, "sub")
	fmt.Println(fi.Name(), fi.IsDir(), err)
}

type onlyFS struct{ f fs.FS }

func (o onlyFS) Open(name string) (fs.File, error) { return o.f.Open(name) }
