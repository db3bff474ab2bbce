// (*os.File).ReadDir, Readdirnames and Readdir with n > 0 return the
// entries a few at a time and then io.EOF; n <= 0 returns what is left.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

func main() {
	dir, err := os.MkdirTemp("", "readdirn")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	for _, n := range []string{"a", "b", "c", "d", "e"} {
		os.WriteFile(filepath.Join(dir, n), []byte(n), 0o644)
	}
	f, _ := os.Open(dir)
	var seen []string
	for {
		es, err := f.ReadDir(2)
		fmt.Println(len(es), err)
		for _, e := range es {
			seen = append(seen, e.Name())
		}
		if err != nil {
			break
		}
	}
	es, err := f.ReadDir(-1)
	fmt.Println(len(es), es != nil, err)
	f.Close()
	sort.Strings(seen)
	fmt.Println(seen)

	f, _ = os.Open(dir)
	names, err := f.Readdirnames(3)
	fmt.Println(len(names), err)
	rest, err := f.Readdirnames(0)
	fmt.Println(len(rest), err)
	names, err = f.Readdirnames(1)
	fmt.Println(len(names), err)
	f.Close()

	f, _ = os.Open(dir)
	infos, err := f.Readdir(4)
	fmt.Println(len(infos), err)
	infos, err = f.Readdir(4)
	fmt.Println(len(infos), err)
	infos, err = f.Readdir(4)
	fmt.Println(len(infos), err)
	f.Close()
}
