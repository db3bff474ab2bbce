// Package encoding/csv as minigo provides it, in Go: RFC 4180 records
// with Go's Reader options (Comma, Comment, FieldsPerRecord, LazyQuotes,
// TrimLeadingSpace, ReuseRecord), its ParseError positions and texts,
// and the Writer.
package csv

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A ParseError is returned for parsing errors; lines and columns are
// 1-based, columns counted in bytes.
type ParseError struct {
	StartLine int
	Line      int
	Column    int
	Err       error
}

func (e *ParseError) Error() string {
	if e.Err == ErrFieldCount {
		return fmt.Sprintf("record on line %d: %v", e.Line, e.Err)
	}
	if e.StartLine != e.Line {
		return fmt.Sprintf("record on line %d; parse error on line %d, column %d: %v", e.StartLine, e.Line, e.Column, e.Err)
	}
	return fmt.Sprintf("parse error on line %d, column %d: %v", e.Line, e.Column, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

var (
	ErrBareQuote     = errors.New("bare \" in non-quoted-field")
	ErrQuote         = errors.New("extraneous or missing \" in quoted-field")
	ErrFieldCount    = errors.New("wrong number of fields")
	ErrTrailingComma = errors.New("extra delimiter at end of line")
)

var errInvalidDelim = errors.New("csv: invalid field or comment delimiter")

func validDelim(r rune) bool {
	return r != 0 && r != '"' && r != '\r' && r != '\n' && utf8.ValidRune(r) && r != utf8.RuneError
}

// A Reader reads records from a CSV-encoded file.
type Reader struct {
	Comma            rune
	Comment          rune
	FieldsPerRecord  int
	LazyQuotes       bool
	TrimLeadingSpace bool
	ReuseRecord      bool
	TrailingComma    bool

	r       *bufio.Reader
	numLine int
	offset  int64
	buf     []byte
	fields  []string
	starts  []position
	last    []string
}

type position struct{ line, col int }

func NewReader(r io.Reader) *Reader {
	return &Reader{Comma: ',', r: bufio.NewReader(r)}
}

// Read reads one record (a slice of fields).
func (r *Reader) Read() (record []string, err error) {
	if r.ReuseRecord {
		record, err = r.readRecord(r.last)
		r.last = record
	} else {
		record, err = r.readRecord(nil)
	}
	return record, err
}

// FieldPos returns the line and column where field of the record most
// recently returned by Read starts.
func (r *Reader) FieldPos(field int) (line, column int) {
	if field < 0 || field >= len(r.starts) {
		panic("out of range index passed to FieldPos")
	}
	p := r.starts[field]
	return p.line, p.col
}

// InputOffset returns the input stream byte offset of the end of the
// most recently read row.
func (r *Reader) InputOffset() int64 { return r.offset }

// ReadAll reads all the remaining records.
func (r *Reader) ReadAll() (records [][]string, err error) {
	for {
		record, err := r.readRecord(nil)
		if err == io.EOF {
			return records, nil
		}
		if err != nil {
			return nil, err
		}
		records = append(records, record)
	}
}

// readLine reads one line, its "\r\n" normalized to "\n"; a last line
// without a newline loses a trailing "\r".
func (r *Reader) readLine() ([]byte, error) {
	line, err := r.r.ReadBytes('\n')
	n := len(line)
	if n > 0 && err == io.EOF {
		err = nil
		if line[n-1] == '\r' {
			line = line[:n-1]
		}
	}
	r.numLine++
	r.offset += int64(n)
	if n := len(line); n >= 2 && line[n-2] == '\r' && line[n-1] == '\n' {
		line[n-2] = '\n'
		line = line[:n-1]
	}
	return line, err
}

// nlLen is 1 if b ends in '\n', else 0.
func nlLen(b []byte) int {
	if len(b) > 0 && b[len(b)-1] == '\n' {
		return 1
	}
	return 0
}

func firstRune(b []byte) rune {
	r, _ := utf8.DecodeRune(b)
	return r
}

func (r *Reader) readRecord(dst []string) ([]string, error) {
	if r.Comma == r.Comment || !validDelim(r.Comma) || (r.Comment != 0 && !validDelim(r.Comment)) {
		return nil, errInvalidDelim
	}
	var line []byte
	var readErr error
	for readErr == nil {
		line, readErr = r.readLine()
		if r.Comment != 0 && firstRune(line) == r.Comment {
			line = nil
			continue
		}
		if readErr == nil && len(line) == nlLen(line) {
			line = nil
			continue
		}
		break
	}
	if readErr == io.EOF {
		return nil, readErr
	}

	commaLen := utf8.RuneLen(r.Comma)
	startLine := r.numLine
	r.buf = r.buf[:0]
	var ends []int
	r.starts = r.starts[:0]
	pos := position{line: r.numLine, col: 1}
	var err error
fields:
	for {
		if r.TrimLeadingSpace {
			i := bytes.IndexFunc(line, func(c rune) bool { return !unicode.IsSpace(c) })
			if i < 0 {
				i = len(line)
				pos.col -= nlLen(line)
			}
			line = line[i:]
			pos.col += i
		}
		if len(line) == 0 || line[0] != '"' {
			// An unquoted field runs to the next Comma or the line's end.
			i := bytes.IndexRune(line, r.Comma)
			field := line
			if i >= 0 {
				field = field[:i]
			} else {
				field = field[:len(field)-nlLen(field)]
			}
			if !r.LazyQuotes {
				if j := bytes.IndexByte(field, '"'); j >= 0 {
					err = &ParseError{StartLine: startLine, Line: r.numLine, Column: pos.col + j, Err: ErrBareQuote}
					break fields
				}
			}
			r.buf = append(r.buf, field...)
			ends = append(ends, len(r.buf))
			r.starts = append(r.starts, pos)
			if i < 0 {
				break fields
			}
			line = line[i+commaLen:]
			pos.col += i + commaLen
			continue fields
		}
		// A quoted field may span lines; "" is a quote.
		start := pos
		line = line[1:]
		pos.col++
		for {
			i := bytes.IndexByte(line, '"')
			switch {
			case i >= 0:
				r.buf = append(r.buf, line[:i]...)
				line = line[i+1:]
				pos.col += i + 1
				next := firstRune(line)
				switch {
				case len(line) > 0 && next == '"':
					r.buf = append(r.buf, '"')
					line = line[1:]
					pos.col++
				case len(line) > 0 && next == r.Comma:
					line = line[commaLen:]
					pos.col += commaLen
					ends = append(ends, len(r.buf))
					r.starts = append(r.starts, start)
					continue fields
				case nlLen(line) == len(line):
					ends = append(ends, len(r.buf))
					r.starts = append(r.starts, start)
					break fields
				case r.LazyQuotes:
					r.buf = append(r.buf, '"')
				default:
					err = &ParseError{StartLine: startLine, Line: r.numLine, Column: pos.col - 1, Err: ErrQuote}
					break fields
				}
			case len(line) > 0:
				r.buf = append(r.buf, line...)
				if readErr != nil {
					break fields
				}
				pos.col += len(line)
				line, readErr = r.readLine()
				if len(line) > 0 {
					pos.line++
					pos.col = 1
				}
				if readErr == io.EOF {
					readErr = nil
				}
			default:
				if !r.LazyQuotes && readErr == nil {
					err = &ParseError{StartLine: startLine, Line: pos.line, Column: pos.col, Err: ErrQuote}
					break fields
				}
				ends = append(ends, len(r.buf))
				r.starts = append(r.starts, start)
				break fields
			}
		}
	}
	if err == nil {
		err = readErr
	}
	all := string(r.buf)
	if cap(dst) < len(ends) {
		dst = make([]string, len(ends))
	}
	dst = dst[:len(ends)]
	prev := 0
	for i, end := range ends {
		dst[i] = all[prev:end]
		prev = end
	}
	if r.FieldsPerRecord > 0 {
		if len(dst) != r.FieldsPerRecord && err == nil {
			err = &ParseError{StartLine: startLine, Line: startLine, Column: 1, Err: ErrFieldCount}
		}
	} else if r.FieldsPerRecord == 0 {
		r.FieldsPerRecord = len(dst)
	}
	return dst, err
}

// A Writer writes records using CSV encoding.
type Writer struct {
	Comma   rune
	UseCRLF bool
	w       *bufio.Writer
}

func NewWriter(w io.Writer) *Writer {
	return &Writer{Comma: ',', w: bufio.NewWriter(w)}
}

// Write writes a single CSV record (buffered: call Flush).
func (w *Writer) Write(record []string) error {
	if !validDelim(w.Comma) {
		return errInvalidDelim
	}
	for n, field := range record {
		if n > 0 {
			if _, err := w.w.WriteRune(w.Comma); err != nil {
				return err
			}
		}
		if !w.fieldNeedsQuotes(field) {
			if _, err := w.w.WriteString(field); err != nil {
				return err
			}
			continue
		}
		if err := w.w.WriteByte('"'); err != nil {
			return err
		}
		for len(field) > 0 {
			i := strings.IndexAny(field, "\"\r\n")
			if i < 0 {
				i = len(field)
			}
			if _, err := w.w.WriteString(field[:i]); err != nil {
				return err
			}
			field = field[i:]
			if len(field) > 0 {
				var err error
				switch field[0] {
				case '"':
					_, err = w.w.WriteString(`""`)
				case '\r':
					if !w.UseCRLF {
						err = w.w.WriteByte('\r')
					}
				case '\n':
					if w.UseCRLF {
						_, err = w.w.WriteString("\r\n")
					} else {
						err = w.w.WriteByte('\n')
					}
				}
				field = field[1:]
				if err != nil {
					return err
				}
			}
		}
		if err := w.w.WriteByte('"'); err != nil {
			return err
		}
	}
	var err error
	if w.UseCRLF {
		_, err = w.w.WriteString("\r\n")
	} else {
		err = w.w.WriteByte('\n')
	}
	return err
}

// Flush writes any buffered data to the underlying io.Writer.
func (w *Writer) Flush() { w.w.Flush() }

// Error reports any error from a previous Write or Flush.
func (w *Writer) Error() error {
	_, err := w.w.Write(nil)
	return err
}

// WriteAll writes records with Write and then calls Flush.
func (w *Writer) WriteAll(records [][]string) error {
	for _, record := range records {
		if err := w.Write(record); err != nil {
			return err
		}
	}
	return w.w.Flush()
}

// fieldNeedsQuotes: an empty field does not; `\.` alone does; so does a
// field holding Comma, a quote, CR or LF, or starting with a space.
func (w *Writer) fieldNeedsQuotes(field string) bool {
	if field == "" {
		return false
	}
	if field == `\.` {
		return true
	}
	if w.Comma < utf8.RuneSelf {
		for i := 0; i < len(field); i++ {
			c := field[i]
			if c == '\n' || c == '\r' || c == '"' || c == byte(w.Comma) {
				return true
			}
		}
	} else if strings.ContainsRune(field, w.Comma) || strings.ContainsAny(field, "\"\r\n") {
		return true
	}
	r1, _ := utf8.DecodeRuneInString(field)
	return unicode.IsSpace(r1)
}
