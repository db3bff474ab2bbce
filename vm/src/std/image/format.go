package image

import (
	"bufio"
	"errors"
	"io"
	"sync"
)

// ErrFormat indicates that decoding encountered an unknown format.
var ErrFormat = errors.New("image: unknown format")

type imgFormat struct {
	name, magic  string
	decode       func(io.Reader) (Image, error)
	decodeConfig func(io.Reader) (Config, error)
}

var (
	imgFormatsMu sync.Mutex
	imgFormats   []imgFormat
)

// RegisterFormat registers an image format for use by Decode. Name is the
// name of the format, like "jpeg" or "png". Magic is the magic prefix that
// identifies the format's encoding; "?" matches any one byte.
func RegisterFormat(name, magic string, decode func(io.Reader) (Image, error), decodeConfig func(io.Reader) (Config, error)) {
	imgFormatsMu.Lock()
	imgFormats = append(imgFormats, imgFormat{name, magic, decode, decodeConfig})
	imgFormatsMu.Unlock()
}

type peekReader interface {
	io.Reader
	Peek(int) ([]byte, error)
}

func asPeekReader(r io.Reader) peekReader {
	if rr, ok := r.(peekReader); ok {
		return rr
	}
	return bufio.NewReader(r)
}

func magicMatches(magic string, b []byte) bool {
	if len(magic) != len(b) {
		return false
	}
	for i := 0; i < len(b); i++ {
		if magic[i] != b[i] && magic[i] != '?' {
			return false
		}
	}
	return true
}

func sniffFormat(r peekReader) imgFormat {
	imgFormatsMu.Lock()
	list := imgFormats
	imgFormatsMu.Unlock()
	for _, f := range list {
		b, err := r.Peek(len(f.magic))
		if err == nil && magicMatches(f.magic, b) {
			return f
		}
	}
	return imgFormat{}
}

// Decode decodes an image that has been encoded in a registered format.
// The string returned is the format name used during format registration.
func Decode(r io.Reader) (Image, string, error) {
	rr := asPeekReader(r)
	f := sniffFormat(rr)
	if f.decode == nil {
		return nil, "", ErrFormat
	}
	m, err := f.decode(rr)
	return m, f.name, err
}

// DecodeConfig decodes the color model and dimensions of an image that has
// been encoded in a registered format.
func DecodeConfig(r io.Reader) (Config, string, error) {
	rr := asPeekReader(r)
	f := sniffFormat(rr)
	if f.decodeConfig == nil {
		return Config{}, "", ErrFormat
	}
	c, err := f.decodeConfig(rr)
	return c, f.name, err
}
