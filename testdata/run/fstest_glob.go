package main

import (
	"fmt"
	"io/fs"
	"path"
	"testing/fstest"
)

// badGlob returns an extra name and misses another.
type badGlob struct{ m fstest.MapFS }

func (b badGlob) Open(name string) (fs.File, error) { return b.m.Open(name) }
func (b badGlob) Glob(pattern string) ([]string, error) {
	if _, err := path.Match(pattern, ""); err != nil {
		return nil, err
	}
	names, err := b.m.Glob(pattern)
	if len(names) > 0 {
		names = append(names[1:], "zzz")
	}
	return names, err
}

// noBad accepts bad patterns.
type noBad struct{ m fstest.MapFS }

func (n noBad) Open(name string) (fs.File, error) { return n.m.Open(name) }
func (n noBad) Glob(pattern string) ([]string, error) {
	names, _ := n.m.Glob(pattern)
	return names, nil
}

func main() {
	m := fstest.MapFS{
		"alpha.txt":             {Data: []byte("1")},
		"beta.txt":              {Data: []byte("22")},
		"dir-one/sub[x]/q?.txt": {Data: []byte("q")},
		"dir-one/sub[x]/r.md":   {Data: []byte("r")},
		"dir-one/zeta":          {Data: []byte("z")},
		"deep/er/est/file.go":   {Data: []byte("package x")},
	}
	fmt.Println(fstest.TestFS(m, "alpha.txt", "dir-one/sub[x]/r.md", "deep/er/est/file.go"))
	fmt.Println(fstest.TestFS(badGlob{m}, "alpha.txt"))
	fmt.Println(fstest.TestFS(noBad{m}, "beta.txt"))
}
