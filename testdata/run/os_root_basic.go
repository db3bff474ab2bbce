package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	d, _ := os.MkdirTemp("", "r")
	defer os.RemoveAll(d)
	clean := func(err error) string {
		if err == nil {
			return "<nil>"
		}
		return strings.ReplaceAll(err.Error(), d, "D")
	}
	os.MkdirAll(d+"/root/sub", 0o755)
	os.WriteFile(d+"/root/a.txt", []byte("A"), 0o644)
	os.WriteFile(d+"/out.txt", []byte("O"), 0o644)
	os.Symlink("../out.txt", d+"/root/esc")
	os.Symlink("a.txt", d+"/root/ok")
	os.Symlink("/etc/passwd", d+"/root/abs")
	os.Symlink("sub/../a.txt", d+"/root/ok2")
	r, err := os.OpenRoot(d + "/root")
	fmt.Println(clean(err), r.Name() == d+"/root")
	for _, n := range []string{"a.txt", "../out.txt", "sub/../a.txt", "sub/../../out.txt", "esc", "ok", "abs", "ok2", "/a.txt", "", ".", "nope", "a.txt/x", "sub/"} {
		f, err := r.Open(n)
		if err == nil {
			fmt.Printf("%q open ok %q\n", n, strings.ReplaceAll(f.Name(), d, "D"))
			f.Close()
		} else {
			fmt.Printf("%q %s\n", n, clean(err))
		}
		_, err = r.Stat(n)
		fmt.Printf("  stat %s\n", clean(err))
		_, err = r.Lstat(n)
		fmt.Printf("  lstat %s\n", clean(err))
	}
	fmt.Println(clean(r.Mkdir("../x", 0o755)))
	fmt.Println(clean(r.Mkdir("sub", 0o755)))
	fmt.Println(clean(r.Remove("../out.txt")))
	fmt.Println(clean(r.Remove("nope")))
	_, err = r.Create("../y")
	fmt.Println(clean(err))
	f, err := r.Create("sub/new")
	fmt.Println(clean(err), strings.ReplaceAll(f.Name(), d, "D"))
	f.Close()
	_, err = r.OpenRoot("../")
	fmt.Println(clean(err))
	r2, err := r.OpenRoot("sub")
	fmt.Println(clean(err), strings.ReplaceAll(r2.Name(), d, "D"))
	_, err = os.OpenRoot(d + "/nope")
	fmt.Println(clean(err))
	_, err = os.OpenRoot(d + "/out.txt")
	fmt.Println(clean(err))
	_, err = os.OpenInRoot(d+"/root", "../out.txt")
	fmt.Println(clean(err))
	f, err = os.OpenInRoot(d+"/root", "ok")
	fmt.Println(clean(err), strings.ReplaceAll(f.Name(), d, "D"))
	r.Close()
	_, err = r.Open("a.txt")
	fmt.Println(clean(err))
	fmt.Println(clean(r.Close()))
	fmt.Println(clean(r.Remove("a.txt")))
}
