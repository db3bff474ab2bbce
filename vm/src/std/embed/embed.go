// Package embed as minigo provides it: the files named by //go:embed
// directives, read when the program is compiled. A string or []byte
// variable holds one file; an FS holds a read-only tree of files.
package embed

import (
	"errors"
	"io"
	"io/fs"
	"time"
)

// An FS is a read-only tree of files, built by the compiler. The zero FS
// is empty. It implements fs.FS, fs.ReadDirFS and fs.ReadFileFS.
type FS struct {
	// Sorted by directory, then by name, so a directory's entries are
	// contiguous and in order; directories' names end in "/".
	files *[]file
}

// A file is an entry of an FS; it is both its fs.FileInfo and its
// fs.DirEntry.
type file struct {
	name string
	data string
}

// loadFS unpacks the files the compiler packs (see vm/src/embed.rs):
// for each, its name, NUL, its size in decimal, NUL, its data.
func loadFS(packed string) FS {
	var files []file
	for len(packed) > 0 {
		i := 0
		for packed[i] != 0 {
			i++
		}
		name := packed[:i]
		packed = packed[i+1:]
		size := 0
		for packed[0] != 0 {
			size = size*10 + int(packed[0]-'0')
			packed = packed[1:]
		}
		packed = packed[1:]
		files = append(files, file{name: name, data: packed[:size]})
		packed = packed[size:]
	}
	return FS{files: &files}
}

// split returns a name's directory ("." at the top) and last element,
// and whether it names a directory.
func split(name string) (dir, elem string, isDir bool) {
	if len(name) > 0 && name[len(name)-1] == '/' {
		isDir = true
		name = name[:len(name)-1]
	}
	i := len(name) - 1
	for i >= 0 && name[i] != '/' {
		i--
	}
	if i < 0 {
		return ".", name, isDir
	}
	return name[:i], name[i+1:], isDir
}

func (f *file) Name() string {
	_, elem, _ := split(f.name)
	return elem
}

func (f *file) Size() int64 { return int64(len(f.data)) }

func (f *file) ModTime() time.Time { return time.Time{} }

func (f *file) IsDir() bool {
	_, _, isDir := split(f.name)
	return isDir
}

func (f *file) Sys() any { return nil }

func (f *file) Type() fs.FileMode { return f.Mode().Type() }

func (f *file) Info() (fs.FileInfo, error) { return f, nil }

func (f *file) Mode() fs.FileMode {
	if f.IsDir() {
		return fs.ModeDir | 0555
	}
	return 0444
}

func (f *file) String() string { return fs.FormatFileInfo(f) }

// dotFile is the root directory, ".".
var dotFile = &file{name: "./"}

// lookup returns the named file or directory, or nil.
func (f FS) lookup(name string) *file {
	if !fs.ValidPath(name) {
		return nil
	}
	if name == "." {
		return dotFile
	}
	if f.files == nil {
		return nil
	}
	dir, elem, _ := split(name)
	files := *f.files
	for i := range files {
		d, e, _ := split(files[i].name)
		if d == dir && e == elem {
			return &files[i]
		}
	}
	return nil
}

// readDir returns the entries of directory dir, in order.
func (f FS) readDir(dir string) []file {
	if f.files == nil {
		return nil
	}
	files := *f.files
	start := -1
	end := len(files)
	for i := range files {
		d, _, _ := split(files[i].name)
		if d == dir {
			if start < 0 {
				start = i
			}
		} else if start >= 0 {
			end = i
			break
		}
	}
	if start < 0 {
		return nil
	}
	return files[start:end]
}

// Open opens the named file for reading; a directory opens as an
// fs.ReadDirFile.
func (f FS) Open(name string) (fs.File, error) {
	file := f.lookup(name)
	if file == nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if file.IsDir() {
		return &openDir{f: file, files: f.readDir(name)}, nil
	}
	return &openFile{f: file}, nil
}

// ReadDir reads and returns the entire named directory.
func (f FS) ReadDir(name string) ([]fs.DirEntry, error) {
	file, err := f.Open(name)
	if err != nil {
		return nil, err
	}
	dir, ok := file.(*openDir)
	if !ok {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("not a directory")}
	}
	list := make([]fs.DirEntry, len(dir.files))
	for i := range list {
		list[i] = &dir.files[i]
	}
	return list, nil
}

// ReadFile reads and returns the content of the named file.
func (f FS) ReadFile(name string) ([]byte, error) {
	file, err := f.Open(name)
	if err != nil {
		return nil, err
	}
	ofile, ok := file.(*openFile)
	if !ok {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("is a directory")}
	}
	return []byte(ofile.f.data), nil
}

// An openFile is a regular file open for reading.
type openFile struct {
	f      *file
	offset int64
}

func (f *openFile) Close() error { return nil }

func (f *openFile) Stat() (fs.FileInfo, error) { return f.f, nil }

func (f *openFile) Read(b []byte) (int, error) {
	if f.offset >= int64(len(f.f.data)) {
		return 0, io.EOF
	}
	if f.offset < 0 {
		return 0, &fs.PathError{Op: "read", Path: f.f.name, Err: fs.ErrInvalid}
	}
	n := copy(b, f.f.data[f.offset:])
	f.offset += int64(n)
	return n, nil
}

func (f *openFile) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case 0:
		// offset is from the start
	case 1:
		offset += f.offset
	case 2:
		offset += int64(len(f.f.data))
	}
	if offset < 0 || offset > int64(len(f.f.data)) {
		return 0, &fs.PathError{Op: "seek", Path: f.f.name, Err: fs.ErrInvalid}
	}
	f.offset = offset
	return offset, nil
}

func (f *openFile) ReadAt(b []byte, offset int64) (int, error) {
	if offset < 0 || offset > int64(len(f.f.data)) {
		return 0, &fs.PathError{Op: "read", Path: f.f.name, Err: fs.ErrInvalid}
	}
	n := copy(b, f.f.data[offset:])
	if n < len(b) {
		return n, io.EOF
	}
	return n, nil
}

// An openDir is a directory open for reading.
type openDir struct {
	f      *file
	files  []file
	offset int
}

func (d *openDir) Close() error { return nil }

func (d *openDir) Stat() (fs.FileInfo, error) { return d.f, nil }

func (d *openDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.f.name, Err: errors.New("is a directory")}
}

func (d *openDir) ReadDir(count int) ([]fs.DirEntry, error) {
	n := len(d.files) - d.offset
	if n == 0 {
		if count <= 0 {
			return nil, nil
		}
		return nil, io.EOF
	}
	if count > 0 && n > count {
		n = count
	}
	list := make([]fs.DirEntry, n)
	for i := range list {
		list[i] = &d.files[d.offset+i]
	}
	d.offset += n
	return list, nil
}
