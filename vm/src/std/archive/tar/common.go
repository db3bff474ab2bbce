// Package tar (archive/tar) as minigo provides it, in Go: reading and
// writing tar archives in the USTAR, PAX and GNU formats (not sparse
// files).
package tar

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"strconv"
	"strings"
	"time"
)

var (
	ErrHeader          = errors.New("archive/tar: invalid tar header")
	ErrWriteTooLong    = errors.New("archive/tar: write too long")
	ErrFieldTooLong    = errors.New("archive/tar: header field too long")
	ErrWriteAfterClose = errors.New("archive/tar: write after close")
	ErrInsecurePath    = errors.New("archive/tar: insecure file path")
)

type tHeaderError []string

func (he tHeaderError) Error() string {
	const prefix = "archive/tar: cannot encode header"
	var ss []string
	for _, s := range he {
		if s != "" {
			ss = append(ss, s)
		}
	}
	if len(ss) == 0 {
		return prefix
	}
	return fmt.Sprintf("%s: %v", prefix, strings.Join(ss, "; and "))
}

// Type flags for Header.Typeflag.
const (
	TypeReg           = '0'
	TypeRegA          = '\x00' // Deprecated: Use TypeReg instead.
	TypeLink          = '1'
	TypeSymlink       = '2'
	TypeChar          = '3'
	TypeBlock         = '4'
	TypeDir           = '5'
	TypeFifo          = '6'
	TypeCont          = '7'
	TypeXHeader       = 'x'
	TypeXGlobalHeader = 'g'
	TypeGNUSparse     = 'S'
	TypeGNULongName   = 'L'
	TypeGNULongLink   = 'K'
)

const (
	tPaxPath     = "path"
	tPaxLinkpath = "linkpath"
	tPaxSize     = "size"
	tPaxUid      = "uid"
	tPaxGid      = "gid"
	tPaxUname    = "uname"
	tPaxGname    = "gname"
	tPaxMtime    = "mtime"
	tPaxAtime    = "atime"
	tPaxCtime    = "ctime"
	tPaxXattr    = "SCHILY.xattr."
	tPaxSparse   = "GNU.sparse."
)

var tBasicKeys = map[string]bool{
	tPaxPath: true, tPaxLinkpath: true, tPaxSize: true, tPaxUid: true, tPaxGid: true,
	tPaxUname: true, tPaxGname: true, tPaxMtime: true, tPaxAtime: true, tPaxCtime: true,
}

// A Header represents a single header in a tar archive.
type Header struct {
	Typeflag   byte
	Name       string
	Linkname   string
	Size       int64
	Mode       int64
	Uid        int
	Gid        int
	Uname      string
	Gname      string
	ModTime    time.Time
	AccessTime time.Time
	ChangeTime time.Time
	Devmajor   int64
	Devminor   int64
	Xattrs     map[string]string // Deprecated: Use PAXRecords instead.
	PAXRecords map[string]string
	Format     Format
}

// Format represents the tar archive format.
type Format int

const (
	FormatUnknown Format = 0
	tFormatV7     Format = 1
	FormatUSTAR   Format = 2
	FormatPAX     Format = 4
	FormatGNU     Format = 8
	tFormatSTAR   Format = 16
	tFormatMax    Format = 32
)

func (f Format) has(f2 Format) bool   { return f&f2 != 0 }
func (f *Format) mayBe(f2 Format)     { *f |= f2 }
func (f *Format) mayOnlyBe(f2 Format) { *f &= f2 }
func (f *Format) mustNotBe(f2 Format) { *f &^= f2 }

var tFormatNames = map[Format]string{
	tFormatV7: "V7", FormatUSTAR: "USTAR", FormatPAX: "PAX", FormatGNU: "GNU", tFormatSTAR: "STAR",
}

func (f Format) String() string {
	var ss []string
	for f2 := Format(1); f2 < tFormatMax; f2 <<= 1 {
		if f.has(f2) {
			ss = append(ss, tFormatNames[f2])
		}
	}
	switch len(ss) {
	case 0:
		return "<unknown>"
	case 1:
		return ss[0]
	}
	return "(" + strings.Join(ss, " | ") + ")"
}

const (
	tBlockSize  = 512
	tNameSize   = 100
	tPrefixSize = 155
	tMaxSpecial = 1 << 20
)

func tPadding(off int64) int64 { return -off & (tBlockSize - 1) }

// Field offsets in a header block.
const (
	tOffName     = 0
	tOffMode     = 100
	tOffUid      = 108
	tOffGid      = 116
	tOffSize     = 124
	tOffMtime    = 136
	tOffChksum   = 148
	tOffType     = 156
	tOffLink     = 157
	tOffMagic    = 257
	tOffVersion  = 263
	tOffUname    = 265
	tOffGname    = 297
	tOffDevMajor = 329
	tOffDevMinor = 337
	tOffPrefix   = 345
	tOffAtime    = 345 // GNU
	tOffCtime    = 357 // GNU
	tOffTrailer  = 508 // STAR
)

func tField(b []byte, off, n int) []byte { return b[off : off+n] }

func tIsHeaderOnly(flag byte) bool {
	switch flag {
	case TypeLink, TypeSymlink, TypeChar, TypeBlock, TypeDir, TypeFifo:
		return true
	}
	return false
}

func tHasNUL(s string) bool { return strings.IndexByte(s, 0) >= 0 }

func tIsASCII(s string) bool {
	for _, c := range s {
		if c >= 0x80 || c == 0x00 {
			return false
		}
	}
	return true
}

func tToASCII(s string) string {
	if tIsASCII(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	for _, c := range s {
		if c < 0x80 && c != 0x00 {
			b = append(b, byte(c))
		}
	}
	return string(b)
}

func tParseString(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return string(b[:i])
	}
	return string(b)
}

func tFitsInBase256(n int, x int64) bool {
	bits := uint(n-1) * 8
	return n >= 9 || (x >= -1<<bits && x < 1<<bits)
}

func tFitsInOctal(n int, x int64) bool {
	bits := uint(n-1) * 3
	return x >= 0 && (n >= 22 || x < 1<<bits)
}

type tFormatter struct{ err error }

func (f *tFormatter) str(b []byte, s string) {
	if len(s) > len(b) {
		f.err = ErrFieldTooLong
	}
	copy(b, s)
	if len(s) < len(b) {
		b[len(s)] = 0
	}
	if len(s) > len(b) && b[len(b)-1] == '/' {
		n := len(strings.TrimRight(s[:len(b)-1], "/"))
		b[n] = 0
	}
}

func (f *tFormatter) octal(b []byte, x int64) {
	if !tFitsInOctal(len(b), x) {
		x = 0
		f.err = ErrFieldTooLong
	}
	s := strconv.FormatInt(x, 8)
	if n := len(b) - len(s) - 1; n > 0 {
		s = strings.Repeat("0", n) + s
	}
	f.str(b, s)
}

func (f *tFormatter) numeric(b []byte, x int64) {
	if tFitsInOctal(len(b), x) {
		f.octal(b, x)
		return
	}
	if tFitsInBase256(len(b), x) {
		for i := len(b) - 1; i >= 0; i-- {
			b[i] = byte(x)
			x >>= 8
		}
		b[0] |= 0x80
		return
	}
	f.octal(b, 0)
	f.err = ErrFieldTooLong
}

type tParser struct{ err error }

func (p *tParser) octal(b []byte) int64 {
	b = bytes.Trim(b, " \x00")
	if len(b) == 0 {
		return 0
	}
	x, err := strconv.ParseUint(tParseString(b), 8, 64)
	if err != nil {
		p.err = ErrHeader
	}
	return int64(x)
}

func (p *tParser) numeric(b []byte) int64 {
	if len(b) > 0 && b[0]&0x80 != 0 {
		// Base-256, two's complement.
		var inv byte
		if b[0]&0x40 != 0 {
			inv = 0xff
		}
		var x uint64
		for i, c := range b {
			c ^= inv
			if i == 0 {
				c &= 0x7f
			}
			if x>>56 > 0 {
				p.err = ErrHeader
				return 0
			}
			x = x<<8 | uint64(c)
		}
		if x>>63 > 0 {
			p.err = ErrHeader
			return 0
		}
		if inv == 0xff {
			return ^int64(x)
		}
		return int64(x)
	}
	return p.octal(b)
}

func tParsePAXTime(s string) (time.Time, error) {
	ss, sn, _ := strings.Cut(s, ".")
	secs, err := strconv.ParseInt(ss, 10, 64)
	if err != nil {
		return time.Time{}, ErrHeader
	}
	if len(sn) == 0 {
		return time.Unix(secs, 0), nil
	}
	if strings.Trim(sn, "0123456789") != "" {
		return time.Time{}, ErrHeader
	}
	if len(sn) < 9 {
		sn += strings.Repeat("0", 9-len(sn))
	} else {
		sn = sn[:9]
	}
	nsecs, _ := strconv.ParseInt(sn, 10, 64)
	if len(ss) > 0 && ss[0] == '-' {
		return time.Unix(secs, -nsecs), nil
	}
	return time.Unix(secs, nsecs), nil
}

func tFormatPAXTime(ts time.Time) string {
	secs, nsecs := ts.Unix(), ts.Nanosecond()
	if nsecs == 0 {
		return strconv.FormatInt(secs, 10)
	}
	sign := ""
	if secs < 0 {
		sign = "-"
		secs = -(secs + 1)
		nsecs = -(nsecs - 1e9)
	}
	return strings.TrimRight(fmt.Sprintf("%s%d.%09d", sign, secs, nsecs), "0")
}

func tParsePAXRecord(s string) (k, v, r string, err error) {
	nStr, rest, ok := strings.Cut(s, " ")
	if !ok {
		return "", "", s, ErrHeader
	}
	n, perr := strconv.ParseInt(nStr, 10, 0)
	if perr != nil || n < 5 || n > int64(len(s)) {
		return "", "", s, ErrHeader
	}
	n -= int64(len(nStr) + 1)
	if n <= 0 {
		return "", "", s, ErrHeader
	}
	rec, nl, rem := rest[:n-1], rest[n-1:n], rest[n:]
	if nl != "\n" {
		return "", "", s, ErrHeader
	}
	k, v, ok = strings.Cut(rec, "=")
	if !ok {
		return "", "", s, ErrHeader
	}
	if !tValidPAXRecord(k, v) {
		return "", "", s, ErrHeader
	}
	return k, v, rem, nil
}

func tFormatPAXRecord(k, v string) (string, error) {
	if !tValidPAXRecord(k, v) {
		return "", ErrHeader
	}
	const padding = 3 // Extra padding for ' ', '=', and '\n'
	size := len(k) + len(v) + padding
	size += len(strconv.Itoa(size))
	rec := strconv.Itoa(size) + " " + k + "=" + v + "\n"
	if len(rec) != size {
		size = len(rec)
		rec = strconv.Itoa(size) + " " + k + "=" + v + "\n"
	}
	return rec, nil
}

func tValidPAXRecord(k, v string) bool {
	if k == "" || strings.Contains(k, "=") {
		return false
	}
	switch k {
	case tPaxPath, tPaxLinkpath, tPaxUname, tPaxGname:
		return !tHasNUL(v)
	}
	return !tHasNUL(k)
}

// allowedFormats reports the formats that can encode h, the PAX records
// it needs, and why none can if none can.
func (h Header) allowedFormats() (format Format, paxHdrs map[string]string, err error) {
	format = FormatUSTAR | FormatPAX | FormatGNU
	paxHdrs = make(map[string]string)
	var whyNoUSTAR, whyNoPAX, whyNoGNU string
	var preferPAX bool
	verifyString := func(s string, size int, name, paxKey string) {
		tooLong := len(s) > size
		allowLongGNU := paxKey == tPaxPath || paxKey == tPaxLinkpath
		if tHasNUL(s) || (tooLong && !allowLongGNU) {
			whyNoGNU = fmt.Sprintf("GNU cannot encode %s=%q", name, s)
			format.mustNotBe(FormatGNU)
		}
		if !tIsASCII(s) || tooLong {
			canSplitUSTAR := paxKey == tPaxPath
			if _, _, ok := tSplitUSTARPath(s); !canSplitUSTAR || !ok {
				whyNoUSTAR = fmt.Sprintf("USTAR cannot encode %s=%q", name, s)
				format.mustNotBe(FormatUSTAR)
			}
			if paxKey == "" {
				whyNoPAX = fmt.Sprintf("PAX cannot encode %s=%q", name, s)
				format.mustNotBe(FormatPAX)
			} else {
				paxHdrs[paxKey] = s
			}
		}
		if v, ok := h.PAXRecords[paxKey]; ok && v == s {
			paxHdrs[paxKey] = v
		}
	}
	verifyNumeric := func(n int64, size int, name, paxKey string) {
		if !tFitsInBase256(size, n) {
			whyNoGNU = fmt.Sprintf("GNU cannot encode %s=%d", name, n)
			format.mustNotBe(FormatGNU)
		}
		if !tFitsInOctal(size, n) {
			whyNoUSTAR = fmt.Sprintf("USTAR cannot encode %s=%d", name, n)
			format.mustNotBe(FormatUSTAR)
			if paxKey == "" {
				whyNoPAX = fmt.Sprintf("PAX cannot encode %s=%d", name, n)
				format.mustNotBe(FormatPAX)
			} else {
				paxHdrs[paxKey] = strconv.FormatInt(n, 10)
			}
		}
		if v, ok := h.PAXRecords[paxKey]; ok && v == strconv.FormatInt(n, 10) {
			paxHdrs[paxKey] = v
		}
	}
	verifyTime := func(ts time.Time, size int, name, paxKey string) {
		if ts.IsZero() {
			return
		}
		if !tFitsInBase256(size, ts.Unix()) {
			whyNoGNU = fmt.Sprintf("GNU cannot encode %s=%v", name, ts)
			format.mustNotBe(FormatGNU)
		}
		isMtime := paxKey == tPaxMtime
		fitsOctal := tFitsInOctal(size, ts.Unix())
		if (isMtime && !fitsOctal) || !isMtime {
			whyNoUSTAR = fmt.Sprintf("USTAR cannot encode %s=%v", name, ts)
			format.mustNotBe(FormatUSTAR)
		}
		needsNano := ts.Nanosecond() != 0
		if !isMtime || !fitsOctal || needsNano {
			preferPAX = true
			if paxKey == "" {
				whyNoPAX = fmt.Sprintf("PAX cannot encode %s=%v", name, ts)
				format.mustNotBe(FormatPAX)
			} else {
				paxHdrs[paxKey] = tFormatPAXTime(ts)
			}
		}
		if v, ok := h.PAXRecords[paxKey]; ok && v == tFormatPAXTime(ts) {
			paxHdrs[paxKey] = v
		}
	}
	verifyString(h.Name, 100, "Name", tPaxPath)
	verifyString(h.Linkname, 100, "Linkname", tPaxLinkpath)
	verifyString(h.Uname, 32, "Uname", tPaxUname)
	verifyString(h.Gname, 32, "Gname", tPaxGname)
	verifyNumeric(h.Mode, 8, "Mode", "")
	verifyNumeric(int64(h.Uid), 8, "Uid", tPaxUid)
	verifyNumeric(int64(h.Gid), 8, "Gid", tPaxGid)
	verifyNumeric(h.Size, 12, "Size", tPaxSize)
	verifyNumeric(h.Devmajor, 8, "Devmajor", "")
	verifyNumeric(h.Devminor, 8, "Devminor", "")
	verifyTime(h.ModTime, 12, "ModTime", tPaxMtime)
	verifyTime(h.AccessTime, 12, "AccessTime", tPaxAtime)
	verifyTime(h.ChangeTime, 12, "ChangeTime", tPaxCtime)

	var whyOnlyPAX, whyOnlyGNU string
	switch h.Typeflag {
	case TypeReg, TypeChar, TypeBlock, TypeFifo, TypeGNUSparse:
		if strings.HasSuffix(h.Name, "/") {
			return FormatUnknown, nil, tHeaderError{"filename may not have trailing slash"}
		}
	case TypeXHeader, TypeGNULongName, TypeGNULongLink:
		return FormatUnknown, nil, tHeaderError{"cannot manually encode TypeXHeader, TypeGNULongName, or TypeGNULongLink headers"}
	case TypeXGlobalHeader:
		only := h.Linkname == "" && h.Size == 0 && h.Mode == 0 && h.Uid == 0 && h.Gid == 0 &&
			h.Uname == "" && h.Gname == "" && h.ModTime.IsZero() && h.AccessTime.IsZero() &&
			h.ChangeTime.IsZero() && h.Devmajor == 0 && h.Devminor == 0
		if !only {
			return FormatUnknown, nil, tHeaderError{"only PAXRecords should be set for TypeXGlobalHeader"}
		}
		whyOnlyPAX = "only PAX supports TypeXGlobalHeader"
		format.mayOnlyBe(FormatPAX)
	}
	if !tIsHeaderOnly(h.Typeflag) && h.Size < 0 {
		return FormatUnknown, nil, tHeaderError{"negative size on header-only type"}
	}
	if len(h.Xattrs) > 0 {
		for k, v := range h.Xattrs {
			paxHdrs[tPaxXattr+k] = v
		}
		whyOnlyPAX = "only PAX supports Xattrs"
		format.mayOnlyBe(FormatPAX)
	}
	if len(h.PAXRecords) > 0 {
		for k, v := range h.PAXRecords {
			_, exists := paxHdrs[k]
			switch {
			case exists:
			case h.Typeflag == TypeXGlobalHeader:
				paxHdrs[k] = v
			case !tBasicKeys[k] && !strings.HasPrefix(k, tPaxSparse):
				paxHdrs[k] = v
			}
		}
		whyOnlyPAX = "only PAX supports PAXRecords"
		format.mayOnlyBe(FormatPAX)
	}
	for k, v := range paxHdrs {
		if !tValidPAXRecord(k, v) {
			return FormatUnknown, nil, tHeaderError{fmt.Sprintf("invalid PAX record: %q", k+" = "+v)}
		}
	}
	if want := h.Format; want != FormatUnknown {
		if want.has(FormatPAX) && !preferPAX {
			want.mayBe(FormatUSTAR)
		}
		format.mayOnlyBe(want)
	}
	if format == FormatUnknown {
		switch h.Format {
		case FormatUSTAR:
			err = tHeaderError{"Format specifies USTAR", whyNoUSTAR, whyOnlyPAX, whyOnlyGNU}
		case FormatPAX:
			err = tHeaderError{"Format specifies PAX", whyNoPAX, whyOnlyGNU}
		case FormatGNU:
			err = tHeaderError{"Format specifies GNU", whyNoGNU, whyOnlyPAX}
		default:
			err = tHeaderError{whyNoUSTAR, whyNoPAX, whyNoGNU, whyOnlyPAX, whyOnlyGNU}
		}
	}
	return format, paxHdrs, err
}

// tSplitUSTARPath splits a path into a USTAR prefix and name.
func tSplitUSTARPath(name string) (prefix, suffix string, ok bool) {
	length := len(name)
	if length <= tNameSize || !tIsASCII(name) {
		return "", "", false
	} else if length > tPrefixSize+1 {
		length = tPrefixSize + 1
	} else if name[length-1] == '/' {
		length--
	}
	i := strings.LastIndex(name[:length], "/")
	nlen := len(name) - i - 1
	plen := i
	if i <= 0 || nlen > tNameSize || nlen == 0 || plen > tPrefixSize {
		return "", "", false
	}
	return name[:i], name[i+1:], true
}

// FileInfo returns an fs.FileInfo for the Header.
func (h *Header) FileInfo() fs.FileInfo {
	return headerFileInfo{h}
}

type headerFileInfo struct {
	h *Header
}

func (fi headerFileInfo) Size() int64        { return fi.h.Size }
func (fi headerFileInfo) IsDir() bool        { return fi.Mode().IsDir() }
func (fi headerFileInfo) ModTime() time.Time { return fi.h.ModTime }
func (fi headerFileInfo) Sys() any           { return fi.h }
func (fi headerFileInfo) Name() string {
	if fi.IsDir() {
		return path.Base(path.Clean(fi.h.Name))
	}
	return path.Base(fi.h.Name)
}
func (fi headerFileInfo) String() string { return fs.FormatFileInfo(fi) }

const (
	tISUID  = 04000
	tISGID  = 02000
	tISVTX  = 01000
	tISDIR  = 040000
	tISFIFO = 010000
	tISREG  = 0100000
	tISLNK  = 0120000
	tISBLK  = 060000
	tISCHR  = 020000
	tISSOCK = 0140000
)

func (fi headerFileInfo) Mode() (mode fs.FileMode) {
	mode = fs.FileMode(fi.h.Mode).Perm()
	if fi.h.Mode&tISUID != 0 {
		mode |= fs.ModeSetuid
	}
	if fi.h.Mode&tISGID != 0 {
		mode |= fs.ModeSetgid
	}
	if fi.h.Mode&tISVTX != 0 {
		mode |= fs.ModeSticky
	}
	switch fi.h.Mode &^ 07777 {
	case tISDIR:
		mode |= fs.ModeDir
	case tISFIFO:
		mode |= fs.ModeNamedPipe
	case tISLNK:
		mode |= fs.ModeSymlink
	case tISBLK:
		mode |= fs.ModeDevice
	case tISCHR:
		mode |= fs.ModeDevice | fs.ModeCharDevice
	case tISSOCK:
		mode |= fs.ModeSocket
	}
	switch fi.h.Typeflag {
	case TypeSymlink:
		mode |= fs.ModeSymlink
	case TypeChar:
		mode |= fs.ModeDevice | fs.ModeCharDevice
	case TypeBlock:
		mode |= fs.ModeDevice
	case TypeDir:
		mode |= fs.ModeDir
	case TypeFifo:
		mode |= fs.ModeNamedPipe
	}
	return mode
}

// FileInfoHeader creates a partially-populated Header from fi. If fi
// describes a symlink, FileInfoHeader records link as the link target.
func FileInfoHeader(fi fs.FileInfo, link string) (*Header, error) {
	if fi == nil {
		return nil, errors.New("archive/tar: FileInfo is nil")
	}
	fm := fi.Mode()
	h := &Header{Name: fi.Name(), ModTime: fi.ModTime(), Mode: int64(fm.Perm())}
	switch {
	case fm.IsRegular():
		h.Typeflag = TypeReg
		h.Size = fi.Size()
	case fi.IsDir():
		h.Typeflag = TypeDir
		h.Name += "/"
	case fm&fs.ModeSymlink != 0:
		h.Typeflag = TypeSymlink
		h.Linkname = link
	case fm&fs.ModeDevice != 0:
		if fm&fs.ModeCharDevice != 0 {
			h.Typeflag = TypeChar
		} else {
			h.Typeflag = TypeBlock
		}
	case fm&fs.ModeNamedPipe != 0:
		h.Typeflag = TypeFifo
	case fm&fs.ModeSocket != 0:
		return nil, fmt.Errorf("archive/tar: sockets not supported")
	default:
		return nil, fmt.Errorf("archive/tar: unknown file mode %v", fm)
	}
	if fm&fs.ModeSetuid != 0 {
		h.Mode |= tISUID
	}
	if fm&fs.ModeSetgid != 0 {
		h.Mode |= tISGID
	}
	if fm&fs.ModeSticky != 0 {
		h.Mode |= tISVTX
	}
	if sys, ok := fi.Sys().(*Header); ok {
		h.Uid = sys.Uid
		h.Gid = sys.Gid
		h.Uname = sys.Uname
		h.Gname = sys.Gname
		h.AccessTime = sys.AccessTime
		h.ChangeTime = sys.ChangeTime
		h.Xattrs = maps.Clone(sys.Xattrs)
		if sys.Typeflag == TypeLink {
			h.Typeflag = TypeLink
			h.Size = 0
			h.Linkname = sys.Linkname
		}
		h.PAXRecords = maps.Clone(sys.PAXRecords)
	}
	if names, ok := fi.(FileInfoNames); ok {
		var err error
		if h.Gname, err = names.Gname(); err != nil {
			return nil, err
		}
		if h.Uname, err = names.Uname(); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// FileInfoNames extends fs.FileInfo: FileInfoHeader takes the user and
// group names from it.
type FileInfoNames interface {
	fs.FileInfo
	Uname() (string, error)
	Gname() (string, error)
}
