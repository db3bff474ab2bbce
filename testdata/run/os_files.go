package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

func check(what string, err error) {
	if err != nil {
		fmt.Println(what, "error:", strings.ReplaceAll(err.Error(), dir, "DIR"))
	}
}

var dir string

func main() {
	var err error
	dir, err = os.MkdirTemp("", "minigo-os-*")
	check("mkdirtemp", err)
	defer os.RemoveAll(dir)
	fmt.Println(strings.HasPrefix(filepath.Base(dir), "minigo-os-"), filepath.Dir(dir) == os.TempDir())

	p := filepath.Join(dir, "a.txt")
	check("write", os.WriteFile(p, []byte("hello, world\n"), 0644))
	fi, err := os.Stat(p)
	check("stat", err)
	fmt.Println(fi.Name(), fi.Size(), fi.Mode(), fi.IsDir(), fi.Mode().IsRegular(), fi.Mode().Perm(), fi.ModTime().IsZero())

	f, err := os.OpenFile(p, os.O_RDWR, 0)
	check("open", err)
	buf := make([]byte, 5)
	n, err := f.ReadAt(buf, 7)
	fmt.Println(n, err, string(buf))
	n, err = f.ReadAt(buf, 10)
	fmt.Println(n, err, string(buf[:n]))
	off, err := f.Seek(-6, io.SeekEnd)
	fmt.Println(off, err)
	b2 := make([]byte, 3)
	io.ReadFull(f, b2)
	fmt.Printf("%q\n", b2)
	off, _ = f.Seek(0, io.SeekCurrent)
	fmt.Println("at", off)
	f.WriteAt([]byte("HELLO"), 0)
	f.Seek(0, io.SeekStart)
	all, _ := io.ReadAll(f)
	fmt.Printf("%q\n", all)
	st, _ := f.Stat()
	fmt.Println(st.Name(), st.Size())
	check("truncate", f.Truncate(5))
	check("sync", f.Sync())
	check("close", f.Close())
	check("close again", f.Close())
	_, err = f.Read(buf)
	check("read closed", err)
	fmt.Println(errors.Is(err, os.ErrClosed))
	data, _ := os.ReadFile(p)
	fmt.Printf("%q\n", data)

	_, err = os.Open(filepath.Join(dir, "missing"))
	check("open missing", err)
	fmt.Println(os.IsNotExist(err), errors.Is(err, fs.ErrNotExist), errors.Is(err, os.ErrExist))
	var pe *fs.PathError
	if errors.As(err, &pe) {
		fmt.Printf("%T %s %T %v\n", err, pe.Op, pe.Err, pe.Err)
	}
	_, err = os.OpenFile(p, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0600)
	check("excl", err)
	fmt.Println(os.IsExist(err), errors.Is(err, fs.ErrExist))
	_, err = os.ReadFile(dir)
	check("readfile dir", err)
	check("remove missing", os.Remove(filepath.Join(dir, "nope")))
	check("mkdir existing", os.Mkdir(dir, 0755))

	check("mkdirall", os.MkdirAll(filepath.Join(dir, "x/y/z"), 0755))
	check("mkdirall again", os.MkdirAll(filepath.Join(dir, "x/y/z"), 0755))
	check("mkdirall file", os.MkdirAll(filepath.Join(p, "sub"), 0755))
	os.WriteFile(filepath.Join(dir, "x/y/z/deep.go"), []byte("package deep\n"), 0600)
	os.WriteFile(filepath.Join(dir, "x/b.txt"), []byte("b"), 0600)
	os.WriteFile(filepath.Join(dir, "x/y/c.txt"), []byte("cc"), 0600)
	check("remove nonempty", os.Remove(filepath.Join(dir, "x")))
	check("symlink", os.Symlink("a.txt", filepath.Join(dir, "link")))
	target, err := os.Readlink(filepath.Join(dir, "link"))
	fmt.Println(target, err)
	li, _ := os.Lstat(filepath.Join(dir, "link"))
	fmt.Println(li.Mode()&fs.ModeSymlink != 0, li.Mode().Type() == fs.ModeSymlink)

	entries, err := os.ReadDir(dir)
	check("readdir", err)
	for _, e := range entries {
		info, _ := e.Info()
		fmt.Println(" ", e.Name(), e.IsDir(), e.Type(), info.Size(), e)
	}
	_, err = os.ReadDir(filepath.Join(dir, "nope"))
	check("readdir missing", err)

	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, path)
		if d.Name() == "y" {
			fmt.Println("skip", rel)
			return filepath.SkipDir
		}
		fmt.Println("walk", rel, d.IsDir())
		return nil
	})
	fmt.Println(err)
	filepath.Walk(filepath.Join(dir, "x"), func(path string, info fs.FileInfo, err error) error {
		rel, _ := filepath.Rel(dir, path)
		fmt.Println("Walk", rel, info.IsDir(), info.Size())
		return nil
	})
	err = filepath.WalkDir(filepath.Join(dir, "missing"), func(path string, d fs.DirEntry, err error) error {
		fmt.Println("callback", d == nil, strings.ReplaceAll(err.Error(), dir, "DIR"))
		return err
	})
	check("walk missing", err)
	n2 := 0
	fs.WalkDir(os.DirFS(dir), ".", func(path string, d fs.DirEntry, err error) error {
		n2++
		fmt.Println("fs.WalkDir", path)
		return nil
	})
	b, err := fs.ReadFile(os.DirFS(dir), "x/b.txt")
	fmt.Printf("%q %v\n", b, err)
	_, err = fs.ReadFile(os.DirFS(dir), "../x")
	fmt.Println(err)
	matches, err := filepath.Glob(filepath.Join(dir, "x", "*", "*.txt"))
	for _, m := range matches {
		rel, _ := filepath.Rel(dir, m)
		fmt.Println("glob", rel)
	}
	_, err = filepath.Glob("[")
	fmt.Println(err)

	check("rename", os.Rename(p, filepath.Join(dir, "b.txt")))
	check("rename missing", os.Rename(p, filepath.Join(dir, "c.txt")))
	check("chmod", os.Chmod(filepath.Join(dir, "b.txt"), 0600))
	fi, _ = os.Stat(filepath.Join(dir, "b.txt"))
	fmt.Println(fi.Mode())
	_, err = os.Stat(filepath.Join(dir, "link"))
	check("stat dangling", err)

	tf, err := os.CreateTemp(dir, "tmp-*.txt")
	check("createtemp", err)
	fmt.Println(strings.HasPrefix(filepath.Base(tf.Name()), "tmp-"), strings.HasSuffix(tf.Name(), ".txt"))
	tf.Close()
	_, err = os.CreateTemp(dir, "a/b*")
	check("createtemp sep", err)
	_, err = os.MkdirTemp(filepath.Join(dir, "nope"), "x")
	check("mkdirtemp missing", err)

	wd, _ := os.Getwd()
	check("chdir", os.Chdir(dir))
	here, _ := os.Getwd()
	fmt.Println(here == dir || strings.HasSuffix(here, dir))
	abs, _ := filepath.Abs("x/y")
	fmt.Println(abs == filepath.Join(here, "x/y"))
	check("chdir missing", os.Chdir("nope"))
	os.Chdir(wd)

	check("removeall", os.RemoveAll(dir))
	check("removeall again", os.RemoveAll(dir))
	_, err = os.Stat(dir)
	fmt.Println(os.IsNotExist(err))
	check("removeall dot", os.RemoveAll("."))
	fmt.Println(fs.ModeDir|0755, fs.FileMode(0), fs.ModeSymlink|fs.ModeSetuid|0644, fs.ValidPath("a/b"), fs.ValidPath("a/../b"), fs.ValidPath("/a"))
	h, err := os.Hostname()
	fmt.Println(h != "", err, os.Getpid() > 0)
}
