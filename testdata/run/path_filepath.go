package main

import (
	"fmt"
	"path"
	"path/filepath"
)

func main() {
	for _, p := range []string{"", ".", "..", "/", "//", "a/b/../c", "/../a", "../../a/b", "a/./b/", "a//b", "/a/b/c/../../..", "abc/..", "a/../..", "./a", "x/../../y", "/.."} {
		fmt.Printf("%q: clean=%q base=%q dir=%q ext=%q abs=%v\n", p, path.Clean(p), path.Base(p), path.Dir(p), path.Ext(p), path.IsAbs(p))
		d, f := filepath.Split(p)
		fmt.Printf("  split=%q,%q fbase=%q fdir=%q\n", d, f, filepath.Base(p), filepath.Dir(p))
	}
	fmt.Println(path.Join(), path.Join("", ""), path.Join("a", "", "b"), path.Join("/", "a", "../b"), filepath.Join("dir1", "dir2", "filename"), filepath.Join("dir1//", "filename"), filepath.Join("dir1/../dir1", "filename"))
	for _, e := range []string{"a.go", "a.tar.gz", "a/b.c/d", ".bashrc", "noext", "x."} {
		fmt.Printf("%q ", filepath.Ext(e))
	}
	fmt.Println()
	for _, r := range [][2]string{{"a/b", "a/b/t/file"}, {"a/b/c", "a/b"}, {"/a", "/b/c"}, {"a", "/b"}, {".", "a"}, {"a/b", "a/b"}, {"../a", "b"}, {"/", "/x"}, {"a", "../b"}, {"a/b/../c", "a/d"}} {
		rel, err := filepath.Rel(r[0], r[1])
		fmt.Printf("Rel(%q, %q) = %q %v\n", r[0], r[1], rel, err)
	}
	pats := [][2]string{{"*", "abc"}, {"*", "a/b"}, {"a*", "abc"}, {"a*/b", "abc/b"}, {"a*b*c*d", "axbxcxd"}, {"?", "é"}, {"a?c", "abc"}, {"[a-c]", "b"}, {"[^a-c]", "d"}, {"[!a-c]", "b"},
		{"[\\]]", "]"}, {"[]]", "]"}, {"[", "a"}, {"a\\", "a"}, {"\\*", "*"}, {"[a-]", "a"}, {"[-a]", "a"}, {"[x-z", "y"}, {"*.go", "main.go"}, {"*.go", ".go"}, {"a[", "x"}, {"*x", "xxx"}, {"[^", "x"}, {"ab[^c]", "ab/"}}
	for _, p := range pats {
		ok, err := path.Match(p[0], p[1])
		ok2, err2 := filepath.Match(p[0], p[1])
		fmt.Printf("Match(%q, %q) = %v %v | %v %v\n", p[0], p[1], ok, err, ok2, err2)
	}
	fmt.Println(filepath.SplitList("/a:/b::/c"), len(filepath.SplitList("")), filepath.ToSlash("a/b"), filepath.VolumeName("/x"), filepath.IsLocal("a/b"), filepath.IsLocal("../a"), filepath.IsLocal("/a"), filepath.IsLocal(""), filepath.IsLocal("a/../../b"))
	fmt.Println(string(filepath.Separator), string(filepath.ListSeparator), filepath.IsAbs("/dir/file"), filepath.IsAbs("dir/file"))
}
