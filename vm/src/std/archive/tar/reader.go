package tar

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Reader provides sequential access to the contents of a tar archive.
type Reader struct {
	r    io.Reader
	pad  int64
	left int64 // bytes of the current entry not yet read
	blk  [tBlockSize]byte
	err  error
}

// NewReader creates a new Reader reading from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: r}
}

// Next advances to the next entry in the tar archive. The Header.Size
// determines how many bytes can be read for the next file. io.EOF is
// returned at the end of the input.
func (tr *Reader) Next() (*Header, error) {
	if tr.err != nil {
		return nil, tr.err
	}
	hdr, err := tr.next()
	tr.err = err
	if err == nil && strings.Contains(os.Getenv("GODEBUG"), "tarinsecurepath=0") && !filepath.IsLocal(hdr.Name) {
		err = ErrInsecurePath
	}
	return hdr, err
}

func tDiscard(r io.Reader, n int64) error {
	if n <= 0 {
		return nil
	}
	var seeked int64
	if sr, ok := r.(io.Seeker); ok && n > 1 {
		pos1, err := sr.Seek(0, io.SeekCurrent)
		if pos1 >= 0 && err == nil {
			pos2, err := sr.Seek(n-1, io.SeekCurrent)
			if pos2 < 0 || err != nil {
				return err
			}
			seeked = pos2 - pos1
		}
	}
	copied, err := io.CopyN(io.Discard, r, n-seeked)
	if err == io.EOF && seeked+copied < n {
		err = io.ErrUnexpectedEOF
	}
	return err
}

func tTryReadFull(r io.Reader, b []byte) (n int, err error) {
	for len(b) > n && err == nil {
		var nn int
		nn, err = r.Read(b[n:])
		n += nn
	}
	if len(b) == n && err == io.EOF {
		err = nil
	}
	return n, err
}

func (tr *Reader) next() (*Header, error) {
	var paxHdrs map[string]string
	var longName, longLink string
	format := FormatUSTAR | FormatPAX | FormatGNU
	for {
		if err := tDiscard(tr.r, tr.left); err != nil {
			return nil, err
		}
		tr.left = 0
		if _, err := tTryReadFull(tr.r, tr.blk[:tr.pad]); err != nil {
			return nil, err
		}
		tr.pad = 0
		hdr, err := tr.readHeader()
		if err != nil {
			return nil, err
		}
		if err := tr.setEntry(hdr); err != nil {
			return nil, err
		}
		format.mayOnlyBe(hdr.Format)
		switch hdr.Typeflag {
		case TypeXHeader, TypeXGlobalHeader:
			format.mayOnlyBe(FormatPAX)
			paxHdrs, err = tr.readPAX()
			if err != nil {
				return nil, err
			}
			if hdr.Typeflag == TypeXGlobalHeader {
				tMergePAX(hdr, paxHdrs)
				return &Header{Name: hdr.Name, Typeflag: hdr.Typeflag, Xattrs: hdr.Xattrs,
					PAXRecords: hdr.PAXRecords, Format: format}, nil
			}
			continue
		case TypeGNULongName, TypeGNULongLink:
			format.mayOnlyBe(FormatGNU)
			b, err := tr.readSpecial()
			if err != nil {
				return nil, err
			}
			if hdr.Typeflag == TypeGNULongName {
				longName = tParseString(b)
			} else {
				longLink = tParseString(b)
			}
			continue
		default:
			if err := tMergePAX(hdr, paxHdrs); err != nil {
				return nil, err
			}
			if longName != "" {
				hdr.Name = longName
			}
			if longLink != "" {
				hdr.Linkname = longLink
			}
			if hdr.Typeflag == TypeRegA {
				if strings.HasSuffix(hdr.Name, "/") {
					hdr.Typeflag = TypeDir
				} else {
					hdr.Typeflag = TypeReg
				}
			}
			if err := tr.setEntry(hdr); err != nil {
				return nil, err
			}
			if format.has(FormatUSTAR) && format.has(FormatPAX) {
				format.mayOnlyBe(FormatUSTAR)
			}
			hdr.Format = format
			return hdr, nil
		}
	}
}

func (tr *Reader) setEntry(hdr *Header) error {
	n := hdr.Size
	if tIsHeaderOnly(hdr.Typeflag) {
		n = 0
	}
	if n < 0 {
		return ErrHeader
	}
	tr.pad = tPadding(n)
	tr.left = n
	return nil
}

func (tr *Reader) readSpecial() ([]byte, error) {
	if tr.left > tMaxSpecial {
		return nil, ErrFieldTooLong
	}
	buf, err := io.ReadAll(io.LimitReader(tr, tMaxSpecial+1))
	if len(buf) > tMaxSpecial {
		return nil, ErrFieldTooLong
	}
	return buf, err
}

func (tr *Reader) readPAX() (map[string]string, error) {
	buf, err := tr.readSpecial()
	if err != nil {
		return nil, err
	}
	s := string(buf)
	var sparse []string
	recs := make(map[string]string)
	for len(s) > 0 {
		k, v, rest, err := tParsePAXRecord(s)
		if err != nil {
			return nil, ErrHeader
		}
		s = rest
		switch k {
		case "GNU.sparse.offset", "GNU.sparse.numbytes":
			if (len(sparse)%2 == 0 && k != "GNU.sparse.offset") ||
				(len(sparse)%2 == 1 && k != "GNU.sparse.numbytes") || strings.Contains(v, ",") {
				return nil, ErrHeader
			}
			sparse = append(sparse, v)
		default:
			recs[k] = v
		}
	}
	if len(sparse) > 0 {
		recs["GNU.sparse.map"] = strings.Join(sparse, ",")
	}
	return recs, nil
}

func tMergePAX(hdr *Header, recs map[string]string) (err error) {
	for k, v := range recs {
		if v == "" {
			continue
		}
		var id64 int64
		switch k {
		case tPaxPath:
			hdr.Name = v
		case tPaxLinkpath:
			hdr.Linkname = v
		case tPaxUname:
			hdr.Uname = v
		case tPaxGname:
			hdr.Gname = v
		case tPaxUid:
			id64, err = strconv.ParseInt(v, 10, 64)
			hdr.Uid = int(id64)
		case tPaxGid:
			id64, err = strconv.ParseInt(v, 10, 64)
			hdr.Gid = int(id64)
		case tPaxAtime:
			hdr.AccessTime, err = tParsePAXTime(v)
		case tPaxMtime:
			hdr.ModTime, err = tParsePAXTime(v)
		case tPaxCtime:
			hdr.ChangeTime, err = tParsePAXTime(v)
		case tPaxSize:
			hdr.Size, err = strconv.ParseInt(v, 10, 64)
		default:
			if strings.HasPrefix(k, tPaxXattr) {
				if hdr.Xattrs == nil {
					hdr.Xattrs = make(map[string]string)
				}
				hdr.Xattrs[k[len(tPaxXattr):]] = v
			}
		}
		if err != nil {
			return ErrHeader
		}
	}
	hdr.PAXRecords = recs
	return nil
}

func tChecksums(b []byte) (unsigned, signed int64) {
	for i, c := range b {
		if tOffChksum <= i && i < tOffChksum+8 {
			c = ' '
		}
		unsigned += int64(c)
		signed += int64(int8(c))
	}
	return
}

func tBlockFormat(b []byte) Format {
	var p tParser
	value := p.octal(tField(b, tOffChksum, 8))
	c1, c2 := tChecksums(b)
	if p.err != nil || (value != c1 && value != c2) {
		return FormatUnknown
	}
	magic := string(tField(b, tOffMagic, 6))
	version := string(tField(b, tOffVersion, 2))
	trailer := string(tField(b, tOffTrailer, 4))
	switch {
	case magic == "ustar\x00" && trailer == "tar\x00":
		return tFormatSTAR
	case magic == "ustar\x00":
		return FormatUSTAR | FormatPAX
	case magic == "ustar " && version == " \x00":
		return FormatGNU
	}
	return tFormatV7
}

func tAllZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

func (tr *Reader) readHeader() (*Header, error) {
	b := tr.blk[:]
	if _, err := io.ReadFull(tr.r, b); err != nil {
		return nil, err
	}
	if tAllZero(b) {
		if _, err := io.ReadFull(tr.r, b); err != nil {
			return nil, err
		}
		if tAllZero(b) {
			return nil, io.EOF
		}
		return nil, ErrHeader
	}
	format := tBlockFormat(b)
	if format == FormatUnknown {
		return nil, ErrHeader
	}
	var p tParser
	hdr := new(Header)
	hdr.Typeflag = b[tOffType]
	hdr.Name = tParseString(tField(b, tOffName, 100))
	hdr.Linkname = tParseString(tField(b, tOffLink, 100))
	hdr.Size = p.numeric(tField(b, tOffSize, 12))
	hdr.Mode = p.numeric(tField(b, tOffMode, 8))
	hdr.Uid = int(p.numeric(tField(b, tOffUid, 8)))
	hdr.Gid = int(p.numeric(tField(b, tOffGid, 8)))
	hdr.ModTime = time.Unix(p.numeric(tField(b, tOffMtime, 12)), 0)
	if format > tFormatV7 {
		hdr.Uname = tParseString(tField(b, tOffUname, 32))
		hdr.Gname = tParseString(tField(b, tOffGname, 32))
		hdr.Devmajor = p.numeric(tField(b, tOffDevMajor, 8))
		hdr.Devminor = p.numeric(tField(b, tOffDevMinor, 8))
		var prefix string
		switch {
		case format.has(FormatUSTAR | FormatPAX):
			hdr.Format = format
			prefix = tParseString(tField(b, tOffPrefix, 155))
			if bytes.IndexFunc(b, func(r rune) bool { return r >= 0x80 }) >= 0 {
				hdr.Format = FormatUnknown
			}
			nul := func(off, n int) bool { return b[off+n-1] == 0 }
			if !(nul(tOffSize, 12) && nul(tOffMode, 8) && nul(tOffUid, 8) && nul(tOffGid, 8) &&
				nul(tOffMtime, 12) && nul(tOffDevMajor, 8) && nul(tOffDevMinor, 8)) {
				hdr.Format = FormatUnknown
			}
		case format.has(tFormatSTAR):
			prefix = tParseString(tField(b, tOffPrefix, 131))
			hdr.AccessTime = time.Unix(p.numeric(tField(b, 476, 12)), 0)
			hdr.ChangeTime = time.Unix(p.numeric(tField(b, 488, 12)), 0)
		case format.has(FormatGNU):
			hdr.Format = format
			var p2 tParser
			if a := tField(b, tOffAtime, 12); a[0] != 0 {
				hdr.AccessTime = time.Unix(p2.numeric(a), 0)
			}
			if c := tField(b, tOffCtime, 12); c[0] != 0 {
				hdr.ChangeTime = time.Unix(p2.numeric(c), 0)
			}
			if p2.err != nil {
				hdr.AccessTime, hdr.ChangeTime = time.Time{}, time.Time{}
				if s := tParseString(tField(b, tOffPrefix, 155)); tIsASCII(s) {
					prefix = s
				}
				hdr.Format = FormatUnknown
			}
		}
		if len(prefix) > 0 {
			hdr.Name = prefix + "/" + hdr.Name
		}
	}
	return hdr, p.err
}

// Read reads from the current file in the tar archive. It returns
// (0, io.EOF) when it reaches the end of that file, until Next is called
// to advance to the next file.
func (tr *Reader) Read(b []byte) (int, error) {
	if tr.err != nil {
		return 0, tr.err
	}
	if tr.left == 0 {
		return 0, io.EOF
	}
	if int64(len(b)) > tr.left {
		b = b[:tr.left]
	}
	n, err := tr.r.Read(b)
	tr.left -= int64(n)
	switch {
	case err == io.EOF && tr.left > 0:
		err = io.ErrUnexpectedEOF
	case err == nil && tr.left == 0:
		err = io.EOF
	}
	if err != nil && err != io.EOF {
		tr.err = err
	}
	return n, err
}
