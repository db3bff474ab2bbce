package token

import (
	"fmt"
	"sort"
	"strconv"
	"sync"
)

// A Position is a file name, byte offset, line and column (both from 1);
// it is valid when Line > 0.
type Position struct {
	Filename string
	Offset   int
	Line     int
	Column   int
}

func (pos *Position) IsValid() bool { return pos.Line > 0 }

func (pos Position) String() string {
	s := pos.Filename
	if pos.IsValid() {
		if s != "" {
			s += ":"
		}
		s += strconv.Itoa(pos.Line)
		if pos.Column != 0 {
			s += ":" + strconv.Itoa(pos.Column)
		}
	}
	if s == "" {
		return "-"
	}
	return s
}

// A Pos is a compact position in a FileSet: a file's base plus an offset.
type Pos int

const NoPos Pos = 0

func (p Pos) IsValid() bool { return p != NoPos }

// lineInfo is an alternative position (a //line directive).
type lineInfo struct {
	Offset       int
	Filename     string
	Line, Column int
}

// A File is one source file of a FileSet: its name, its range of Pos
// values [base, base+size], and the offsets where its lines start.
type File struct {
	name       string
	base, size int
	mu         sync.Mutex
	lines      []int
	infos      []lineInfo
}

func (f *File) String() string { return fmt.Sprintf("%s(%d-%d)", f.name, f.base, f.base+f.size) }
func (f *File) Name() string   { return f.name }
func (f *File) Base() int      { return f.base }
func (f *File) Size() int      { return f.size }
func (f *File) End() Pos       { return Pos(f.base + f.size) }

func (f *File) LineCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.lines)
}

func (f *File) AddLine(offset int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if n := len(f.lines); (n == 0 || f.lines[n-1] < offset) && offset < f.size {
		f.lines = append(f.lines, offset)
	}
}

func (f *File) MergeLine(line int) {
	if line < 1 {
		panic(fmt.Sprintf("invalid line number %d (should be >= 1)", line))
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if line >= len(f.lines) {
		panic(fmt.Sprintf("invalid line number %d (should be < %d)", line, len(f.lines)))
	}
	f.lines = append(f.lines[:line], f.lines[line+1:]...)
}

func (f *File) Lines() []int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.lines
}

func (f *File) SetLines(lines []int) bool {
	for i, off := range lines {
		if i > 0 && off <= lines[i-1] || f.size <= off {
			return false
		}
	}
	f.mu.Lock()
	f.lines = lines
	f.mu.Unlock()
	return true
}

func (f *File) SetLinesForContent(content []byte) {
	var lines []int
	start := 0 // offset of the line being read; -1 once recorded
	for off, b := range content {
		if start >= 0 {
			lines = append(lines, start)
		}
		start = -1
		if b == '\n' {
			start = off + 1
		}
	}
	f.mu.Lock()
	f.lines = lines
	f.mu.Unlock()
}

func (f *File) LineStart(line int) Pos {
	if line < 1 {
		panic(fmt.Sprintf("invalid line number %d (should be >= 1)", line))
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if line > len(f.lines) {
		panic(fmt.Sprintf("invalid line number %d (should be < %d)", line, len(f.lines)))
	}
	return Pos(f.base + f.lines[line-1])
}

func (f *File) AddLineInfo(offset int, filename string, line int) {
	f.AddLineColumnInfo(offset, filename, line, 1)
}

func (f *File) AddLineColumnInfo(offset int, filename string, line, column int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if n := len(f.infos); (n == 0 || f.infos[n-1].Offset < offset) && offset < f.size {
		f.infos = append(f.infos, lineInfo{offset, filename, line, column})
	}
}

func (f *File) clamp(offset int) int {
	if offset < 0 {
		return 0
	}
	if offset > f.size {
		return f.size
	}
	return offset
}

func (f *File) Pos(offset int) Pos { return Pos(f.base + f.clamp(offset)) }
func (f *File) Offset(p Pos) int   { return f.clamp(int(p) - f.base) }
func (f *File) Line(p Pos) int     { return f.Position(p).Line }

// lastAtOrBefore returns the index of the last line start <= off, or -1.
func lastAtOrBefore(lines []int, off int) int {
	return sort.Search(len(lines), func(i int) bool { return lines[i] > off }) - 1
}

func (f *File) position(p Pos, adjusted bool) (pos Position) {
	off := f.clamp(int(p) - f.base)
	pos.Offset = off
	f.mu.Lock()
	defer f.mu.Unlock()
	pos.Filename = f.name
	if i := lastAtOrBefore(f.lines, off); i >= 0 {
		pos.Line, pos.Column = i+1, off-f.lines[i]+1
	}
	if !adjusted || len(f.infos) == 0 {
		return pos
	}
	k := sort.Search(len(f.infos), func(i int) bool { return f.infos[i].Offset > off }) - 1
	if k < 0 {
		return pos
	}
	alt := f.infos[k]
	pos.Filename = alt.Filename
	if i := lastAtOrBefore(f.lines, alt.Offset); i >= 0 {
		d := pos.Line - (i + 1)
		pos.Line = alt.Line + d
		if alt.Column == 0 {
			pos.Column = 0
		} else if d == 0 {
			pos.Column = alt.Column + (off - alt.Offset)
		}
	}
	return pos
}

func (f *File) PositionFor(p Pos, adjusted bool) (pos Position) {
	if p != NoPos {
		pos = f.position(p, adjusted)
	}
	return pos
}

func (f *File) Position(p Pos) (pos Position) { return f.PositionFor(p, true) }

// A FileSet is a set of files whose Pos ranges do not overlap.
type FileSet struct {
	mu    sync.RWMutex
	base  int
	files []*File // by base
	last  *File
}

func NewFileSet() *FileSet { return &FileSet{base: 1} }

func (s *FileSet) Base() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.base
}

// insert adds f in base order; it panics if f overlaps another file.
func (s *FileSet) insert(f *File) {
	i := sort.Search(len(s.files), func(i int) bool { return s.files[i].base+s.files[i].size >= f.base })
	if i < len(s.files) && s.files[i].base <= f.base+f.size {
		if prev := s.files[i]; prev != f {
			panic(fmt.Sprintf("file %s (%d-%d) overlaps with file %s (%d-%d)",
				prev.Name(), prev.Base(), prev.End(), f.Name(), f.Base(), f.End()))
		}
		return
	}
	s.files = append(s.files, nil)
	copy(s.files[i+1:], s.files[i:])
	s.files[i] = f
}

func (s *FileSet) AddFile(filename string, base, size int) *File {
	f := &File{name: filename, size: size, lines: []int{0}}
	s.mu.Lock()
	defer s.mu.Unlock()
	if base < 0 {
		base = s.base
	}
	if base < s.base {
		panic(fmt.Sprintf("invalid base %d (should be >= %d)", base, s.base))
	}
	f.base = base
	if size < 0 {
		panic(fmt.Sprintf("invalid size %d (should be >= 0)", size))
	}
	base += size + 1
	if base < 0 {
		panic("token.Pos offset overflow (> 2G of source code in file set)")
	}
	s.base = base
	s.insert(f)
	s.last = f
	return f
}

func (s *FileSet) AddExistingFiles(files ...*File) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range files {
		s.insert(f)
		if end := f.Base() + f.Size() + 1; end > s.base {
			s.base = end
		}
	}
}

func (s *FileSet) RemoveFile(file *File) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == file {
		s.last = nil
	}
	for i, f := range s.files {
		if f == file {
			s.files = append(s.files[:i], s.files[i+1:]...)
			return
		}
	}
}

func (s *FileSet) Iterate(yield func(*File) bool) {
	s.mu.RLock()
	files := append([]*File(nil), s.files...)
	s.mu.RUnlock()
	for _, f := range files {
		if !yield(f) {
			return
		}
	}
}

func (s *FileSet) file(p Pos) *File {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f := s.last; f != nil && f.base <= int(p) && int(p) <= f.base+f.size {
		return f
	}
	i := sort.Search(len(s.files), func(i int) bool { return s.files[i].base+s.files[i].size >= int(p) })
	if i < len(s.files) && s.files[i].base <= int(p) {
		s.last = s.files[i]
		return s.files[i]
	}
	return nil
}

func (s *FileSet) File(p Pos) (f *File) {
	if p != NoPos {
		f = s.file(p)
	}
	return f
}

func (s *FileSet) PositionFor(p Pos, adjusted bool) (pos Position) {
	if p != NoPos {
		if f := s.file(p); f != nil {
			return f.position(p, adjusted)
		}
	}
	return pos
}

func (s *FileSet) Position(p Pos) (pos Position) { return s.PositionFor(p, true) }

type serializedFile struct {
	Name  string
	Base  int
	Size  int
	Lines []int
	Infos []lineInfo
}

type serializedFileSet struct {
	Base  int
	Files []serializedFile
}

// Read sets s from what decode fills in: the value that Write encodes.
func (s *FileSet) Read(decode func(any) error) error {
	var ss serializedFileSet
	if err := decode(&ss); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.base = ss.Base
	for _, f := range ss.Files {
		s.insert(&File{name: f.Name, base: f.Base, size: f.Size, lines: f.Lines, infos: f.Infos})
	}
	s.last = nil
	return nil
}

// Write passes encode a serializable copy of s.
func (s *FileSet) Write(encode func(any) error) error {
	var ss serializedFileSet
	s.mu.Lock()
	ss.Base = s.base
	for _, f := range s.files {
		f.mu.Lock()
		ss.Files = append(ss.Files, serializedFile{
			Name:  f.name,
			Base:  f.base,
			Size:  f.size,
			Lines: append([]int(nil), f.lines...),
			Infos: append([]lineInfo(nil), f.infos...),
		})
		f.mu.Unlock()
	}
	s.mu.Unlock()
	return encode(ss)
}
