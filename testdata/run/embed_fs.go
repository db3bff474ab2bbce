// embed.FS as an io/fs file system: directories, hidden names and all:,
// quoted patterns, opened files and directories, Go's error texts.
package main

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
)

//go:embed embed_data
var tree embed.FS

//go:embed all:embed_data/_private "embed_data/sub/note.txt"
//go:embed `embed_data/.hidden`
var hidden embed.FS

type text string
type blob []byte

//go:embed embed_data/sub/data.bin
var data blob

//go:embed embed_data/sub/note.txt
var note text

func walk(name string, fsys fs.FS) {
	fmt.Println("--", name)
	fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		info, _ := d.Info()
		fmt.Println(p, d.IsDir(), info.Mode(), info.Size(), d)
		return err
	})
}

func main() {
	walk("tree", tree)
	walk("hidden", hidden)
	fmt.Printf("%q %q\n", data, note)

	f, err := tree.Open("embed_data/single_file.txt")
	fmt.Printf("%T %v\n", f, err)
	buf := make([]byte, 5)
	for {
		n, err := f.Read(buf)
		fmt.Printf("%d %q %v\n", n, buf[:n], err)
		if err != nil {
			break
		}
	}
	st, _ := f.Stat()
	fmt.Printf("%T %s %d %v %v %v\n", st, st.Name(), st.Size(), st.IsDir(), st.ModTime().IsZero(), st.Sys())
	if s, ok := f.(io.Seeker); ok {
		pos, err := s.Seek(-4, io.SeekEnd)
		fmt.Println(pos, err)
		rest, _ := io.ReadAll(f)
		fmt.Printf("%q\n", rest)
		_, err = s.Seek(-1, io.SeekStart)
		fmt.Println(err)
	}
	if r, ok := f.(io.ReaderAt); ok {
		n, err := r.ReadAt(buf, 20)
		fmt.Printf("%d %q %v\n", n, buf[:n], err)
	}
	fmt.Println(f.Close())

	d, err := tree.Open("embed_data/sub")
	fmt.Printf("%T %v\n", d, err)
	_, err = d.Read(buf)
	fmt.Println(err)
	rd := d.(fs.ReadDirFile)
	for {
		list, err := rd.ReadDir(1)
		if err != nil {
			fmt.Println(err == io.EOF)
			break
		}
		fmt.Println(list)
	}

	for _, name := range []string{"nope", "/embed_data", "embed_data/", "./embed_data", "embed_data/../x", "embed_data/_skipped.txt"} {
		_, err := tree.Open(name)
		fmt.Println(err, errors.Is(err, fs.ErrNotExist))
	}
	_, err = tree.ReadFile("embed_data")
	fmt.Println(err)
	_, err = tree.ReadDir("embed_data/file1.hash")
	fmt.Println(err)
	b, err := fs.ReadFile(tree, "embed_data/sub/note.txt")
	fmt.Printf("%q %v\n", b, err)
	info, err := fs.Stat(hidden, "embed_data/.hidden")
	fmt.Println(info.Name(), info.IsDir(), err)
	var _ fs.ReadDirFS = tree
	var _ fs.ReadFileFS = tree
}
