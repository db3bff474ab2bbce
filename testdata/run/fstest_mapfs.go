package main

import (
	"fmt"
	"io"
	"io/fs"
	"testing/fstest"
	"time"
)

func main() {
	mt := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	fsys := fstest.MapFS{
		"hello.txt":         {Data: []byte("hello, world\n"), ModTime: mt},
		"dir/a.txt":         {Data: []byte("A"), Mode: 0644},
		"dir/sub/b.txt":     {Data: []byte("BB")},
		"dir/sub/c.go":      {Data: []byte("package c")},
		"empty":             {Mode: fs.ModeDir | 0755},
		"link":              {Data: []byte("dir/a.txt"), Mode: fs.ModeSymlink},
		"dirlink":           {Data: []byte("dir/sub"), Mode: fs.ModeSymlink},
		"abslink":           {Data: []byte("/etc/passwd"), Mode: fs.ModeSymlink},
	}
	data, err := fsys.ReadFile("hello.txt")
	fmt.Printf("%q %v\n", data, err)
	_, err = fsys.ReadFile("nope.txt")
	fmt.Println(err)
	_, err = fsys.ReadFile("dir")
	fmt.Println(err)
	data, err = fsys.ReadFile("link")
	fmt.Printf("%q %v\n", data, err)
	data, err = fsys.ReadFile("dirlink/b.txt")
	fmt.Printf("%q %v\n", data, err)
	_, err = fsys.ReadFile("abslink")
	fmt.Println(err)
	_, err = fsys.Open("/abs")
	fmt.Println(err)

	for _, name := range []string{".", "dir", "dir/sub", "empty", "nope"} {
		entries, err := fsys.ReadDir(name)
		fmt.Print(name, ": ")
		for _, e := range entries {
			fmt.Print(e.Name(), " dir=", e.IsDir(), " type=", e.Type(), "; ")
		}
		fmt.Println(err)
	}
	for _, name := range []string{"hello.txt", "dir", ".", "link", "dirlink", "nope"} {
		info, err := fsys.Stat(name)
		if err != nil {
			fmt.Println("stat", err)
			continue
		}
		fmt.Println(info.Name(), info.Size(), info.Mode(), info.IsDir(), info.ModTime().Format(time.RFC3339))
		li, err := fsys.Lstat(name)
		fmt.Println(" lstat", li.Name(), li.Mode(), err)
	}
	fmt.Println(fsys.ReadLink("link"))
	fmt.Println(fsys.ReadLink("hello.txt"))
	fmt.Println(fsys.ReadLink("nope"))
	fmt.Println(fsys.Glob("*.txt"))
	fmt.Println(fsys.Glob("dir/*/*"))
	fmt.Println(fsys.Glob("[")) 

	f, _ := fsys.Open("hello.txt")
	buf := make([]byte, 5)
	n, _ := f.Read(buf)
	fmt.Printf("%q\n", buf[:n])
	s := f.(io.Seeker)
	fmt.Println(s.Seek(-3, io.SeekEnd))
	rest, _ := io.ReadAll(f)
	fmt.Printf("%q\n", rest)
	fmt.Println(s.Seek(100, io.SeekStart))
	ra := f.(io.ReaderAt)
	fmt.Println(ra.ReadAt(buf, 10))
	fmt.Println(ra.ReadAt(buf, 99))
	st, _ := f.Stat()
	fmt.Println(st.Name(), st.Size(), f.Close())

	d, _ := fsys.Open("dir")
	rd := d.(fs.ReadDirFile)
	l1, e1 := rd.ReadDir(1)
	l2, e2 := rd.ReadDir(5)
	l3, e3 := rd.ReadDir(1)
	fmt.Println(len(l1), e1, len(l2), e2, len(l3), e3)
	_, err = d.Read(buf)
	fmt.Println(err)

	sub, err := fsys.Sub("dir")
	fmt.Println(err)
	data, err = fs.ReadFile(sub, "sub/b.txt")
	fmt.Printf("%q %v\n", data, err)
	_, err = sub.Open("missing")
	fmt.Println(err)
	_, err = fsys.Sub("../x")
	fmt.Println(err)

	var names []string
	fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		names = append(names, path)
		return nil
	})
	fmt.Println(names)

	fmt.Println(fstest.TestFS(fsys, "hello.txt", "dir/a.txt", "dir/sub/b.txt"))
	err = fstest.TestFS(fsys, "hello.txt", "missing.txt")
	fmt.Println(err)
	fmt.Println(fstest.TestFS(fstest.MapFS{}))
	fmt.Println(fstest.TestFS(fstest.MapFS{"a": {}}))
}
