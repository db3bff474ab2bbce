package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	dir, _ := os.MkdirTemp("", "osx")
	defer os.RemoveAll(dir)
	clean := func(v any) string { return strings.ReplaceAll(fmt.Sprint(v), dir, "D") }

	os.Setenv("HOME", "/home/gopher")
	os.Setenv("XDG_CACHE_HOME", "")
	os.Setenv("XDG_CONFIG_HOME", "")
	fmt.Println(os.UserCacheDir())
	fmt.Println(os.UserConfigDir())
	os.Setenv("XDG_CACHE_HOME", "/var/cache/me")
	os.Setenv("XDG_CONFIG_HOME", "relative/dir")
	fmt.Println(os.UserCacheDir())
	fmt.Println(os.UserConfigDir())
	os.Unsetenv("HOME")
	os.Unsetenv("XDG_CACHE_HOME")
	os.Unsetenv("XDG_CONFIG_HOME")
	fmt.Println(os.UserCacheDir())
	fmt.Println(os.UserConfigDir())

	exe, err := os.Executable()
	fmt.Println("executable:", err, filepath.IsAbs(exe))

	groups, err := os.Getgroups()
	fmt.Println("getgroups:", err, groups != nil || len(groups) == 0)

	name := filepath.Join(dir, "f.txt")
	os.WriteFile(name, []byte("data"), 0o644)
	fmt.Println("chown:", os.Chown(name, os.Getuid(), os.Getgid()), os.Chown(name, -1, -1))
	fmt.Println("lchown:", os.Lchown(name, -1, -1))
	fmt.Println(clean(os.Chown(filepath.Join(dir, "nope"), -1, -1)))
	fmt.Println(clean(os.Lchown(filepath.Join(dir, "nope"), -1, -1)))
	f, _ := os.Open(name)
	fmt.Println("file chown:", f.Chown(-1, -1))

	// Deadlines: regular files have none.
	err = f.SetDeadline(time.Now())
	fmt.Println(err, errors.Is(err, os.ErrNoDeadline))
	fmt.Println(f.SetReadDeadline(time.Time{}), f.SetWriteDeadline(time.Time{}))
	f.Close()
	fmt.Println(os.ErrNoHandle)

	// File.Chdir.
	d, _ := os.Open(dir)
	wd, _ := os.Getwd()
	fmt.Println("fchdir:", d.Chdir())
	now, _ := os.Getwd()
	real, _ := filepath.EvalSymlinks(dir)
	fmt.Println("moved:", now == real || now == dir)
	os.Chdir(wd)
	d.Close()
	g, _ := os.Open(name)
	fmt.Println(clean(g.Chdir()))
	g.Close()

	// NewFile.
	out := os.NewFile(1, "my-stdout")
	fmt.Println(out.Name())
	fmt.Fprintln(out, "through NewFile")
	fmt.Println(os.NewFile(^uintptr(0), "bad") == nil)
}
