package tar

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"time"
)

// Writer provides sequential writing of a tar archive.
type Writer struct {
	w    io.Writer
	pad  int64
	left int64 // bytes of the current entry still to write
	hdr  Header
	blk  [tBlockSize]byte
	err  error
}

// NewWriter creates a new Writer writing to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: w}
}

var tZeroBlock [tBlockSize]byte

// Flush finishes writing the current file's block padding.
func (tw *Writer) Flush() error {
	if tw.err != nil {
		return tw.err
	}
	if tw.left > 0 {
		return fmt.Errorf("archive/tar: missed writing %d bytes", tw.left)
	}
	if _, tw.err = tw.w.Write(tZeroBlock[:tw.pad]); tw.err != nil {
		return tw.err
	}
	tw.pad = 0
	return nil
}

// WriteHeader writes hdr and prepares to accept the file's contents.
func (tw *Writer) WriteHeader(hdr *Header) error {
	if err := tw.Flush(); err != nil {
		return err
	}
	tw.hdr = *hdr
	if tw.hdr.Typeflag == TypeRegA {
		if strings.HasSuffix(tw.hdr.Name, "/") {
			tw.hdr.Typeflag = TypeDir
		} else {
			tw.hdr.Typeflag = TypeReg
		}
	}
	if tw.hdr.Format == FormatUnknown {
		tw.hdr.ModTime = tw.hdr.ModTime.Round(time.Second)
		tw.hdr.AccessTime = time.Time{}
		tw.hdr.ChangeTime = time.Time{}
	}
	allowed, paxHdrs, err := tw.hdr.allowedFormats()
	switch {
	case allowed.has(FormatUSTAR):
		tw.err = tw.writeUSTAR(&tw.hdr)
		return tw.err
	case allowed.has(FormatPAX):
		tw.err = tw.writePAX(&tw.hdr, paxHdrs)
		return tw.err
	case allowed.has(FormatGNU):
		tw.err = tw.writeGNU(&tw.hdr)
		return tw.err
	}
	return err
}

func (tw *Writer) writeUSTAR(hdr *Header) error {
	var prefix string
	if p, s, ok := tSplitUSTARPath(hdr.Name); ok {
		prefix, hdr.Name = p, s
	}
	var f tFormatter
	tw.template(hdr, f.str, f.octal)
	f.str(tField(tw.blk[:], tOffPrefix, 155), prefix)
	tw.setFormat(FormatUSTAR)
	if f.err != nil {
		return f.err
	}
	return tw.writeRawHeader(hdr.Size, hdr.Typeflag)
}

func (tw *Writer) writePAX(hdr *Header, paxHdrs map[string]string) error {
	realName := hdr.Name
	global := hdr.Typeflag == TypeXGlobalHeader
	if len(paxHdrs) > 0 || global {
		var buf strings.Builder
		for _, k := range slices.Sorted(maps.Keys(paxHdrs)) {
			rec, err := tFormatPAXRecord(k, paxHdrs[k])
			if err != nil {
				return err
			}
			buf.WriteString(rec)
		}
		var name string
		var flag byte
		if global {
			name = realName
			if name == "" {
				name = "GlobalHead.0.0"
			}
			flag = TypeXGlobalHeader
		} else {
			dir, file := path.Split(realName)
			name = path.Join(dir, "PaxHeaders.0", file)
			flag = TypeXHeader
		}
		data := buf.String()
		if len(data) > tMaxSpecial {
			return ErrFieldTooLong
		}
		if err := tw.writeRawFile(name, data, flag, FormatPAX); err != nil || global {
			return err
		}
	}
	var f tFormatter
	str := func(b []byte, s string) { f.str(b, tToASCII(s)) }
	tw.template(hdr, str, f.octal)
	tw.setFormat(FormatPAX)
	return tw.writeRawHeader(hdr.Size, hdr.Typeflag)
}

func (tw *Writer) writeGNU(hdr *Header) error {
	const longName = "././@LongLink"
	if len(hdr.Name) > tNameSize {
		if err := tw.writeRawFile(longName, hdr.Name+"\x00", TypeGNULongName, FormatGNU); err != nil {
			return err
		}
	}
	if len(hdr.Linkname) > tNameSize {
		if err := tw.writeRawFile(longName, hdr.Linkname+"\x00", TypeGNULongLink, FormatGNU); err != nil {
			return err
		}
	}
	var f tFormatter
	tw.template(hdr, f.str, f.numeric)
	if !hdr.AccessTime.IsZero() {
		f.numeric(tField(tw.blk[:], tOffAtime, 12), hdr.AccessTime.Unix())
	}
	if !hdr.ChangeTime.IsZero() {
		f.numeric(tField(tw.blk[:], tOffCtime, 12), hdr.ChangeTime.Unix())
	}
	tw.setFormat(FormatGNU)
	return tw.writeRawHeader(hdr.Size, hdr.Typeflag)
}

func (tw *Writer) template(hdr *Header, str func([]byte, string), num func([]byte, int64)) {
	tw.blk = tZeroBlock
	b := tw.blk[:]
	mt := hdr.ModTime
	if mt.IsZero() {
		mt = time.Unix(0, 0)
	}
	b[tOffType] = hdr.Typeflag
	str(tField(b, tOffName, 100), hdr.Name)
	str(tField(b, tOffLink, 100), hdr.Linkname)
	num(tField(b, tOffMode, 8), hdr.Mode)
	num(tField(b, tOffUid, 8), int64(hdr.Uid))
	num(tField(b, tOffGid, 8), int64(hdr.Gid))
	num(tField(b, tOffSize, 12), hdr.Size)
	num(tField(b, tOffMtime, 12), mt.Unix())
	str(tField(b, tOffUname, 32), hdr.Uname)
	str(tField(b, tOffGname, 32), hdr.Gname)
	num(tField(b, tOffDevMajor, 8), hdr.Devmajor)
	num(tField(b, tOffDevMinor, 8), hdr.Devminor)
}

// setFormat writes the magic of format and the checksum.
func (tw *Writer) setFormat(format Format) {
	b := tw.blk[:]
	switch {
	case format.has(tFormatV7):
	case format.has(FormatGNU):
		copy(tField(b, tOffMagic, 6), "ustar ")
		copy(tField(b, tOffVersion, 2), " \x00")
	default:
		copy(tField(b, tOffMagic, 6), "ustar\x00")
		copy(tField(b, tOffVersion, 2), "00")
	}
	sum, _ := tChecksums(b)
	var f tFormatter
	f.octal(tField(b, tOffChksum, 7), sum)
	b[tOffChksum+7] = ' '
}

func (tw *Writer) writeRawFile(name, data string, flag byte, format Format) error {
	tw.blk = tZeroBlock
	b := tw.blk[:]
	name = tToASCII(name)
	if len(name) > tNameSize {
		name = name[:tNameSize]
	}
	name = strings.TrimRight(name, "/")
	var f tFormatter
	b[tOffType] = flag
	f.str(tField(b, tOffName, 100), name)
	f.octal(tField(b, tOffMode, 8), 0)
	f.octal(tField(b, tOffUid, 8), 0)
	f.octal(tField(b, tOffGid, 8), 0)
	f.octal(tField(b, tOffSize, 12), int64(len(data)))
	f.octal(tField(b, tOffMtime, 12), 0)
	tw.setFormat(format)
	if f.err != nil {
		return f.err
	}
	if err := tw.writeRawHeader(int64(len(data)), flag); err != nil {
		return err
	}
	_, err := io.WriteString(tw, data)
	return err
}

func (tw *Writer) writeRawHeader(size int64, flag byte) error {
	if err := tw.Flush(); err != nil {
		return err
	}
	if _, err := tw.w.Write(tw.blk[:]); err != nil {
		return err
	}
	if tIsHeaderOnly(flag) {
		size = 0
	}
	tw.left = size
	tw.pad = tPadding(size)
	return nil
}

// AddFS adds the files from fs.FS to the archive, walking the directory
// tree starting at the root of the filesystem.
func (tw *Writer) AddFS(fsys fs.FS) error {
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
		link := ""
		if typ := d.Type(); typ == fs.ModeSymlink {
			if link, err = tReadLink(fsys, name); err != nil {
				return err
			}
		} else if !typ.IsRegular() && typ != fs.ModeDir {
			return errors.New("tar: cannot add non-regular file")
		}
		h, err := FileInfoHeader(info, link)
		if err != nil {
			return err
		}
		h.Name = name
		if d.IsDir() {
			h.Name += "/"
		}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		f, err := fsys.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = io.Copy(tw, f)
		return err
	})
}

// Write writes to the current file in the tar archive. Write returns
// ErrWriteTooLong if more than Header.Size bytes are written after
// WriteHeader.
func (tw *Writer) Write(b []byte) (int, error) {
	if tw.err != nil {
		return 0, tw.err
	}
	over := int64(len(b)) > tw.left
	if over {
		b = b[:tw.left]
	}
	var n int
	var err error
	if len(b) > 0 {
		n, err = tw.w.Write(b)
		tw.left -= int64(n)
	}
	switch {
	case err != nil:
		tw.err = err
		return n, err
	case over:
		return n, ErrWriteTooLong
	}
	return n, nil
}

// Close closes the tar archive by flushing the padding, and writing the
// footer. If the current file (from a prior call to WriteHeader) is not
// fully written, then this returns an error.
func (tw *Writer) Close() error {
	if tw.err == ErrWriteAfterClose {
		return nil
	}
	if tw.err != nil {
		return tw.err
	}
	err := tw.Flush()
	for i := 0; i < 2 && err == nil; i++ {
		_, err = tw.w.Write(tZeroBlock[:])
	}
	tw.err = ErrWriteAfterClose
	return err
}

// tReadLink is fs.ReadLink: the target of a symbolic link of fsys.
func tReadLink(fsys fs.FS, name string) (string, error) {
	if l, ok := fsys.(interface {
		ReadLink(name string) (string, error)
	}); ok {
		return l.ReadLink(name)
	}
	return "", &fs.PathError{Op: "readlink", Path: name, Err: fs.ErrInvalid}
}
