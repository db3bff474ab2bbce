package zip

import (
	"bufio"
	"encoding/binary"
	"errors"
	"hash"
	"hash/crc32"
	"io"
	"io/fs"
	"strings"
)

var (
	errLongName  = errors.New("zip: FileHeader.Name too long")
	errLongExtra = errors.New("zip: FileHeader.Extra too long")
)

// Writer implements a zip file writer.
type Writer struct {
	cw          *zCountWriter
	dir         []*zHeader
	last        *zFileWriter
	closed      bool
	compressors map[uint16]Compressor
	comment     string
}

type zHeader struct {
	*FileHeader
	offset uint64
	raw    bool
}

// NewWriter returns a new Writer writing a zip file to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{cw: &zCountWriter{w: bufio.NewWriter(w)}}
}

// SetOffset sets the offset of the beginning of the zip data within the
// underlying writer.
func (w *Writer) SetOffset(n int64) {
	if w.cw.count != 0 {
		panic("zip: SetOffset called after data was written")
	}
	w.cw.count = n
}

// Flush flushes any buffered data to the underlying writer.
func (w *Writer) Flush() error {
	return w.cw.w.(*bufio.Writer).Flush()
}

// SetComment sets the end-of-central-directory comment field.
func (w *Writer) SetComment(comment string) error {
	if len(comment) > zU16max {
		return errors.New("zip: Writer.Comment too long")
	}
	w.comment = comment
	return nil
}

type zPut []byte

func (b *zPut) u8(v uint8) {
	(*b)[0] = v
	*b = (*b)[1:]
}

func (b *zPut) u16(v uint16) {
	binary.LittleEndian.PutUint16(*b, v)
	*b = (*b)[2:]
}

func (b *zPut) u32(v uint32) {
	binary.LittleEndian.PutUint32(*b, v)
	*b = (*b)[4:]
}

func (b *zPut) u64(v uint64) {
	binary.LittleEndian.PutUint64(*b, v)
	*b = (*b)[8:]
}

// Close finishes writing the zip file by writing the central directory.
// It does not close the underlying writer.
func (w *Writer) Close() error {
	if w.last != nil && !w.last.closed {
		if err := w.last.close(); err != nil {
			return err
		}
		w.last = nil
	}
	if w.closed {
		return errors.New("zip: writer closed twice")
	}
	w.closed = true
	start := w.cw.count
	zip64 := false
	for _, h := range w.dir {
		rv := h.ReaderVersion
		if h.CompressedSize64 >= zU32max || h.UncompressedSize64 >= zU32max || h.offset >= zU32max {
			zip64 = true
			rv = max(rv, zVersion45)
			var x []byte
			if h.UncompressedSize64 >= zU32max {
				x = binary.LittleEndian.AppendUint64(x, h.UncompressedSize64)
			}
			if h.CompressedSize64 >= zU32max {
				x = binary.LittleEndian.AppendUint64(x, h.CompressedSize64)
			}
			if h.offset >= zU32max {
				x = binary.LittleEndian.AppendUint64(x, h.offset)
			}
			h.Extra = binary.LittleEndian.AppendUint16(h.Extra, zZip64ExtraID)
			h.Extra = binary.LittleEndian.AppendUint16(h.Extra, uint16(len(x)))
			h.Extra = append(h.Extra, x...)
		}
		var buf [zDirHeaderLen]byte
		b := zPut(buf[:])
		b.u32(zDirHeaderSig)
		b.u16(h.CreatorVersion)
		b.u16(rv)
		b.u16(h.Flags)
		b.u16(h.Method)
		b.u16(h.ModifiedTime)
		b.u16(h.ModifiedDate)
		b.u32(h.CRC32)
		b.u32(uint32(min(h.CompressedSize64, zU32max)))
		b.u32(uint32(min(h.UncompressedSize64, zU32max)))
		b.u16(uint16(len(h.Name)))
		b.u16(uint16(len(h.Extra)))
		b.u16(uint16(len(h.Comment)))
		b = b[4:]
		b.u32(h.ExternalAttrs)
		b.u32(uint32(min(h.offset, zU32max)))
		if _, err := w.cw.Write(buf[:]); err != nil {
			return err
		}
		if _, err := io.WriteString(w.cw, h.Name); err != nil {
			return err
		}
		if _, err := w.cw.Write(h.Extra); err != nil {
			return err
		}
		if _, err := io.WriteString(w.cw, h.Comment); err != nil {
			return err
		}
	}
	end := w.cw.count
	records := uint64(len(w.dir))
	size := uint64(end - start)
	offset := uint64(start)
	if zip64 || records >= zU16max || size >= zU32max || offset >= zU32max {
		var buf [zDir64EndLen + zDir64LocLen]byte
		b := zPut(buf[:])
		b.u32(zDir64EndSig)
		b.u64(zDir64EndLen - 12)
		b.u16(zVersion45)
		b.u16(zVersion45)
		b.u32(0)
		b.u32(0)
		b.u64(records)
		b.u64(records)
		b.u64(size)
		b.u64(offset)
		b.u32(zDir64LocSig)
		b.u32(0)
		b.u64(uint64(end))
		b.u32(1)
		if _, err := w.cw.Write(buf[:]); err != nil {
			return err
		}
	}
	var buf [zDirEndLen]byte
	b := zPut(buf[:])
	b.u32(zDirEndSig)
	b = b[4:]
	b.u16(uint16(min(zU16max, records)))
	b.u16(uint16(min(zU16max, records)))
	b.u32(uint32(min(zU32max, size)))
	b.u32(uint32(min(zU32max, offset)))
	b.u16(uint16(len(w.comment)))
	if _, err := w.cw.Write(buf[:]); err != nil {
		return err
	}
	if _, err := io.WriteString(w.cw, w.comment); err != nil {
		return err
	}
	return w.cw.w.(*bufio.Writer).Flush()
}

// Create adds a file to the zip file using the provided name, compressed
// with Deflate. It returns a Writer to which the file contents should be
// written.
func (w *Writer) Create(name string) (io.Writer, error) {
	return w.CreateHeader(&FileHeader{Name: name, Method: Deflate})
}

func (w *Writer) prepare(fh *FileHeader) error {
	if w.last != nil && !w.last.closed {
		if err := w.last.close(); err != nil {
			return err
		}
	}
	if len(w.dir) > 0 && w.dir[len(w.dir)-1].FileHeader == fh {
		return errors.New("archive/zip: invalid duplicate FileHeader")
	}
	return nil
}

// CreateHeader adds a file to the zip archive using the provided
// FileHeader for the file metadata.
func (w *Writer) CreateHeader(fh *FileHeader) (io.Writer, error) {
	if err := w.prepare(fh); err != nil {
		return nil, err
	}
	v1, req1 := zDetectUTF8(fh.Name)
	v2, req2 := zDetectUTF8(fh.Comment)
	switch {
	case fh.NonUTF8:
		fh.Flags &^= 0x800
	case (req1 || req2) && (v1 && v2):
		fh.Flags |= 0x800
	}
	fh.CreatorVersion = fh.CreatorVersion&0xff00 | zVersion20
	fh.ReaderVersion = zVersion20
	if !fh.Modified.IsZero() {
		fh.ModifiedDate, fh.ModifiedTime = zToDosTime(fh.Modified)
		var m [9]byte
		b := zPut(m[:])
		b.u16(zExtTimeExtraID)
		b.u16(5)
		b.u8(1)
		b.u32(uint32(fh.Modified.Unix()))
		fh.Extra = append(fh.Extra, m[:]...)
	}
	h := &zHeader{FileHeader: fh, offset: uint64(w.cw.count)}
	var ow io.Writer
	var fw *zFileWriter
	if strings.HasSuffix(fh.Name, "/") {
		fh.Method = Store
		fh.Flags &^= 0x8
		fh.CompressedSize, fh.CompressedSize64 = 0, 0
		fh.UncompressedSize, fh.UncompressedSize64 = 0, 0
		ow = zDirWriter{}
	} else {
		fh.Flags |= 0x8
		fw = &zFileWriter{zipw: w.cw, compCount: &zCountWriter{w: w.cw}, crc32: crc32.NewIEEE()}
		comp := w.compressor(fh.Method)
		if comp == nil {
			return nil, ErrAlgorithm
		}
		var err error
		if fw.comp, err = comp(fw.compCount); err != nil {
			return nil, err
		}
		fw.rawCount = &zCountWriter{w: fw.comp}
		fw.header = h
		ow = fw
	}
	w.dir = append(w.dir, h)
	if err := zWriteHeader(w.cw, h); err != nil {
		return nil, err
	}
	w.last = fw
	return ow, nil
}

func zWriteHeader(w io.Writer, h *zHeader) error {
	if len(h.Name) > zU16max {
		return errLongName
	}
	if len(h.Extra) > zU16max {
		return errLongExtra
	}
	var z64 []byte
	rv := h.ReaderVersion
	noDesc := h.raw && !h.hasDataDescriptor()
	if noDesc && (h.CompressedSize64 > zU32max || h.UncompressedSize64 > zU32max) {
		rv = max(rv, zVersion45)
		z64 = make([]byte, 20)
		b := zPut(z64)
		b.u16(zZip64ExtraID)
		b.u16(16)
		b.u64(h.UncompressedSize64)
		b.u64(h.CompressedSize64)
	}
	var buf [zFileHeaderLen]byte
	b := zPut(buf[:])
	b.u32(zFileHeaderSig)
	b.u16(rv)
	b.u16(h.Flags)
	b.u16(h.Method)
	b.u16(h.ModifiedTime)
	b.u16(h.ModifiedDate)
	if noDesc {
		b.u32(h.CRC32)
		if z64 != nil {
			b.u32(zU32max)
			b.u32(zU32max)
		} else {
			b.u32(uint32(h.CompressedSize64))
			b.u32(uint32(h.UncompressedSize64))
		}
	} else {
		b.u32(0)
		b.u32(0)
		b.u32(0)
	}
	b.u16(uint16(len(h.Name)))
	b.u16(uint16(len(h.Extra) + len(z64)))
	if _, err := w.Write(buf[:]); err != nil {
		return err
	}
	if _, err := io.WriteString(w, h.Name); err != nil {
		return err
	}
	if _, err := w.Write(h.Extra); err != nil {
		return err
	}
	_, err := w.Write(z64)
	return err
}

// CreateRaw adds a file to the zip archive using the provided FileHeader
// and returns a Writer to which the file contents should be written; the
// contents are written as is (already compressed).
func (w *Writer) CreateRaw(fh *FileHeader) (io.Writer, error) {
	if err := w.prepare(fh); err != nil {
		return nil, err
	}
	fh.CompressedSize = uint32(min(fh.CompressedSize64, zU32max))
	fh.UncompressedSize = uint32(min(fh.UncompressedSize64, zU32max))
	h := &zHeader{FileHeader: fh, offset: uint64(w.cw.count), raw: true}
	w.dir = append(w.dir, h)
	if err := zWriteHeader(w.cw, h); err != nil {
		return nil, err
	}
	if strings.HasSuffix(fh.Name, "/") {
		w.last = nil
		return zDirWriter{}, nil
	}
	fw := &zFileWriter{header: h, zipw: w.cw}
	w.last = fw
	return fw, nil
}

// Copy copies the file f (obtained from a Reader) into w, without
// decompressing and recompressing it.
func (w *Writer) Copy(f *File) error {
	r, err := f.OpenRaw()
	if err != nil {
		return err
	}
	fh := f.FileHeader
	fw, err := w.CreateRaw(&fh)
	if err != nil {
		return err
	}
	_, err = io.Copy(fw, r)
	return err
}

// RegisterCompressor registers or overrides a custom compressor for a
// specific method ID.
func (w *Writer) RegisterCompressor(method uint16, comp Compressor) {
	if w.compressors == nil {
		w.compressors = make(map[uint16]Compressor)
	}
	w.compressors[method] = comp
}

// AddFS adds the files from fs.FS to the archive, walking the directory
// tree starting at the root of the filesystem.
func (w *Writer) AddFS(fsys fs.FS) error {
	return fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if name == "." {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if !d.IsDir() && !info.Mode().IsRegular() {
			return errors.New("zip: cannot add non-regular file")
		}
		h, err := FileInfoHeader(info)
		if err != nil {
			return err
		}
		h.Name = name
		if d.IsDir() {
			h.Name += "/"
		}
		h.Method = Deflate
		fw, err := w.CreateHeader(h)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		f, err := fsys.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = io.Copy(fw, f)
		return err
	})
}

func (w *Writer) compressor(method uint16) Compressor {
	if c := w.compressors[method]; c != nil {
		return c
	}
	return zCompressor(method)
}

type zDirWriter struct{}

func (zDirWriter) Write(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	return 0, errors.New("zip: write to directory")
}

type zFileWriter struct {
	header    *zHeader
	zipw      io.Writer
	rawCount  *zCountWriter
	comp      io.WriteCloser
	compCount *zCountWriter
	crc32     hash.Hash32
	closed    bool
}

func (w *zFileWriter) Write(p []byte) (int, error) {
	if w.closed {
		return 0, errors.New("zip: write to closed file")
	}
	if w.header.raw {
		return w.zipw.Write(p)
	}
	w.crc32.Write(p)
	return w.rawCount.Write(p)
}

func (w *zFileWriter) close() error {
	if w.closed {
		return errors.New("zip: file closed twice")
	}
	w.closed = true
	if w.header.raw {
		return w.writeDescriptor()
	}
	if err := w.comp.Close(); err != nil {
		return err
	}
	fh := w.header.FileHeader
	fh.CRC32 = w.crc32.Sum32()
	fh.CompressedSize64 = uint64(w.compCount.count)
	fh.UncompressedSize64 = uint64(w.rawCount.count)
	if fh.CompressedSize64 > zU32max || fh.UncompressedSize64 > zU32max {
		fh.CompressedSize = zU32max
		fh.UncompressedSize = zU32max
		fh.ReaderVersion = zVersion45
	} else {
		fh.CompressedSize = uint32(fh.CompressedSize64)
		fh.UncompressedSize = uint32(fh.UncompressedSize64)
	}
	return w.writeDescriptor()
}

func (w *zFileWriter) writeDescriptor() error {
	fh := w.header.FileHeader
	if !fh.hasDataDescriptor() {
		return nil
	}
	big := fh.CompressedSize64 > zU32max || fh.UncompressedSize64 > zU32max
	var b []byte
	b = binary.LittleEndian.AppendUint32(b, zDescriptorSig)
	b = binary.LittleEndian.AppendUint32(b, fh.CRC32)
	if big {
		b = binary.LittleEndian.AppendUint64(b, fh.CompressedSize64)
		b = binary.LittleEndian.AppendUint64(b, fh.UncompressedSize64)
	} else {
		b = binary.LittleEndian.AppendUint32(b, fh.CompressedSize)
		b = binary.LittleEndian.AppendUint32(b, fh.UncompressedSize)
	}
	_, err := w.zipw.Write(b)
	return err
}

type zCountWriter struct {
	w     io.Writer
	count int64
}

func (w *zCountWriter) Write(p []byte) (int, error) {
	n, err := w.w.Write(p)
	w.count += int64(n)
	return n, err
}
