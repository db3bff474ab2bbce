// Package testing/fstest as minigo provides it, in Go: an in-memory file
// system (MapFS) and a checker for fs.FS implementations (TestFS).
package fstest

import (
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"
)

// A MapFS is an in-memory file system: file names (slash-separated, no
// leading slash) to their contents. Parent directories are implied.
type MapFS map[string]*MapFile

// A MapFile is one file (or directory, or symbolic link) of a MapFS.
type MapFile struct {
	Data    []byte
	Mode    fs.FileMode
	ModTime time.Time
	Sys     any
}

func implicitDir() *MapFile { return &MapFile{Mode: fs.ModeDir | 0555} }

func (fsys MapFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	real, ok := fsys.resolve(name)
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	file := fsys[real]
	if file != nil && file.Mode&fs.ModeDir == 0 {
		return &mapOpenFile{path: name, info: mapInfo{path.Base(name), file}}, nil
	}
	// A directory: its entries are the files directly under it, and the
	// directories implied by deeper names.
	var entries []mapInfo
	implied := map[string]bool{}
	prefix := real + "/"
	if real == "." {
		prefix = ""
	}
	for fname, f := range fsys {
		if !strings.HasPrefix(fname, prefix) || fname == "." {
			continue
		}
		rest := fname[len(prefix):]
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			implied[rest[:i]] = true
		} else {
			entries = append(entries, mapInfo{rest, f})
		}
	}
	if real != "." && file == nil && entries == nil && len(implied) == 0 {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	for _, e := range entries {
		delete(implied, e.name)
	}
	for d := range implied {
		entries = append(entries, mapInfo{d, implicitDir()})
	}
	slices.SortFunc(entries, func(a, b mapInfo) int { return strings.Compare(a.name, b.name) })
	if file == nil {
		file = implicitDir()
	}
	elem := name
	if name != "." {
		elem = name[strings.LastIndexByte(name, '/')+1:]
	}
	return &mapOpenDir{path: name, info: mapInfo{elem, file}, entries: entries}, nil
}

// resolve follows the symbolic links of name's elements; ok is false
// for a link to an absolute path or a name that leaves the tree.
func (fsys MapFS) resolve(name string) (string, bool) {
	if f := fsys[name]; f != nil && f.Mode.Type() == fs.ModeSymlink {
		target := string(f.Data)
		if path.IsAbs(target) {
			return "", false
		}
		return fsys.resolve(path.Join(path.Dir(name), target))
	}
	for i := 0; i < len(name); i++ {
		j := strings.IndexByte(name[i:], '/')
		end := len(name)
		if j >= 0 {
			end = i + j
		}
		dir := name[:end]
		if f := fsys[dir]; f != nil && f.Mode.Type() == fs.ModeSymlink {
			target := string(f.Data)
			if path.IsAbs(target) {
				return "", false
			}
			return fsys.resolve(path.Join(path.Dir(dir), target) + name[end:])
		}
		i = end
	}
	return name, fs.ValidPath(name)
}

func (fsys MapFS) lstat(name string) (*mapInfo, error) {
	if !fs.ValidPath(name) {
		return nil, fs.ErrNotExist
	}
	dir, ok := fsys.resolve(path.Dir(name))
	if !ok {
		return nil, fs.ErrNotExist
	}
	elem := path.Base(name)
	real := path.Join(dir, elem)
	if f := fsys[real]; f != nil {
		return &mapInfo{elem, f}, nil
	}
	if real == "." {
		return &mapInfo{elem, implicitDir()}, nil
	}
	for fname := range fsys {
		if strings.HasPrefix(fname, real+"/") {
			return &mapInfo{elem, implicitDir()}, nil
		}
	}
	return nil, fs.ErrNotExist
}

func (fsys MapFS) ReadLink(name string) (string, error) {
	info, err := fsys.lstat(name)
	if err != nil {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: err}
	}
	if info.f.Mode.Type() != fs.ModeSymlink {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: fs.ErrInvalid}
	}
	return string(info.f.Data), nil
}

func (fsys MapFS) Lstat(name string) (fs.FileInfo, error) {
	info, err := fsys.lstat(name)
	if err != nil {
		return nil, &fs.PathError{Op: "lstat", Path: name, Err: err}
	}
	return info, nil
}

// openOnly hides MapFS's other methods so that the fs helpers use Open.
type openOnly struct{ fsys MapFS }

func (o openOnly) Open(name string) (fs.File, error) { return o.fsys.Open(name) }

func (fsys MapFS) ReadFile(name string) ([]byte, error) { return fs.ReadFile(openOnly{fsys}, name) }

func (fsys MapFS) Stat(name string) (fs.FileInfo, error) { return fs.Stat(openOnly{fsys}, name) }

func (fsys MapFS) ReadDir(name string) ([]fs.DirEntry, error) {
	return fs.ReadDir(openOnly{fsys}, name)
}

func (fsys MapFS) Glob(pattern string) ([]string, error) { return fs.Glob(openOnly{fsys}, pattern) }

func (fsys MapFS) Sub(dir string) (fs.FS, error) { return fstestSub(openOnly{fsys}, dir) }

// mapInfo is both the FileInfo and the DirEntry of a MapFS file.
type mapInfo struct {
	name string
	f    *MapFile
}

func (i *mapInfo) Name() string               { return path.Base(i.name) }
func (i *mapInfo) Size() int64                { return int64(len(i.f.Data)) }
func (i *mapInfo) Mode() fs.FileMode          { return i.f.Mode }
func (i *mapInfo) Type() fs.FileMode          { return i.f.Mode.Type() }
func (i *mapInfo) ModTime() time.Time         { return i.f.ModTime }
func (i *mapInfo) IsDir() bool                { return i.f.Mode&fs.ModeDir != 0 }
func (i *mapInfo) Sys() any                   { return i.f.Sys }
func (i *mapInfo) Info() (fs.FileInfo, error) { return i, nil }
func (i *mapInfo) String() string             { return fs.FormatFileInfo(i) }

type mapOpenFile struct {
	path   string
	info   mapInfo
	offset int64
}

func (f *mapOpenFile) Stat() (fs.FileInfo, error) { return &f.info, nil }
func (f *mapOpenFile) Close() error               { return nil }

func (f *mapOpenFile) Read(b []byte) (int, error) {
	data := f.info.f.Data
	if f.offset >= int64(len(data)) {
		return 0, io.EOF
	}
	if f.offset < 0 {
		return 0, &fs.PathError{Op: "read", Path: f.path, Err: fs.ErrInvalid}
	}
	n := copy(b, data[f.offset:])
	f.offset += int64(n)
	return n, nil
}

func (f *mapOpenFile) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		offset += f.offset
	case io.SeekEnd:
		offset += int64(len(f.info.f.Data))
	}
	if offset < 0 || offset > int64(len(f.info.f.Data)) {
		return 0, &fs.PathError{Op: "seek", Path: f.path, Err: fs.ErrInvalid}
	}
	f.offset = offset
	return offset, nil
}

func (f *mapOpenFile) ReadAt(b []byte, offset int64) (int, error) {
	data := f.info.f.Data
	if offset < 0 || offset > int64(len(data)) {
		return 0, &fs.PathError{Op: "read", Path: f.path, Err: fs.ErrInvalid}
	}
	n := copy(b, data[offset:])
	if n < len(b) {
		return n, io.EOF
	}
	return n, nil
}

type mapOpenDir struct {
	path    string
	info    mapInfo
	entries []mapInfo
	offset  int
}

func (d *mapOpenDir) Stat() (fs.FileInfo, error) { return &d.info, nil }
func (d *mapOpenDir) Close() error               { return nil }

func (d *mapOpenDir) Read(b []byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.path, Err: fs.ErrInvalid}
}

func (d *mapOpenDir) ReadDir(count int) ([]fs.DirEntry, error) {
	n := len(d.entries) - d.offset
	if n == 0 && count > 0 {
		return nil, io.EOF
	}
	if count > 0 && n > count {
		n = count
	}
	list := make([]fs.DirEntry, n)
	for i := range list {
		list[i] = &d.entries[d.offset+i]
	}
	d.offset += n
	return list, nil
}

// fstestSub is fs.Sub: fsys seen from its directory dir.
func fstestSub(fsys fs.FS, dir string) (fs.FS, error) {
	if !fs.ValidPath(dir) {
		return nil, &fs.PathError{Op: "sub", Path: dir, Err: fs.ErrInvalid}
	}
	if dir == "." {
		return fsys, nil
	}
	return &subFS{fsys, dir}, nil
}

type subFS struct {
	fsys fs.FS
	dir  string
}

func (s *subFS) full(op, name string) (string, error) {
	if !fs.ValidPath(name) {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	return path.Join(s.dir, name), nil
}

// fix rewrites the paths in a PathError to be relative to s.dir.
func (s *subFS) fix(err error) error {
	if e, ok := err.(*fs.PathError); ok {
		if e.Path == s.dir {
			e.Path = "."
		} else if strings.HasPrefix(e.Path, s.dir+"/") {
			e.Path = e.Path[len(s.dir)+1:]
		}
	}
	return err
}

func (s *subFS) Open(name string) (fs.File, error) {
	full, err := s.full("open", name)
	if err != nil {
		return nil, err
	}
	f, err := s.fsys.Open(full)
	return f, s.fix(err)
}

func (s *subFS) ReadDir(name string) ([]fs.DirEntry, error) {
	full, err := s.full("read", name)
	if err != nil {
		return nil, err
	}
	list, err := fs.ReadDir(s.fsys, full)
	return list, s.fix(err)
}

func (s *subFS) ReadFile(name string) ([]byte, error) {
	full, err := s.full("read", name)
	if err != nil {
		return nil, err
	}
	data, err := fs.ReadFile(s.fsys, full)
	return data, s.fix(err)
}

func (s *subFS) ReadLink(name string) (string, error) {
	full, err := s.full("readlink", name)
	if err != nil {
		return "", err
	}
	target, err := fs.ReadLink(s.fsys, full)
	return target, s.fix(err)
}

func (s *subFS) Lstat(name string) (fs.FileInfo, error) {
	full, err := s.full("lstat", name)
	if err != nil {
		return nil, err
	}
	info, err := fs.Lstat(s.fsys, full)
	return info, s.fix(err)
}

func (s *subFS) Glob(pattern string) ([]string, error) {
	if _, err := path.Match(pattern, ""); err != nil {
		return nil, err
	}
	if pattern == "." {
		return []string{"."}, nil
	}
	list, err := fs.Glob(s.fsys, s.dir+"/"+pattern)
	for i, name := range list {
		list[i] = strings.TrimPrefix(name, s.dir+"/")
	}
	return list, s.fix(err)
}

func (s *subFS) Sub(dir string) (fs.FS, error) {
	if dir == "." {
		return s, nil
	}
	full, err := s.full("sub", dir)
	if err != nil {
		return nil, err
	}
	return &subFS{s.fsys, full}, nil
}
