package main

import (
	"fmt"
	"net/http"
	"strings"
)

func main() {
	cases := []string{
		"", "\x00", "Hello, world", "  <!DOCTYPE html><html>", "<HtMl><bOdY>blah", "<html",
		"\n<body></body>", "<a href>", "<B>", "<br/>", "<p>", "<!-- c -->", "<!--x",
		"\t<?xml version='1.0'?>", "<?XML", "%PDF-1.4", "%!PS-Adobe-3.0",
		"\xFE\xFF\x00\x41", "\xFF\xFE\x41\x00", "\xEF\xBB\xBFhi", "\x00\x00\x01\x00", "\x00\x00\x02\x00",
		"BMxx", "GIF87a", "GIF89a...", "RIFF1234WEBPVP8 ", "\x89PNG\x0D\x0A\x1A\x0A", "\xFF\xD8\xFF\xE0",
		"FORM\x00\x00\x00\x00AIFF", "ID3\x03", "OggS\x00\x02", "MThd\x00\x00\x00\x06\x00",
		"RIFF\x00\x00\x00\x00AVI LIST", "RIFF\x00\x00\x00\x00WAVEfmt ",
		"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom", "\x00\x00\x00\x14ftypisom\x00\x00\x00\x00mp41",
		"\x00\x00\x00\x18ftypqt  \x00\x00\x00\x00qt  abcd",
		"\x1A\x45\xDF\xA3\x01", strings.Repeat("\x00", 34) + "LP", "\x00\x01\x00\x00", "OTTO", "ttcf", "wOFF", "wOF2",
		"\x1F\x8B\x08\x00", "PK\x03\x04", "Rar!\x1A\x07\x00", "Rar!\x1A\x07\x01\x00", "\x00asm\x01",
		"text\x1b with escape", "binary\x01", "tab\tok\r\n\x0c", "\xc3\xa9t\xc3\xa9",
		strings.Repeat("a", 600) + "\x00", strings.Repeat(" ", 511) + "<html>",
	}
	for _, c := range cases {
		fmt.Printf("%q -> %s\n", c, http.DetectContentType([]byte(c)))
	}
}
