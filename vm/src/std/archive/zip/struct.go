// Package zip (archive/zip) as minigo provides it, in Go over
// compress/flate: reading and writing ZIP archives (ZIP64 included).
package zip

import (
	"compress/flate"
	"errors"
	"io"
	"io/fs"
	"path"
	"sync"
	"time"
)

// Compression methods.
const (
	Store   uint16 = 0 // no compression
	Deflate uint16 = 8 // DEFLATE compressed
)

const (
	zFileHeaderSig = 0x04034b50
	zDirHeaderSig  = 0x02014b50
	zDirEndSig     = 0x06054b50
	zDir64LocSig   = 0x07064b50
	zDir64EndSig   = 0x06064b50
	zDescriptorSig = 0x08074b50
	zFileHeaderLen = 30
	zDirHeaderLen  = 46
	zDirEndLen     = 22
	zDir64LocLen   = 20
	zDir64EndLen   = 56

	zCreatorFAT   = 0
	zCreatorUnix  = 3
	zCreatorNTFS  = 11
	zCreatorVFAT  = 14
	zCreatorMacOS = 19

	zVersion20 = 20
	zVersion45 = 45

	zU16max = 1<<16 - 1
	zU32max = 1<<32 - 1

	zZip64ExtraID   = 0x0001
	zNTFSExtraID    = 0x000a
	zUnixExtraID    = 0x000d
	zExtTimeExtraID = 0x5455
	zInfoZipUnixID  = 0x5855
)

var (
	ErrFormat       = errors.New("zip: not a valid zip file")
	ErrAlgorithm    = errors.New("zip: unsupported compression algorithm")
	ErrChecksum     = errors.New("zip: checksum error")
	ErrInsecurePath = errors.New("zip: insecure file path")
)

// FileHeader describes a file within a ZIP file.
type FileHeader struct {
	Name               string
	Comment            string
	NonUTF8            bool
	CreatorVersion     uint16
	ReaderVersion      uint16
	Flags              uint16
	Method             uint16
	Modified           time.Time
	ModifiedTime       uint16 // Deprecated: Legacy MS-DOS date; use Modified instead.
	ModifiedDate       uint16 // Deprecated: Legacy MS-DOS time; use Modified instead.
	CRC32              uint32
	CompressedSize     uint32 // Deprecated: Use CompressedSize64 instead.
	UncompressedSize   uint32 // Deprecated: Use UncompressedSize64 instead.
	CompressedSize64   uint64
	UncompressedSize64 uint64
	Extra              []byte
	ExternalAttrs      uint32 // Meaning depends on CreatorVersion
}

// FileInfo returns an fs.FileInfo for the FileHeader.
func (h *FileHeader) FileInfo() fs.FileInfo {
	return headerFileInfo{h}
}

type headerFileInfo struct {
	fh *FileHeader
}

func (fi headerFileInfo) Name() string { return path.Base(fi.fh.Name) }
func (fi headerFileInfo) Size() int64 {
	if fi.fh.UncompressedSize64 > 0 {
		return int64(fi.fh.UncompressedSize64)
	}
	return int64(fi.fh.UncompressedSize)
}
func (fi headerFileInfo) IsDir() bool { return fi.Mode().IsDir() }
func (fi headerFileInfo) ModTime() time.Time {
	if fi.fh.Modified.IsZero() {
		return fi.fh.ModTime()
	}
	return fi.fh.Modified.UTC()
}
func (fi headerFileInfo) Mode() fs.FileMode          { return fi.fh.Mode() }
func (fi headerFileInfo) Type() fs.FileMode          { return fi.fh.Mode().Type() }
func (fi headerFileInfo) Sys() any                   { return fi.fh }
func (fi headerFileInfo) Info() (fs.FileInfo, error) { return fi, nil }
func (fi headerFileInfo) String() string             { return fs.FormatFileInfo(fi) }

// FileInfoHeader creates a partially-populated FileHeader from an
// fs.FileInfo.
func FileInfoHeader(fi fs.FileInfo) (*FileHeader, error) {
	size := fi.Size()
	fh := &FileHeader{Name: fi.Name(), UncompressedSize64: uint64(size)}
	fh.SetModTime(fi.ModTime())
	fh.SetMode(fi.Mode())
	if fh.UncompressedSize64 > zU32max {
		fh.UncompressedSize = zU32max
	} else {
		fh.UncompressedSize = uint32(fh.UncompressedSize64)
	}
	return fh, nil
}

func zTimeZone(offset time.Duration) *time.Location {
	offset = offset.Round(15 * time.Minute)
	if offset < -12*time.Hour || 14*time.Hour < offset {
		offset = 0
	}
	return time.FixedZone("", int(offset/time.Second))
}

func zDosTime(d, t uint16) time.Time {
	return time.Date(int(d>>9+1980), time.Month(d>>5&0xf), int(d&0x1f),
		int(t>>11), int(t>>5&0x3f), int(t&0x1f*2), 0, time.UTC)
}

func zToDosTime(t time.Time) (uint16, uint16) {
	d := uint16(t.Day() + int(t.Month())<<5 + (t.Year()-1980)<<9)
	tm := uint16(t.Second()/2 + t.Minute()<<5 + t.Hour()<<11)
	return d, tm
}

// ModTime returns the modification time in UTC using the legacy
// ModifiedDate and ModifiedTime fields.
//
// Deprecated: Use Modified instead.
func (h *FileHeader) ModTime() time.Time {
	return zDosTime(h.ModifiedDate, h.ModifiedTime)
}

// SetModTime sets the Modified, ModifiedTime, and ModifiedDate fields to
// the given time in UTC.
//
// Deprecated: Use Modified instead.
func (h *FileHeader) SetModTime(t time.Time) {
	t = t.UTC()
	h.Modified = t
	h.ModifiedDate, h.ModifiedTime = zToDosTime(t)
}

const (
	zIFMT   = 0xf000
	zIFSOCK = 0xc000
	zIFLNK  = 0xa000
	zIFREG  = 0x8000
	zIFBLK  = 0x6000
	zIFDIR  = 0x4000
	zIFCHR  = 0x2000
	zIFIFO  = 0x1000
	zISUID  = 0x800
	zISGID  = 0x400
	zISVTX  = 0x200

	zMsdosDir      = 0x10
	zMsdosReadOnly = 0x01
)

// Mode returns the permission and mode bits for the FileHeader.
func (h *FileHeader) Mode() (mode fs.FileMode) {
	switch h.CreatorVersion >> 8 {
	case zCreatorUnix, zCreatorMacOS:
		mode = zUnixToMode(h.ExternalAttrs >> 16)
	case zCreatorNTFS, zCreatorVFAT, zCreatorFAT:
		if h.ExternalAttrs&zMsdosDir != 0 {
			mode = fs.ModeDir | 0777
		} else {
			mode = 0666
		}
		if h.ExternalAttrs&zMsdosReadOnly != 0 {
			mode &^= 0222
		}
	}
	if len(h.Name) > 0 && h.Name[len(h.Name)-1] == '/' {
		mode |= fs.ModeDir
	}
	return mode
}

// SetMode changes the permission and mode bits for the FileHeader.
func (h *FileHeader) SetMode(mode fs.FileMode) {
	h.CreatorVersion = h.CreatorVersion&0xff | zCreatorUnix<<8
	h.ExternalAttrs = zModeToUnix(mode) << 16
	if mode&fs.ModeDir != 0 {
		h.ExternalAttrs |= zMsdosDir
	}
	if mode&0200 == 0 {
		h.ExternalAttrs |= zMsdosReadOnly
	}
}

func (h *FileHeader) hasDataDescriptor() bool { return h.Flags&0x8 != 0 }

func zModeToUnix(mode fs.FileMode) uint32 {
	var m uint32
	switch mode & fs.ModeType {
	case fs.ModeDir:
		m = zIFDIR
	case fs.ModeSymlink:
		m = zIFLNK
	case fs.ModeNamedPipe:
		m = zIFIFO
	case fs.ModeSocket:
		m = zIFSOCK
	case fs.ModeDevice:
		m = zIFBLK
	case fs.ModeDevice | fs.ModeCharDevice:
		m = zIFCHR
	default:
		m = zIFREG
	}
	if mode&fs.ModeSetuid != 0 {
		m |= zISUID
	}
	if mode&fs.ModeSetgid != 0 {
		m |= zISGID
	}
	if mode&fs.ModeSticky != 0 {
		m |= zISVTX
	}
	return m | uint32(mode&0777)
}

func zUnixToMode(m uint32) fs.FileMode {
	mode := fs.FileMode(m & 0777)
	switch m & zIFMT {
	case zIFBLK:
		mode |= fs.ModeDevice
	case zIFCHR:
		mode |= fs.ModeDevice | fs.ModeCharDevice
	case zIFDIR:
		mode |= fs.ModeDir
	case zIFIFO:
		mode |= fs.ModeNamedPipe
	case zIFLNK:
		mode |= fs.ModeSymlink
	case zIFSOCK:
		mode |= fs.ModeSocket
	}
	if m&zISGID != 0 {
		mode |= fs.ModeSetgid
	}
	if m&zISUID != 0 {
		mode |= fs.ModeSetuid
	}
	if m&zISVTX != 0 {
		mode |= fs.ModeSticky
	}
	return mode
}

// A Compressor returns a new compressing writer, writing to w.
type Compressor func(w io.Writer) (io.WriteCloser, error)

// A Decompressor returns a new decompressing reader, reading from r.
type Decompressor func(r io.Reader) io.ReadCloser

var (
	zMu            sync.Mutex
	zCompressors   = map[uint16]Compressor{}
	zDecompressors = map[uint16]Decompressor{}
)

func init() {
	zCompressors[Store] = func(w io.Writer) (io.WriteCloser, error) { return zNopCloser{w}, nil }
	zCompressors[Deflate] = func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, 5)
	}
	zDecompressors[Store] = io.NopCloser
	zDecompressors[Deflate] = flate.NewReader
}

type zNopCloser struct{ io.Writer }

func (zNopCloser) Close() error { return nil }

// RegisterDecompressor allows custom decompressors for a specified method
// ID. The common methods Store and Deflate are built in.
func RegisterDecompressor(method uint16, dcomp Decompressor) {
	zMu.Lock()
	defer zMu.Unlock()
	if _, dup := zDecompressors[method]; dup {
		panic("decompressor already registered")
	}
	zDecompressors[method] = dcomp
}

// RegisterCompressor registers custom compressors for a specified method
// ID. The common methods Store and Deflate are built in.
func RegisterCompressor(method uint16, comp Compressor) {
	zMu.Lock()
	defer zMu.Unlock()
	if _, dup := zCompressors[method]; dup {
		panic("compressor already registered")
	}
	zCompressors[method] = comp
}

func zCompressor(method uint16) Compressor {
	zMu.Lock()
	defer zMu.Unlock()
	return zCompressors[method]
}

func zDecompressor(method uint16) Decompressor {
	zMu.Lock()
	defer zMu.Unlock()
	return zDecompressors[method]
}
