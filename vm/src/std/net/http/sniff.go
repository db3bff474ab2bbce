package http

// DetectContentType: the WHATWG MIME sniffing algorithm
// (https://mimesniff.spec.whatwg.org/), over the first 512 bytes.

import "bytes"

const sniffLen = 512

// A sniffRule is one signature: an HTML tag (html: case-insensitive,
// after leading white space, followed by a space or '>'), a masked
// pattern (mask non-nil; skipWS to skip leading white space), or an exact
// prefix.
type sniffRule struct {
	pat    string
	mask   string
	html   bool
	skipWS bool
	ct     string
}

const sniffHTML = "text/html; charset=utf-8"

// sniffRules are tried in order; the mp4 and text checks follow where
// sniffMP4 and sniffText mark their places.
var sniffRules = []sniffRule{
	{pat: "<!DOCTYPE HTML", html: true},
	{pat: "<HTML", html: true},
	{pat: "<HEAD", html: true},
	{pat: "<SCRIPT", html: true},
	{pat: "<IFRAME", html: true},
	{pat: "<H1", html: true},
	{pat: "<DIV", html: true},
	{pat: "<FONT", html: true},
	{pat: "<TABLE", html: true},
	{pat: "<A", html: true},
	{pat: "<STYLE", html: true},
	{pat: "<TITLE", html: true},
	{pat: "<B", html: true},
	{pat: "<BODY", html: true},
	{pat: "<BR", html: true},
	{pat: "<P", html: true},
	{pat: "<!--", html: true},
	{pat: "<?xml", mask: "\xFF\xFF\xFF\xFF\xFF", skipWS: true, ct: "text/xml; charset=utf-8"},
	{pat: "%PDF-", ct: "application/pdf"},
	{pat: "%!PS-Adobe-", ct: "application/postscript"},

	{pat: "\xFE\xFF\x00\x00", mask: "\xFF\xFF\x00\x00", ct: "text/plain; charset=utf-16be"},
	{pat: "\xFF\xFE\x00\x00", mask: "\xFF\xFF\x00\x00", ct: "text/plain; charset=utf-16le"},
	{pat: "\xEF\xBB\xBF\x00", mask: "\xFF\xFF\xFF\x00", ct: "text/plain; charset=utf-8"},

	{pat: "\x00\x00\x01\x00", ct: "image/x-icon"},
	{pat: "\x00\x00\x02\x00", ct: "image/x-icon"},
	{pat: "BM", ct: "image/bmp"},
	{pat: "GIF87a", ct: "image/gif"},
	{pat: "GIF89a", ct: "image/gif"},
	{pat: "RIFF\x00\x00\x00\x00WEBPVP", mask: "\xFF\xFF\xFF\xFF\x00\x00\x00\x00\xFF\xFF\xFF\xFF\xFF\xFF", ct: "image/webp"},
	{pat: "\x89PNG\x0D\x0A\x1A\x0A", ct: "image/png"},
	{pat: "\xFF\xD8\xFF", ct: "image/jpeg"},

	{pat: "FORM\x00\x00\x00\x00AIFF", mask: "\xFF\xFF\xFF\xFF\x00\x00\x00\x00\xFF\xFF\xFF\xFF", ct: "audio/aiff"},
	{pat: "ID3", mask: "\xFF\xFF\xFF", ct: "audio/mpeg"},
	{pat: "OggS\x00", mask: "\xFF\xFF\xFF\xFF\xFF", ct: "application/ogg"},
	{pat: "MThd\x00\x00\x00\x06", mask: "\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF", ct: "audio/midi"},
	{pat: "RIFF\x00\x00\x00\x00AVI ", mask: "\xFF\xFF\xFF\xFF\x00\x00\x00\x00\xFF\xFF\xFF\xFF", ct: "video/avi"},
	{pat: "RIFF\x00\x00\x00\x00WAVE", mask: "\xFF\xFF\xFF\xFF\x00\x00\x00\x00\xFF\xFF\xFF\xFF", ct: "audio/wave"},
	{ct: "video/mp4"}, // the mp4 check
	{pat: "\x1A\x45\xDF\xA3", ct: "video/webm"},

	{pat: "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00LP",
		mask: "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xFF\xFF",
		ct:   "application/vnd.ms-fontobject"},
	{pat: "\x00\x01\x00\x00", ct: "font/ttf"},
	{pat: "OTTO", ct: "font/otf"},
	{pat: "ttcf", ct: "font/collection"},
	{pat: "wOFF", ct: "font/woff"},
	{pat: "wOF2", ct: "font/woff2"},

	{pat: "\x1F\x8B\x08", ct: "application/x-gzip"},
	{pat: "PK\x03\x04", ct: "application/zip"},
	{pat: "Rar!\x1A\x07\x00", ct: "application/x-rar-compressed"},
	{pat: "Rar!\x1A\x07\x01\x00", ct: "application/x-rar-compressed"},

	{pat: "\x00\x61\x73\x6D", ct: "application/wasm"},
}

// DetectContentType returns the MIME type of data by the WHATWG sniffing
// algorithm, looking at its first 512 bytes; "application/octet-stream"
// when nothing more specific fits.
func DetectContentType(data []byte) string {
	if len(data) > sniffLen {
		data = data[:sniffLen]
	}
	ws := 0
	for ws < len(data) && sniffIsWS(data[ws]) {
		ws++
	}
	for i := range sniffRules {
		if r := &sniffRules[i]; r.matches(data, ws) {
			return r.contentType()
		}
	}
	if sniffIsText(data[ws:]) {
		return "text/plain; charset=utf-8"
	}
	return "application/octet-stream"
}

func (r *sniffRule) contentType() string {
	if r.html {
		return sniffHTML
	}
	return r.ct
}

func (r *sniffRule) matches(data []byte, ws int) bool {
	switch {
	case r.pat == "":
		return sniffIsMP4(data)
	case r.html:
		data = data[ws:]
		if len(data) < len(r.pat)+1 {
			return false
		}
		for i := 0; i < len(r.pat); i++ {
			b, d := r.pat[i], data[i]
			if 'A' <= b && b <= 'Z' {
				d &= 0xDF
			}
			if b != d {
				return false
			}
		}
		end := data[len(r.pat)]
		return end == ' ' || end == '>'
	case r.mask != "":
		if r.skipWS {
			data = data[ws:]
		}
		if len(data) < len(r.pat) {
			return false
		}
		for i := 0; i < len(r.pat); i++ {
			if data[i]&r.mask[i] != r.pat[i] {
				return false
			}
		}
		return true
	}
	return len(data) >= len(r.pat) && string(data[:len(r.pat)]) == r.pat
}

func sniffIsWS(b byte) bool {
	return b == '\t' || b == '\n' || b == '\x0c' || b == '\r' || b == ' '
}

// sniffIsMP4 checks for an ISO BMFF "ftyp" box naming an mp4 brand.
func sniffIsMP4(data []byte) bool {
	if len(data) < 12 {
		return false
	}
	size := int(data[0])<<24 | int(data[1])<<16 | int(data[2])<<8 | int(data[3])
	if len(data) < size || size%4 != 0 {
		return false
	}
	if string(data[4:8]) != "ftyp" {
		return false
	}
	for st := 8; st < size; st += 4 {
		if st == 12 {
			continue // the minor version
		}
		if bytes.Equal(data[st:st+3], []byte("mp4")) {
			return true
		}
	}
	return false
}

// sniffIsText reports whether data holds no binary control bytes.
func sniffIsText(data []byte) bool {
	for _, b := range data {
		if b <= 0x08 || b == 0x0B || 0x0E <= b && b <= 0x1A || 0x1C <= b && b <= 0x1F {
			return false
		}
	}
	return true
}
