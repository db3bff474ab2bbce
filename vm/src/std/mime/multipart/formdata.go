package multipart

import (
	"bytes"
	"errors"
	"io"
	"net/textproto"
	"os"
)

// ErrMessageTooLarge is returned by ReadForm when the form is larger than
// its limits.
var ErrMessageTooLarge = errors.New("multipart: message too large")

// ReadForm reads a whole multipart/form-data body. Fields and files are
// kept in memory up to maxMemory bytes (plus 10 MB for fields); larger
// files go to temporary files, removed by Form.RemoveAll. A form beyond
// the limits is ErrMessageTooLarge.
func (r *Reader) ReadForm(maxMemory int64) (_ *Form, err error) {
	form := &Form{make(map[string][]string), make(map[string][]*FileHeader)}
	var (
		file    *os.File // the temporary file files share
		fileOff int64
		onDisk  int
	)
	defer func() {
		if file != nil {
			if cerr := file.Close(); err == nil {
				err = cerr
			}
		}
		if onDisk > 1 {
			for _, fhs := range form.File {
				for _, fh := range fhs {
					fh.shared = true
				}
			}
		}
		if err != nil {
			form.RemoveAll()
			if file != nil {
				os.Remove(file.Name())
			}
		}
	}()
	maxParts := 1000
	maxLines := int64(maxHeaderLines)
	if maxMemory < 0 {
		maxMemory = 0
	}
	fileMemory := maxMemory
	if fileMemory == 1<<63-1 {
		fileMemory--
	}
	memory := maxMemory + 10<<20
	if memory <= 0 {
		memory = 1<<63 - 1
	}
	for {
		p, err := r.nextPart(false, memory, maxLines)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if maxParts <= 0 {
			return nil, ErrMessageTooLarge
		}
		maxParts--
		name := p.FormName()
		if name == "" {
			continue
		}
		filename := p.FileName()
		memory -= int64(len(name)) + 200
		if memory < 0 {
			return nil, ErrMessageTooLarge
		}
		var b bytes.Buffer
		if filename == "" {
			n, err := io.CopyN(&b, p, memory+1)
			if err != nil && err != io.EOF {
				return nil, err
			}
			memory -= n
			if memory < 0 {
				return nil, ErrMessageTooLarge
			}
			form.Value[name] = append(form.Value[name], b.String())
			continue
		}
		memory -= headerSize(p.Header) + 200 + 100
		if memory < 0 {
			return nil, ErrMessageTooLarge
		}
		for _, vs := range p.Header {
			maxLines -= int64(len(vs))
		}
		fh := &FileHeader{Filename: filename, Header: p.Header}
		n, err := io.CopyN(&b, p, fileMemory+1)
		if err != nil && err != io.EOF {
			return nil, err
		}
		if n > fileMemory {
			if file == nil {
				file, err = os.CreateTemp("", "multipart-")
				if err != nil {
					return nil, err
				}
			}
			onDisk++
			if _, err := file.Write(b.Bytes()); err != nil {
				return nil, err
			}
			rest, err := io.Copy(writerOnly{file}, p)
			if err != nil {
				return nil, err
			}
			fh.tmpfile = file.Name()
			fh.Size = int64(b.Len()) + rest
			fh.tmpoff = fileOff
			fileOff += fh.Size
		} else {
			fh.content = b.Bytes()
			if fh.content == nil {
				fh.content = []byte{}
			}
			fh.Size = int64(len(fh.content))
			fileMemory -= n
			memory -= n
		}
		form.File[name] = append(form.File[name], fh)
	}
	return form, nil
}

// writerOnly hides a writer's ReadFrom.
type writerOnly struct{ io.Writer }

// headerSize estimates the memory a header takes, as ReadForm counts it.
func headerSize(h textproto.MIMEHeader) int64 {
	size := int64(400)
	for k, vs := range h {
		size += int64(len(k)) + 200
		for _, v := range vs {
			size += int64(len(v))
		}
	}
	return size
}

// A Form is a parsed multipart form: its fields in Value, its files in
// File.
type Form struct {
	Value map[string][]string
	File  map[string][]*FileHeader
}

// RemoveAll removes the temporary files of the form.
func (f *Form) RemoveAll() error {
	var err error
	for _, fhs := range f.File {
		for _, fh := range fhs {
			if fh.tmpfile == "" {
				continue
			}
			if e := os.Remove(fh.tmpfile); e != nil && !errors.Is(e, os.ErrNotExist) && err == nil {
				err = e
			}
		}
	}
	return err
}

// A FileHeader describes a file part of a form.
type FileHeader struct {
	Filename string
	Header   textproto.MIMEHeader
	Size     int64

	content []byte // the file in memory
	tmpfile string // or the temporary file holding it
	tmpoff  int64  // at this offset
	shared  bool   // with other files
}

// Open opens the file's content.
func (fh *FileHeader) Open() (File, error) {
	if fh.content != nil {
		r := io.NewSectionReader(bytes.NewReader(fh.content), 0, int64(len(fh.content)))
		return sectionReadCloser{r, nil}, nil
	}
	if fh.shared {
		f, err := os.Open(fh.tmpfile)
		if err != nil {
			return nil, err
		}
		return sectionReadCloser{io.NewSectionReader(f, fh.tmpoff, fh.Size), f}, nil
	}
	return os.Open(fh.tmpfile)
}

// File is a file of a form: in memory or on disk.
type File interface {
	io.Reader
	io.ReaderAt
	io.Seeker
	io.Closer
}

type sectionReadCloser struct {
	*io.SectionReader
	io.Closer
}

func (rc sectionReadCloser) Close() error {
	if rc.Closer != nil {
		return rc.Closer.Close()
	}
	return nil
}
