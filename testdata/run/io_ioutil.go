package main

import (
	"fmt"
	"io/ioutil"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	dir, err := ioutil.TempDir("", "iu")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	for _, n := range []string{"b.txt", "a.txt", "c"} {
		if n == "c" {
			os.Mkdir(filepath.Join(dir, n), 0o755)
			continue
		}
		if err := ioutil.WriteFile(filepath.Join(dir, n), []byte("data "+n), 0o644); err != nil {
			panic(err)
		}
	}
	infos, err := ioutil.ReadDir(dir)
	for _, fi := range infos {
		fmt.Println(fi.Name(), fi.IsDir(), fi.Size())
	}
	b, err := ioutil.ReadFile(filepath.Join(dir, "a.txt"))
	fmt.Println(string(b), err)
	_, err = ioutil.ReadFile(filepath.Join(dir, "nope"))
	fmt.Println(strings.Replace(err.Error(), dir, "DIR", 1))
	_, err = ioutil.ReadDir(filepath.Join(dir, "nope"))
	fmt.Println(strings.Replace(err.Error(), dir, "DIR", 1))
	all, _ := ioutil.ReadAll(ioutil.NopCloser(strings.NewReader("xyz")))
	fmt.Println(string(all))
	n, _ := ioutil.Discard.Write([]byte("abc"))
	fmt.Println(n)
	f, _ := ioutil.TempFile(dir, "t*.log")
	fmt.Println(strings.HasPrefix(filepath.Base(f.Name()), "t"), strings.HasSuffix(f.Name(), ".log"))
	f.Close()
}
