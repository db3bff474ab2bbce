package http

// Serving files: FileSystem, Dir, FS, FileServer, ServeFile and
// ServeContent with conditional requests (RFC 9110 section 13) and
// Range requests (one range, or several as multipart/byteranges).

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"mime"
	"mime/multipart"
	"net/textproto"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// A Dir is a FileSystem rooted at a directory of the local file system.
// Paths are slash-separated and cleaned; Open does not follow the
// request outside the directory through "..", but symbolic links inside
// it may lead anywhere.
type Dir string

var errInvalidUnsafePath = errors.New("http: invalid or unsafe file path")

// fsMapOpenError turns an open error whose cause is a path element that
// is not a directory into fs.ErrNotExist.
func fsMapOpenError(orig error, name string, sep string, stat func(string) (fs.FileInfo, error)) error {
	if errors.Is(orig, fs.ErrNotExist) || errors.Is(orig, fs.ErrPermission) {
		return orig
	}
	parts := strings.Split(name, sep)
	for i := range parts {
		if parts[i] == "" {
			continue
		}
		fi, err := stat(strings.Join(parts[:i+1], sep))
		if err != nil {
			return orig
		}
		if !fi.IsDir() {
			return fs.ErrNotExist
		}
	}
	return orig
}

// Open opens name (slash-separated, relative to d) with os.Open.
func (d Dir) Open(name string) (File, error) {
	p := path.Clean("/" + name)[1:]
	if p == "" {
		p = "."
	}
	if !fs.ValidPath(p) || strings.IndexByte(p, 0) >= 0 {
		return nil, errInvalidUnsafePath
	}
	dir := string(d)
	if dir == "" {
		dir = "."
	}
	full := filepath.Join(dir, p)
	f, err := os.Open(full)
	if err != nil {
		return nil, fsMapOpenError(err, full, "/", os.Stat)
	}
	return f, nil
}

// A FileSystem opens named files; names are slash-separated.
type FileSystem interface {
	Open(name string) (File, error)
}

// A File is what a FileSystem's Open returns; *os.File is one.
type File interface {
	io.Closer
	io.Reader
	io.Seeker
	Readdir(count int) ([]fs.FileInfo, error)
	Stat() (fs.FileInfo, error)
}

// fsDirList writes the HTML listing of directory f.
func fsDirList(w ResponseWriter, r *Request, f File) {
	type entry struct {
		name string
		dir  bool
	}
	var list []entry
	var err error
	if d, ok := f.(fs.ReadDirFile); ok {
		var des []fs.DirEntry
		des, err = d.ReadDir(-1)
		for _, de := range des {
			list = append(list, entry{de.Name(), de.IsDir()})
		}
	} else {
		var fis []fs.FileInfo
		fis, err = f.Readdir(-1)
		for _, fi := range fis {
			list = append(list, entry{fi.Name(), fi.IsDir()})
		}
	}
	if err != nil {
		log.Printf("http: error reading directory: %v", err)
		Error(w, "Error reading directory", StatusInternalServerError)
		return
	}
	sort.Slice(list, func(i, j int) bool { return list[i].name < list[j].name })
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	var b strings.Builder
	b.WriteString("<!doctype html>\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width\">\n")
	b.WriteString("<pre>\n")
	for _, e := range list {
		name := e.name
		if e.dir {
			name += "/"
		}
		u := url.URL{Path: name}
		b.WriteString("<a href=\"" + u.String() + "\">" + htmlEscape(name) + "</a>\n")
	}
	b.WriteString("</pre>\n")
	io.WriteString(w, b.String())
}

// fsServeError is Error after dropping the headers that described the
// content that is not being sent.
func fsServeError(w ResponseWriter, text string, code int) {
	h := w.Header()
	for _, k := range []string{"Cache-Control", "Content-Encoding", "Etag", "Last-Modified"} {
		delete(h, k)
	}
	Error(w, text, code)
}

// ServeContent replies with content, named name (its extension chooses
// the Content-Type when none is set; otherwise the first 512 bytes are
// sniffed), honouring Range, If-Match, If-Unmodified-Since,
// If-None-Match, If-Modified-Since and If-Range. A zero or Unix-epoch
// modtime sends no Last-Modified.
func ServeContent(w ResponseWriter, req *Request, name string, modtime time.Time, content io.ReadSeeker) {
	size := func() (int64, error) {
		n, err := content.Seek(0, io.SeekEnd)
		if err != nil {
			return 0, errSeeker
		}
		if _, err := content.Seek(0, io.SeekStart); err != nil {
			return 0, errSeeker
		}
		return n, nil
	}
	fsServeContent(w, req, name, modtime, size, content)
}

var errSeeker = errors.New("seeker can't seek")

var errNoOverlap = errors.New("invalid range: failed to overlap")

func fsServeContent(w ResponseWriter, r *Request, name string, modtime time.Time, sizeFunc func() (int64, error), content io.ReadSeeker) {
	fsSetLastModified(w, modtime)
	done, rangeReq := fsCheckPreconditions(w, r, modtime)
	if done {
		return
	}
	code := StatusOK
	ctypes, haveType := w.Header()["Content-Type"]
	var ctype string
	if !haveType {
		ctype = mime.TypeByExtension(filepath.Ext(name))
		if ctype == "" {
			buf := make([]byte, sniffLen)
			n, _ := io.ReadFull(content, buf)
			ctype = DetectContentType(buf[:n])
			if _, err := content.Seek(0, io.SeekStart); err != nil {
				fsServeError(w, "seeker can't seek", StatusInternalServerError)
				return
			}
		}
		w.Header().Set("Content-Type", ctype)
	} else if len(ctypes) > 0 {
		ctype = ctypes[0]
	}

	size, err := sizeFunc()
	if err != nil {
		fsServeError(w, err.Error(), StatusInternalServerError)
		return
	}
	if size < 0 {
		fsServeError(w, "negative content size computed", StatusInternalServerError)
		return
	}

	sendSize := size
	var send io.Reader = content
	ranges, err := fsParseRange(rangeReq, size)
	if err == errNoOverlap && size == 0 {
		ranges, err = nil, nil
	}
	if err != nil {
		if err == errNoOverlap {
			w.Header().Set("Content-Range", fmt.Sprintf("bytes */%d", size))
		}
		fsServeError(w, err.Error(), StatusRequestedRangeNotSatisfiable)
		return
	}
	var total int64
	for _, ra := range ranges {
		total += ra.length
	}
	if total > size {
		// More bytes than the content: send it all instead.
		ranges = nil
	}
	switch {
	case len(ranges) == 1:
		ra := ranges[0]
		if _, err := content.Seek(ra.start, io.SeekStart); err != nil {
			fsServeError(w, err.Error(), StatusRequestedRangeNotSatisfiable)
			return
		}
		sendSize = ra.length
		code = StatusPartialContent
		w.Header().Set("Content-Range", ra.contentRange(size))
	case len(ranges) > 1:
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		for _, ra := range ranges {
			part, err := mw.CreatePart(textproto.MIMEHeader{
				"Content-Range": {ra.contentRange(size)},
				"Content-Type":  {ctype},
			})
			if err == nil {
				_, err = content.Seek(ra.start, io.SeekStart)
			}
			if err == nil {
				_, err = io.CopyN(part, content, ra.length)
			}
			if err != nil {
				break
			}
		}
		mw.Close()
		code = StatusPartialContent
		w.Header().Set("Content-Type", "multipart/byteranges; boundary="+mw.Boundary())
		sendSize = int64(body.Len())
		send = &body
	}
	w.Header().Set("Accept-Ranges", "bytes")
	if len(ranges) > 0 || w.Header().Get("Content-Encoding") == "" {
		w.Header().Set("Content-Length", strconv.FormatInt(sendSize, 10))
	}
	w.WriteHeader(code)
	if r.Method != "HEAD" {
		io.CopyN(w, send, sendSize)
	}
}

// fsScanETag reads an entity tag (strong or W/ weak) from the start of
// s; "" if there is none.
func fsScanETag(s string) (etag, rest string) {
	s = textproto.TrimString(s)
	start := 0
	if strings.HasPrefix(s, "W/") {
		start = 2
	}
	if len(s)-start < 2 || s[start] != '"' {
		return "", ""
	}
	for i := start + 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			return s[:i+1], s[i+1:]
		case c == 0x21 || 0x23 <= c && c <= 0x7E || c >= 0x80:
		default:
			return "", ""
		}
	}
	return "", ""
}

func fsETagStrong(a, b string) bool { return a == b && a != "" && a[0] == '"' }

func fsETagWeak(a, b string) bool {
	return strings.TrimPrefix(a, "W/") == strings.TrimPrefix(b, "W/")
}

// The result of a precondition: absent, true or false.
type fsCond int

const (
	fsCondNone fsCond = iota
	fsCondTrue
	fsCondFalse
)

// fsETagList evaluates a list of entity tags: star is the result of
// "*", match the result when match(tag) holds for one, else other.
func fsETagList(list string, star fsCond, match func(string) bool, found, other fsCond) fsCond {
	for {
		list = textproto.TrimString(list)
		if list == "" {
			break
		}
		if list[0] == ',' {
			list = list[1:]
			continue
		}
		if list[0] == '*' {
			return star
		}
		etag, rest := fsScanETag(list)
		if etag == "" {
			break
		}
		if match(etag) {
			return found
		}
		list = rest
	}
	return other
}

func fsCheckIfMatch(w ResponseWriter, r *Request) fsCond {
	im := r.Header.Get("If-Match")
	if im == "" {
		return fsCondNone
	}
	cur := w.Header().get("Etag")
	return fsETagList(im, fsCondTrue, func(e string) bool { return fsETagStrong(e, cur) }, fsCondTrue, fsCondFalse)
}

func fsCheckIfNoneMatch(w ResponseWriter, r *Request) fsCond {
	inm := r.Header.get("If-None-Match")
	if inm == "" {
		return fsCondNone
	}
	cur := w.Header().get("Etag")
	return fsETagList(inm, fsCondFalse, func(e string) bool { return fsETagWeak(e, cur) }, fsCondFalse, fsCondTrue)
}

func fsCheckIfUnmodifiedSince(r *Request, modtime time.Time) fsCond {
	ius := r.Header.Get("If-Unmodified-Since")
	if ius == "" || fsZeroTime(modtime) {
		return fsCondNone
	}
	t, err := ParseTime(ius)
	if err != nil {
		return fsCondNone
	}
	if !modtime.Truncate(time.Second).After(t) {
		return fsCondTrue
	}
	return fsCondFalse
}

func fsCheckIfModifiedSince(r *Request, modtime time.Time) fsCond {
	if r.Method != "GET" && r.Method != "HEAD" {
		return fsCondNone
	}
	ims := r.Header.Get("If-Modified-Since")
	if ims == "" || fsZeroTime(modtime) {
		return fsCondNone
	}
	t, err := ParseTime(ims)
	if err != nil {
		return fsCondNone
	}
	if !modtime.Truncate(time.Second).After(t) {
		return fsCondFalse
	}
	return fsCondTrue
}

func fsCheckIfRange(w ResponseWriter, r *Request, modtime time.Time) fsCond {
	if r.Method != "GET" && r.Method != "HEAD" {
		return fsCondNone
	}
	ir := r.Header.get("If-Range")
	if ir == "" {
		return fsCondNone
	}
	if etag, _ := fsScanETag(ir); etag != "" {
		if fsETagStrong(etag, w.Header().Get("Etag")) {
			return fsCondTrue
		}
		return fsCondFalse
	}
	if modtime.IsZero() {
		return fsCondFalse
	}
	t, err := ParseTime(ir)
	if err != nil {
		return fsCondFalse
	}
	if t.Unix() == modtime.Unix() {
		return fsCondTrue
	}
	return fsCondFalse
}

func fsZeroTime(t time.Time) bool { return t.IsZero() || t.Unix() == 0 && t.Nanosecond() == 0 }

func fsSetLastModified(w ResponseWriter, modtime time.Time) {
	if !fsZeroTime(modtime) {
		w.Header().Set("Last-Modified", modtime.UTC().Format(TimeFormat))
	}
}

func fsWriteNotModified(w ResponseWriter) {
	h := w.Header()
	delete(h, "Content-Type")
	delete(h, "Content-Length")
	delete(h, "Content-Encoding")
	if h.Get("Etag") != "" {
		delete(h, "Last-Modified")
	}
	w.WriteHeader(StatusNotModified)
}

// fsCheckPreconditions evaluates the conditional headers in RFC 9110's
// order; done means the response has been written. rangeHeader is the
// Range header to honour ("" if If-Range says not to).
func fsCheckPreconditions(w ResponseWriter, r *Request, modtime time.Time) (done bool, rangeHeader string) {
	c := fsCheckIfMatch(w, r)
	if c == fsCondNone {
		c = fsCheckIfUnmodifiedSince(r, modtime)
	}
	if c == fsCondFalse {
		w.WriteHeader(StatusPreconditionFailed)
		return true, ""
	}
	switch fsCheckIfNoneMatch(w, r) {
	case fsCondFalse:
		if r.Method == "GET" || r.Method == "HEAD" {
			fsWriteNotModified(w)
		} else {
			w.WriteHeader(StatusPreconditionFailed)
		}
		return true, ""
	case fsCondNone:
		if fsCheckIfModifiedSince(r, modtime) == fsCondFalse {
			fsWriteNotModified(w)
			return true, ""
		}
	}
	rangeHeader = r.Header.get("Range")
	if rangeHeader != "" && fsCheckIfRange(w, r, modtime) == fsCondFalse {
		rangeHeader = ""
	}
	return false, rangeHeader
}

func fsServeFile(w ResponseWriter, r *Request, fsys FileSystem, name string, redirect bool) {
	const indexPage = "/index.html"
	if strings.HasSuffix(r.URL.Path, indexPage) {
		fsLocalRedirect(w, r, "./")
		return
	}
	f, err := fsys.Open(name)
	if err != nil {
		msg, code := fsHTTPError(err)
		fsServeError(w, msg, code)
		return
	}
	defer f.Close()
	d, err := f.Stat()
	if err != nil {
		msg, code := fsHTTPError(err)
		fsServeError(w, msg, code)
		return
	}
	if redirect {
		u := r.URL.Path
		if d.IsDir() {
			if u[len(u)-1] != '/' {
				fsLocalRedirect(w, r, path.Base(u)+"/")
				return
			}
		} else if u[len(u)-1] == '/' {
			base := path.Base(u)
			if base == "/" || base == "." {
				fsServeError(w, "http: attempting to traverse a non-directory", StatusInternalServerError)
				return
			}
			fsLocalRedirect(w, r, "../"+base)
			return
		}
	}
	if d.IsDir() {
		u := r.URL.Path
		if u == "" || u[len(u)-1] != '/' {
			fsLocalRedirect(w, r, path.Base(u)+"/")
			return
		}
		if ff, err := fsys.Open(strings.TrimSuffix(name, "/") + indexPage); err == nil {
			defer ff.Close()
			if dd, err := ff.Stat(); err == nil {
				d = dd
				f = ff
			}
		}
	}
	if d.IsDir() {
		if fsCheckIfModifiedSince(r, d.ModTime()) == fsCondFalse {
			fsWriteNotModified(w)
			return
		}
		fsSetLastModified(w, d.ModTime())
		fsDirList(w, r, f)
		return
	}
	size := d.Size()
	fsServeContent(w, r, d.Name(), d.ModTime(), func() (int64, error) { return size, nil }, f)
}

func fsHTTPError(err error) (string, int) {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "404 page not found", StatusNotFound
	case errors.Is(err, fs.ErrPermission):
		return "403 Forbidden", StatusForbidden
	case errors.Is(err, errInvalidUnsafePath):
		return "404 page not found", StatusNotFound
	}
	return "500 Internal Server Error", StatusInternalServerError
}

// fsLocalRedirect answers 301 to newPath (relative), keeping the query;
// a path with an escaped slash gets a 404 instead.
func fsLocalRedirect(w ResponseWriter, r *Request, newPath string) {
	if p := r.URL.EscapedPath(); strings.Contains(p, "%2f") || strings.Contains(p, "%2F") {
		NotFound(w, r)
		return
	}
	if q := r.URL.RawQuery; q != "" {
		newPath += "?" + q
	}
	w.Header().Set("Location", newPath)
	w.WriteHeader(StatusMovedPermanently)
}

// ServeFile replies with the named file or directory of the local file
// system. A request path with a ".." element is refused; one ending in
// "/index.html" is redirected to "./".
func ServeFile(w ResponseWriter, r *Request, name string) {
	if fsContainsDotDot(r.URL.Path) {
		fsServeError(w, "invalid URL path", StatusBadRequest)
		return
	}
	dir, file := filepath.Split(name)
	fsServeFile(w, r, Dir(dir), file, false)
}

// ServeFileFS replies with the named file or directory of fsys.
func ServeFileFS(w ResponseWriter, r *Request, fsys fs.FS, name string) {
	if fsContainsDotDot(r.URL.Path) {
		fsServeError(w, "invalid URL path", StatusBadRequest)
		return
	}
	fsServeFile(w, r, FS(fsys), name, false)
}

func fsContainsDotDot(v string) bool {
	if !strings.Contains(v, "..") {
		return false
	}
	for _, ent := range strings.FieldsFunc(v, func(r rune) bool { return r == '/' || r == '\\' }) {
		if ent == ".." {
			return true
		}
	}
	return false
}

type fileHandler struct {
	root FileSystem
}

// FileServer returns a handler serving requests with the contents of
// root: files, directory listings, index.html.
func FileServer(root FileSystem) Handler { return &fileHandler{root} }

// FileServerFS is FileServer(FS(root)).
func FileServerFS(root fs.FS) Handler { return FileServer(FS(root)) }

func (f *fileHandler) ServeHTTP(w ResponseWriter, r *Request) {
	upath := r.URL.Path
	if !strings.HasPrefix(upath, "/") {
		upath = "/" + upath
		r.URL.Path = upath
	}
	fsServeFile(w, r, f.root, path.Clean(upath), true)
}

// FS converts an fs.FS to a FileSystem.
func FS(fsys fs.FS) FileSystem { return ioFS{fsys} }

type ioFS struct {
	fsys fs.FS
}

type ioFile struct {
	file fs.File
}

func (f ioFS) Open(name string) (File, error) {
	if name == "/" {
		name = "."
	} else {
		name = strings.TrimPrefix(name, "/")
	}
	file, err := f.fsys.Open(name)
	if err != nil {
		return nil, fsMapOpenError(err, name, "/", func(p string) (fs.FileInfo, error) {
			return fs.Stat(f.fsys, p)
		})
	}
	return ioFile{file}, nil
}

var (
	errMissingSeek    = errors.New("io.File missing Seek method")
	errMissingReadDir = errors.New("io.File directory missing ReadDir method")
)

func (f ioFile) Close() error               { return f.file.Close() }
func (f ioFile) Read(b []byte) (int, error) { return f.file.Read(b) }
func (f ioFile) Stat() (fs.FileInfo, error) { return f.file.Stat() }

func (f ioFile) Seek(offset int64, whence int) (int64, error) {
	s, ok := f.file.(io.Seeker)
	if !ok {
		return 0, errMissingSeek
	}
	return s.Seek(offset, whence)
}

func (f ioFile) ReadDir(count int) ([]fs.DirEntry, error) {
	d, ok := f.file.(fs.ReadDirFile)
	if !ok {
		return nil, errMissingReadDir
	}
	return d.ReadDir(count)
}

func (f ioFile) Readdir(count int) ([]fs.FileInfo, error) {
	d, ok := f.file.(fs.ReadDirFile)
	if !ok {
		return nil, errMissingReadDir
	}
	var list []fs.FileInfo
	for {
		des, err := d.ReadDir(count - len(list))
		for _, de := range des {
			if info, err := de.Info(); err == nil {
				list = append(list, info)
			}
		}
		if err != nil {
			return list, err
		}
		if count < 0 || len(list) >= count {
			break
		}
	}
	return list, nil
}

// An fsRange is one byte range of a Range header.
type fsRange struct {
	start, length int64
}

func (r fsRange) contentRange(size int64) string {
	return fmt.Sprintf("bytes %d-%d/%d", r.start, r.start+r.length-1, size)
}

// fsMaxRanges is how many ranges a Range header may hold before it is
// ignored (Go's default for GODEBUG httpservecontentmaxranges).
const fsMaxRanges = 200

// fsParseRange parses a Range header ("bytes=0-99,-5") for content of
// size bytes.
func fsParseRange(s string, size int64) ([]fsRange, error) {
	if s == "" {
		return nil, nil
	}
	const prefix = "bytes="
	if !strings.HasPrefix(s, prefix) {
		return nil, errors.New("invalid range")
	}
	spec := s[len(prefix):]
	if strings.Count(spec, ",")+1 > fsMaxRanges {
		return nil, nil
	}
	var ranges []fsRange
	noOverlap := false
	for _, ra := range strings.Split(spec, ",") {
		ra = textproto.TrimString(ra)
		if ra == "" {
			continue
		}
		start, end, ok := strings.Cut(ra, "-")
		if !ok {
			return nil, errors.New("invalid range")
		}
		start, end = textproto.TrimString(start), textproto.TrimString(end)
		var r fsRange
		if start == "" {
			// A suffix: the last end bytes.
			if end == "" || end[0] == '-' {
				return nil, errors.New("invalid range")
			}
			n, err := strconv.ParseInt(end, 10, 64)
			if n < 0 || err != nil {
				return nil, errors.New("invalid range")
			}
			if n > size {
				n = size
			}
			r.start = size - n
			r.length = size - r.start
		} else {
			n, err := strconv.ParseInt(start, 10, 64)
			if err != nil || n < 0 {
				return nil, errors.New("invalid range")
			}
			if n >= size {
				noOverlap = true
				continue
			}
			r.start = n
			if end == "" {
				r.length = size - r.start
			} else {
				e, err := strconv.ParseInt(end, 10, 64)
				if err != nil || r.start > e {
					return nil, errors.New("invalid range")
				}
				if e >= size {
					e = size - 1
				}
				r.length = e - r.start + 1
			}
		}
		ranges = append(ranges, r)
	}
	if noOverlap && len(ranges) == 0 {
		return nil, errNoOverlap
	}
	return ranges, nil
}
