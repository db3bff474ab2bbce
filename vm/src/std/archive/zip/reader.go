package zip

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// A Reader serves content from a ZIP archive.
type Reader struct {
	r             io.ReaderAt
	File          []*File
	Comment       string
	decompressors map[uint16]Decompressor
	baseOffset    int64
	listOnce      sync.Once
	list          []zEntry
}

// A ReadCloser is a Reader that must be closed when no longer needed.
type ReadCloser struct {
	f *os.File
	Reader
}

// A File is a single file in a ZIP archive.
type File struct {
	FileHeader
	zip          *Reader
	zipr         io.ReaderAt
	headerOffset int64
}

// OpenReader will open the Zip file specified by name and return a
// ReadCloser.
func OpenReader(name string) (*ReadCloser, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	r := new(ReadCloser)
	if err = r.init(f, fi.Size()); err != nil && err != ErrInsecurePath {
		f.Close()
		return nil, err
	}
	r.f = f
	return r, err
}

// NewReader returns a new Reader reading from r, which is assumed to
// have the given size in bytes.
func NewReader(r io.ReaderAt, size int64) (*Reader, error) {
	if size < 0 {
		return nil, errors.New("zip: size cannot be negative")
	}
	zr := new(Reader)
	err := zr.init(r, size)
	if err != nil && err != ErrInsecurePath {
		return nil, err
	}
	return zr, err
}

type zBuf []byte

func (b *zBuf) u8() uint8 {
	v := (*b)[0]
	*b = (*b)[1:]
	return v
}

func (b *zBuf) u16() uint16 {
	v := binary.LittleEndian.Uint16(*b)
	*b = (*b)[2:]
	return v
}

func (b *zBuf) u32() uint32 {
	v := binary.LittleEndian.Uint32(*b)
	*b = (*b)[4:]
	return v
}

func (b *zBuf) u64() uint64 {
	v := binary.LittleEndian.Uint64(*b)
	*b = (*b)[8:]
	return v
}

func (b *zBuf) sub(n int) zBuf {
	s := (*b)[:n]
	*b = (*b)[n:]
	return s
}

func (r *Reader) init(rdr io.ReaderAt, size int64) error {
	end, base, err := zReadDirEnd(rdr, size)
	if err != nil {
		return err
	}
	r.r = rdr
	r.baseOffset = base
	if end.size < uint64(size) && (uint64(size)-end.size)/30 >= end.records {
		r.File = make([]*File, 0, end.records)
	}
	r.Comment = end.comment
	rs := io.NewSectionReader(rdr, 0, size)
	if _, err = rs.Seek(r.baseOffset+int64(end.offset), io.SeekStart); err != nil {
		return err
	}
	buf := bufio.NewReader(rs)
	for {
		f := &File{zip: r, zipr: rdr}
		err = zReadDirHeader(f, buf)
		if err == ErrFormat || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return err
		}
		f.headerOffset += r.baseOffset
		r.File = append(r.File, f)
	}
	if uint16(len(r.File)) != uint16(end.records) {
		return err
	}
	if strings.Contains(os.Getenv("GODEBUG"), "zipinsecurepath=0") {
		for _, f := range r.File {
			if f.Name == "" {
				continue
			}
			if !filepath.IsLocal(f.Name) || strings.Contains(f.Name, `\`) {
				return ErrInsecurePath
			}
		}
	}
	return nil
}

// RegisterDecompressor registers or overrides a custom decompressor for
// a specific method ID.
func (r *Reader) RegisterDecompressor(method uint16, dcomp Decompressor) {
	if r.decompressors == nil {
		r.decompressors = make(map[uint16]Decompressor)
	}
	r.decompressors[method] = dcomp
}

func (r *Reader) decompressor(method uint16) Decompressor {
	if d := r.decompressors[method]; d != nil {
		return d
	}
	return zDecompressor(method)
}

// Close closes the Zip file, rendering it unusable for I/O.
func (rc *ReadCloser) Close() error {
	return rc.f.Close()
}

// DataOffset returns the offset of the file's possibly-compressed data,
// relative to the beginning of the zip file.
func (f *File) DataOffset() (offset int64, err error) {
	body, err := f.bodyOffset()
	if err != nil {
		return
	}
	return f.headerOffset + body, nil
}

// Open returns a ReadCloser that provides access to the File's contents.
func (f *File) Open() (io.ReadCloser, error) {
	body, err := f.bodyOffset()
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(f.Name, "/") {
		if f.UncompressedSize64 != 0 {
			return &zDirReader{ErrFormat}, nil
		}
		return &zDirReader{io.EOF}, nil
	}
	size := int64(f.CompressedSize64)
	sr := io.NewSectionReader(f.zipr, f.headerOffset+body, size)
	dcomp := f.zip.decompressor(f.Method)
	if dcomp == nil {
		return nil, ErrAlgorithm
	}
	cr := &zChecksumReader{rc: dcomp(sr), hash: crc32.NewIEEE(), f: f}
	if f.hasDataDescriptor() {
		cr.desr = io.NewSectionReader(f.zipr, f.headerOffset+body+size, 16)
	}
	return cr, nil
}

// OpenRaw returns a Reader that provides access to the File's contents
// without decompression.
func (f *File) OpenRaw() (io.Reader, error) {
	body, err := f.bodyOffset()
	if err != nil {
		return nil, err
	}
	return io.NewSectionReader(f.zipr, f.headerOffset+body, int64(f.CompressedSize64)), nil
}

type zDirReader struct{ err error }

func (r *zDirReader) Read([]byte) (int, error) { return 0, r.err }
func (r *zDirReader) Close() error             { return nil }

type zChecksumReader struct {
	rc    io.ReadCloser
	hash  hash.Hash32
	nread uint64
	f     *File
	desr  io.Reader
	err   error
}

func (r *zChecksumReader) Stat() (fs.FileInfo, error) {
	return headerFileInfo{&r.f.FileHeader}, nil
}

func (r *zChecksumReader) Read(b []byte) (n int, err error) {
	if r.err != nil {
		return 0, r.err
	}
	n, err = r.rc.Read(b)
	r.hash.Write(b[:n])
	r.nread += uint64(n)
	if r.nread > r.f.UncompressedSize64 {
		return 0, ErrFormat
	}
	if err == nil {
		return
	}
	if err == io.EOF {
		if r.nread != r.f.UncompressedSize64 {
			return 0, io.ErrUnexpectedEOF
		}
		if r.desr != nil {
			if e := zReadDescriptor(r.desr, r.f); e != nil {
				if e == io.EOF {
					err = io.ErrUnexpectedEOF
				} else {
					err = e
				}
			} else if r.hash.Sum32() != r.f.CRC32 {
				err = ErrChecksum
			}
		} else if r.f.CRC32 != 0 && r.hash.Sum32() != r.f.CRC32 {
			err = ErrChecksum
		}
	}
	r.err = err
	return
}

func (r *zChecksumReader) Close() error { return r.rc.Close() }

func (f *File) bodyOffset() (int64, error) {
	var buf [zFileHeaderLen]byte
	if _, err := f.zipr.ReadAt(buf[:], f.headerOffset); err != nil {
		return 0, err
	}
	b := zBuf(buf[:])
	if b.u32() != zFileHeaderSig {
		return 0, ErrFormat
	}
	b = b[22:]
	nameLen := int(b.u16())
	extraLen := int(b.u16())
	return int64(zFileHeaderLen + nameLen + extraLen), nil
}

func zDetectUTF8(s string) (valid, require bool) {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r < 0x20 || r > 0x7d || r == 0x5c {
			if !utf8.ValidRune(r) || (r == utf8.RuneError && size == 1) {
				return false, false
			}
			require = true
		}
	}
	return true, require
}

func zReadDirHeader(f *File, r io.Reader) error {
	var buf [zDirHeaderLen]byte
	if _, err := io.ReadFull(r, buf[:]); err != nil {
		return err
	}
	b := zBuf(buf[:])
	if b.u32() != zDirHeaderSig {
		return ErrFormat
	}
	f.CreatorVersion = b.u16()
	f.ReaderVersion = b.u16()
	f.Flags = b.u16()
	f.Method = b.u16()
	f.ModifiedTime = b.u16()
	f.ModifiedDate = b.u16()
	f.CRC32 = b.u32()
	f.CompressedSize = b.u32()
	f.UncompressedSize = b.u32()
	f.CompressedSize64 = uint64(f.CompressedSize)
	f.UncompressedSize64 = uint64(f.UncompressedSize)
	nameLen := int(b.u16())
	extraLen := int(b.u16())
	commentLen := int(b.u16())
	b = b[4:]
	f.ExternalAttrs = b.u32()
	f.headerOffset = int64(b.u32())
	d := make([]byte, nameLen+extraLen+commentLen)
	if _, err := io.ReadFull(r, d); err != nil {
		return err
	}
	f.Name = string(d[:nameLen])
	f.Extra = d[nameLen : nameLen+extraLen]
	f.Comment = string(d[nameLen+extraLen:])
	v1, req1 := zDetectUTF8(f.Name)
	v2, req2 := zDetectUTF8(f.Comment)
	switch {
	case !v1 || !v2:
		f.NonUTF8 = true
	case !req1 && !req2:
		f.NonUTF8 = false
	default:
		f.NonUTF8 = f.Flags&0x800 == 0
	}

	var modified time.Time
	extra := zBuf(f.Extra)
	for len(extra) >= 4 {
		tag := extra.u16()
		n := int(extra.u16())
		if len(extra) < n {
			break
		}
		field := extra.sub(n)
		switch tag {
		case zZip64ExtraID:
			if f.UncompressedSize == ^uint32(0) {
				if len(field) < 8 {
					return ErrFormat
				}
				f.UncompressedSize64 = field.u64()
			}
			if f.CompressedSize == ^uint32(0) {
				if len(field) < 8 {
					return ErrFormat
				}
				f.CompressedSize64 = field.u64()
			}
			if f.headerOffset == int64(^uint32(0)) {
				if len(field) < 8 {
					return ErrFormat
				}
				f.headerOffset = int64(field.u64())
			}
		case zNTFSExtraID:
			if len(field) < 4 {
				continue
			}
			field.u32()
			for len(field) >= 4 {
				atag := field.u16()
				asize := int(field.u16())
				if len(field) < asize {
					break
				}
				attr := field.sub(asize)
				if atag != 1 || asize != 24 {
					continue
				}
				ts := int64(attr.u64())
				epoch := time.Date(1601, time.January, 1, 0, 0, 0, 0, time.UTC)
				modified = time.Unix(epoch.Unix()+ts/1e7, 100*(ts%1e7))
			}
		case zUnixExtraID, zInfoZipUnixID:
			if len(field) < 8 {
				continue
			}
			field.u32()
			modified = time.Unix(int64(field.u32()), 0)
		case zExtTimeExtraID:
			if len(field) < 5 || field.u8()&1 == 0 {
				continue
			}
			modified = time.Unix(int64(field.u32()), 0)
		}
	}
	dos := zDosTime(f.ModifiedDate, f.ModifiedTime)
	f.Modified = dos
	if !modified.IsZero() {
		f.Modified = modified.UTC()
		if f.ModifiedTime != 0 || f.ModifiedDate != 0 {
			f.Modified = modified.In(zTimeZone(dos.Sub(modified)))
		}
	}
	return nil
}

func zReadDescriptor(r io.Reader, f *File) error {
	var buf [16]byte
	if _, err := io.ReadFull(r, buf[:4]); err != nil {
		return err
	}
	off := 0
	if binary.LittleEndian.Uint32(buf[:4]) != zDescriptorSig {
		off = 4
	}
	if _, err := io.ReadFull(r, buf[off:12]); err != nil {
		return err
	}
	// Either way, buf now starts with the CRC.
	if binary.LittleEndian.Uint32(buf[:4]) != f.CRC32 {
		return ErrChecksum
	}
	return nil
}

type zDirEnd struct {
	records uint64
	size    uint64
	offset  uint64
	comment string
}

func zReadDirEnd(r io.ReaderAt, size int64) (*zDirEnd, int64, error) {
	var buf []byte
	var endOff int64
	for i, n := range []int64{1024, 65 * 1024} {
		if n > size {
			n = size
		}
		buf = make([]byte, int(n))
		if _, err := r.ReadAt(buf, size-n); err != nil && err != io.EOF {
			return nil, 0, err
		}
		if p := zFindEndSig(buf); p >= 0 {
			buf = buf[p:]
			endOff = size - n + int64(p)
			break
		}
		if i == 1 || n == size {
			return nil, 0, ErrFormat
		}
	}
	b := zBuf(buf[4:])
	b = b[6:]
	d := &zDirEnd{records: uint64(b.u16())}
	d.size = uint64(b.u32())
	d.offset = uint64(b.u32())
	l := int(b.u16())
	if l > len(b) {
		return nil, 0, errors.New("zip: invalid comment length")
	}
	d.comment = string(b[:l])
	if d.records == 0xffff || d.size == 0xffffffff || d.offset == 0xffffffff {
		p, err := zFindDir64End(r, endOff)
		if err == nil && p >= 0 {
			endOff = p
			err = zReadDir64End(r, p, d)
		}
		if err != nil {
			return nil, 0, err
		}
	}
	if d.size > 1<<63-1 || d.offset > 1<<63-1 {
		return nil, 0, ErrFormat
	}
	base := endOff - int64(d.size) - int64(d.offset)
	if o := base + int64(d.offset); o < 0 || o >= size {
		return nil, 0, ErrFormat
	}
	if base > 0 {
		off := int64(d.offset)
		if zReadDirHeader(&File{}, io.NewSectionReader(r, off, size-off)) == nil {
			base = 0
		}
	}
	return d, base, nil
}

func zFindDir64End(r io.ReaderAt, endOff int64) (int64, error) {
	loc := endOff - zDir64LocLen
	if loc < 0 {
		return -1, nil
	}
	buf := make([]byte, zDir64LocLen)
	if _, err := r.ReadAt(buf, loc); err != nil {
		return -1, err
	}
	b := zBuf(buf)
	if b.u32() != zDir64LocSig {
		return -1, nil
	}
	if b.u32() != 0 {
		return -1, nil
	}
	p := b.u64()
	if b.u32() != 1 {
		return -1, nil
	}
	return int64(p), nil
}

func zReadDir64End(r io.ReaderAt, off int64, d *zDirEnd) error {
	buf := make([]byte, zDir64EndLen)
	if _, err := r.ReadAt(buf, off); err != nil {
		return err
	}
	b := zBuf(buf)
	if b.u32() != zDir64EndSig {
		return ErrFormat
	}
	b = b[12+8+8:]
	d.records = b.u64()
	d.size = b.u64()
	d.offset = b.u64()
	return nil
}

func zFindEndSig(b []byte) int {
	for i := len(b) - zDirEndLen; i >= 0; i-- {
		if b[i] == 'P' && b[i+1] == 'K' && b[i+2] == 0x05 && b[i+3] == 0x06 {
			n := int(b[i+zDirEndLen-2]) | int(b[i+zDirEndLen-1])<<8
			if n+zDirEndLen+i > len(b) {
				return -1
			}
			return i
		}
	}
	return -1
}

// The fs.FS view of a Reader.

type zEntry struct {
	name  string
	file  *File
	isDir bool
	isDup bool
}

type zInfoEntry interface {
	fs.FileInfo
	fs.DirEntry
}

func (e *zEntry) stat() (zInfoEntry, error) {
	if e.isDup {
		return nil, errors.New(e.name + ": duplicate entries in zip file")
	}
	if !e.isDir {
		return headerFileInfo{&e.file.FileHeader}, nil
	}
	return e, nil
}

func (e *zEntry) Name() string {
	_, elem, _ := zSplit(e.name)
	return elem
}
func (e *zEntry) Size() int64       { return 0 }
func (e *zEntry) Mode() fs.FileMode { return fs.ModeDir | 0555 }
func (e *zEntry) Type() fs.FileMode { return fs.ModeDir }
func (e *zEntry) IsDir() bool       { return true }
func (e *zEntry) Sys() any          { return nil }
func (e *zEntry) ModTime() time.Time {
	if e.file == nil {
		return time.Time{}
	}
	return e.file.FileHeader.Modified.UTC()
}
func (e *zEntry) Info() (fs.FileInfo, error) { return e, nil }
func (e *zEntry) String() string             { return fs.FormatDirEntry(e) }

func zValidName(name string) string {
	name = strings.ReplaceAll(name, `\`, `/`)
	p := strings.TrimPrefix(path.Clean(name), "/")
	for strings.HasPrefix(p, "../") {
		p = p[3:]
	}
	return p
}

func (r *Reader) initList() {
	r.listOnce.Do(func() {
		r.list = make([]zEntry, 0, len(r.File))
		files := map[string]int{}
		knownDirs := map[string]int{}
		dirs := map[string]bool{}
		for _, file := range r.File {
			isDir := len(file.Name) > 0 && file.Name[len(file.Name)-1] == '/'
			name := zValidName(file.Name)
			if name == "" {
				continue
			}
			if i, ok := files[name]; ok {
				r.list[i].isDup = true
				continue
			}
			if i, ok := knownDirs[name]; ok {
				r.list[i].isDup = true
				continue
			}
			for dir := name; ; {
				i := strings.LastIndex(dir, "/")
				if i < 0 {
					break
				}
				dir = dir[:i]
				if dirs[dir] {
					break
				}
				dirs[dir] = true
			}
			idx := len(r.list)
			r.list = append(r.list, zEntry{name: name, file: file, isDir: isDir})
			if isDir {
				knownDirs[name] = idx
			} else {
				files[name] = idx
			}
		}
		for dir := range dirs {
			if _, ok := knownDirs[dir]; !ok {
				if i, ok := files[dir]; ok {
					r.list[i].isDup = true
				} else {
					r.list = append(r.list, zEntry{name: dir, isDir: true})
				}
			}
		}
		slices.SortFunc(r.list, func(a, b zEntry) int { return zCompare(a.name, b.name) })
	})
}

func zCompare(x, y string) int {
	xd, xe, _ := zSplit(x)
	yd, ye, _ := zSplit(y)
	if xd != yd {
		return strings.Compare(xd, yd)
	}
	return strings.Compare(xe, ye)
}

func zSplit(name string) (dir, elem string, isDir bool) {
	name, isDir = strings.CutSuffix(name, "/")
	i := strings.LastIndexByte(name, '/')
	if i < 0 {
		return ".", name, isDir
	}
	return name[:i], name[i+1:], isDir
}

var zDot = &zEntry{name: "./", isDir: true}

// Open opens the named file in the ZIP archive, using the semantics of
// fs.FS.Open: paths are always slash separated, with no leading / or
// ../ elements.
func (r *Reader) Open(name string) (fs.File, error) {
	r.initList()
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	e := r.lookup(name)
	if e == nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if e.isDir {
		return &zOpenDir{e, r.readDirList(name), 0}, nil
	}
	rc, err := e.file.Open()
	if err != nil {
		return nil, err
	}
	return rc.(fs.File), nil
}

func (r *Reader) lookup(name string) *zEntry {
	if name == "." {
		return zDot
	}
	for i := range r.list {
		n := r.list[i].name
		if n == name || len(n) == len(name)+1 && n[len(name)] == '/' && n[:len(name)] == name {
			return &r.list[i]
		}
	}
	return nil
}

func (r *Reader) readDirList(dir string) []zEntry {
	var out []zEntry
	for _, e := range r.list {
		if d, _, _ := zSplit(e.name); d == dir {
			out = append(out, e)
		}
	}
	return out
}

type zOpenDir struct {
	e      *zEntry
	files  []zEntry
	offset int
}

func (d *zOpenDir) Close() error               { return nil }
func (d *zOpenDir) Stat() (fs.FileInfo, error) { return d.e.stat() }
func (d *zOpenDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.e.name, Err: errors.New("is a directory")}
}

func (d *zOpenDir) ReadDir(count int) ([]fs.DirEntry, error) {
	n := len(d.files) - d.offset
	if count > 0 && n > count {
		n = count
	}
	if n == 0 {
		if count <= 0 {
			return nil, nil
		}
		return nil, io.EOF
	}
	list := make([]fs.DirEntry, n)
	for i := range list {
		s, err := d.files[d.offset+i].stat()
		if err != nil {
			return nil, err
		}
		if s.Name() == "." || !fs.ValidPath(s.Name()) {
			return nil, &fs.PathError{Op: "readdir", Path: d.e.name,
				Err: fmt.Errorf("invalid file name: %v", d.files[d.offset+i].name)}
		}
		list[i] = s
	}
	d.offset += n
	return list, nil
}
