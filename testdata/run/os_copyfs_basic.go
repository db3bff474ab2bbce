package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	dir, _ := os.MkdirTemp("", "copyfs")
	defer os.RemoveAll(dir)
	clean := func(v any) string { return strings.ReplaceAll(fmt.Sprint(v), dir, "D") }

	src := filepath.Join(dir, "src")
	os.MkdirAll(filepath.Join(src, "a", "b"), 0o755)
	os.WriteFile(filepath.Join(src, "top.txt"), []byte("top"), 0o644)
	os.WriteFile(filepath.Join(src, "a", "mid.txt"), []byte("middle"), 0o600)
	os.WriteFile(filepath.Join(src, "a", "b", "run.sh"), []byte("#!/bin/sh\n"), 0o755)
	os.Mkdir(filepath.Join(src, "empty"), 0o755)
	os.Symlink("top.txt", filepath.Join(src, "link"))

	dst := filepath.Join(dir, "dst")
	err := os.CopyFS(dst, os.DirFS(src))
	fmt.Println("copy:", err)
	filepath.WalkDir(dst, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(dst, p)
		info, _ := d.Info()
		line := fmt.Sprintf("%-14s %v", rel, info.Mode())
		if info.Mode().IsRegular() {
			b, _ := os.ReadFile(p)
			line += fmt.Sprintf(" %q", b)
		}
		if info.Mode()&fs.ModeSymlink != 0 {
			t, _ := os.Readlink(p)
			line += " -> " + t
		}
		fmt.Println(line)
		return nil
	})

	// Copying again fails on the first existing file.
	err = os.CopyFS(dst, os.DirFS(src))
	fmt.Println("again:", clean(err), os.IsExist(err))

	// A missing source.
	err = os.CopyFS(filepath.Join(dir, "x"), os.DirFS(filepath.Join(dir, "nope")))
	fmt.Println("missing:", clean(err))
}
