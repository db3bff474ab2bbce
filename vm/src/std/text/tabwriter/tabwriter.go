// Package tabwriter aligns tab-terminated cells into columns (elastic
// tabstops), with Go's rules: a column block is the run of adjacent
// lines that have a cell in that column; the last cell of a line is not
// part of any column; a line with one cell, or a '\f', lets the Writer
// flush what it holds.
package tabwriter

import (
	"io"
	"unicode/utf8"
)

// Formatting can be controlled with these flags.
const (
	// Ignore html tags and treat entities (starting with '&'
	// and ending in ';') as single characters (width = 1).
	FilterHTML uint = 1 << iota
	// Strip Escape characters bracketing escaped text segments
	// instead of passing them through unchanged with the text.
	StripEscape
	// Force right-alignment of cell content.
	AlignRight
	// Handle empty columns as if they were not present in
	// the input in the first place.
	DiscardEmptyColumns
	// Always use tabs for indentation columns (i.e., padding of
	// leading empty cells on the left) independent of padchar.
	TabIndent
	// Print a vertical bar ('|') between columns (after formatting).
	Debug
)

// Escape brackets text that is passed through as one unit of width
// (its bytes are not interpreted as tabs or line breaks).
const Escape = '\xff'

// cell is one cell of text: its bytes in buf, its width in runes, and
// whether a tab ended it.
type cell struct {
	size  int
	width int
	htab  bool
}

// A Writer is a filter that inserts padding around tab-delimited
// columns in its input to align them in the output.
type Writer struct {
	output   io.Writer
	minwidth int
	tabwidth int
	padding  int
	padchar  byte
	flags    uint

	buf     []byte   // the text of the cells not yet written
	pos     int      // buf[pos:] is not yet counted in cell.width
	cell    cell     // the cell being collected
	endChar byte     // inside an escape: the byte ending it; else 0
	lines   [][]cell // the lines not yet written (the last is open)
	widths  []int    // the widths of the enclosing column blocks
}

// writeError carries a failed write of the output out of the
// formatting code, to Write or Flush.
type writeError struct{ err error }

// Init initializes a Writer: minwidth is the minimal cell width
// (padding included), tabwidth the width of a tab when padchar is '\t',
// padding what is added to a cell's width before it counts.
func (b *Writer) Init(output io.Writer, minwidth, tabwidth, padding int, padchar byte, flags uint) *Writer {
	if minwidth < 0 || tabwidth < 0 || padding < 0 {
		panic("negative minwidth, tabwidth, or padding")
	}
	b.output = output
	b.minwidth = minwidth
	b.tabwidth = tabwidth
	b.padding = padding
	b.padchar = padchar
	if padchar == '\t' {
		// Tab padding leaves the alignment to the terminal: left only.
		flags &^= AlignRight
	}
	b.flags = flags
	b.reset()
	return b
}

// NewWriter allocates and initializes a new tabwriter.Writer.
func NewWriter(output io.Writer, minwidth, tabwidth, padding int, padchar byte, flags uint) *Writer {
	return new(Writer).Init(output, minwidth, tabwidth, padding, padchar, flags)
}

func (b *Writer) reset() {
	b.buf = b.buf[:0]
	b.pos = 0
	b.cell = cell{}
	b.endChar = 0
	b.lines = b.lines[:0]
	b.widths = b.widths[:0]
	b.lines = append(b.lines, nil)
}

func (b *Writer) write(p []byte) {
	n, err := b.output.Write(p)
	if n != len(p) && err == nil {
		err = io.ErrShortWrite
	}
	if err != nil {
		panic(writeError{err})
	}
}

func (b *Writer) writeRepeated(c byte, n int) {
	if n <= 0 {
		return
	}
	p := make([]byte, n)
	for i := range p {
		p[i] = c
	}
	b.write(p)
}

// pad fills a cell of text width textw out to cellw.
func (b *Writer) pad(textw, cellw int, useTabs bool) {
	if b.padchar == '\t' || useTabs {
		if b.tabwidth == 0 {
			return
		}
		cellw = (cellw + b.tabwidth - 1) / b.tabwidth * b.tabwidth
		n := cellw - textw
		if n < 0 {
			panic("internal error")
		}
		b.writeRepeated('\t', (n+b.tabwidth-1)/b.tabwidth)
		return
	}
	b.writeRepeated(b.padchar, cellw-textw)
}

// writeLines writes lines [line0, line1) whose text starts at buf[pos]
// and returns where the text after them starts.
func (b *Writer) writeLines(pos, line0, line1 int) int {
	for i := line0; i < line1; i++ {
		line := b.lines[i]
		// Leading empty cells are indentation: tabs with TabIndent.
		useTabs := b.flags&TabIndent != 0
		for j, c := range line {
			if j > 0 && b.flags&Debug != 0 {
				b.write([]byte{'|'})
			}
			inColumn := j < len(b.widths)
			switch {
			case c.size == 0:
				if inColumn {
					b.pad(c.width, b.widths[j], useTabs)
				}
			case b.flags&AlignRight == 0:
				useTabs = false
				b.write(b.buf[pos : pos+c.size])
				pos += c.size
				if inColumn {
					b.pad(c.width, b.widths[j], false)
				}
			default:
				useTabs = false
				if inColumn {
					b.pad(c.width, b.widths[j], false)
				}
				b.write(b.buf[pos : pos+c.size])
				pos += c.size
			}
		}
		if i+1 == len(b.lines) {
			// The open last line: its pending text, and no newline.
			b.write(b.buf[pos : pos+b.cell.size])
			pos += b.cell.size
		} else {
			b.write([]byte{'\n'})
		}
	}
	return pos
}

// format writes lines [line0, line1), finding the column blocks of
// column len(b.widths) among them and the widths of each.
func (b *Writer) format(pos, line0, line1 int) int {
	column := len(b.widths)
	for this := line0; this < line1; this++ {
		if column >= len(b.lines[this])-1 {
			continue
		}
		// A block of this column starts here: the lines before it are
		// done at the enclosing columns' widths.
		pos = b.writeLines(pos, line0, this)
		line0 = this
		width := b.minwidth
		discardable := true
		for ; this < line1; this++ {
			line := b.lines[this]
			if column >= len(line)-1 {
				break
			}
			c := line[column]
			if w := c.width + b.padding; w > width {
				width = w
			}
			if c.width > 0 || c.htab {
				discardable = false
			}
		}
		if discardable && b.flags&DiscardEmptyColumns != 0 {
			width = 0
		}
		b.widths = append(b.widths, width)
		pos = b.format(pos, line0, this)
		b.widths = b.widths[:len(b.widths)-1]
		line0 = this
	}
	return b.writeLines(pos, line0, line1)
}

func (b *Writer) addText(text []byte) {
	b.buf = append(b.buf, text...)
	b.cell.size += len(text)
}

func (b *Writer) updateWidth() {
	b.cell.width += utf8.RuneCount(b.buf[b.pos:])
	b.pos = len(b.buf)
}

// terminateCell ends the current cell and returns the number of cells
// on its line.
func (b *Writer) terminateCell(htab bool) int {
	b.cell.htab = htab
	last := len(b.lines) - 1
	b.lines[last] = append(b.lines[last], b.cell)
	b.cell = cell{}
	return len(b.lines[last])
}

func (b *Writer) startEscape(ch byte) {
	switch ch {
	case Escape:
		b.endChar = Escape
	case '<':
		b.endChar = '>'
	case '&':
		b.endChar = ';'
	}
}

func (b *Writer) endEscape() {
	switch b.endChar {
	case Escape:
		b.updateWidth()
		if b.flags&StripEscape == 0 {
			b.cell.width -= 2 // the Escape bytes take no width
		}
	case '>': // a tag takes no width
	case ';':
		b.cell.width++ // an entity is one character
	}
	b.pos = len(b.buf)
	b.endChar = 0
}

// recoverWrite turns a failed output write into the error of op.
func recoverWrite(err *error) {
	if r := recover(); r != nil {
		if we, ok := r.(writeError); ok {
			*err = we.err
			return
		}
		panic(r)
	}
}

// Flush should be called after the last call to Write to ensure that
// any data buffered in the Writer is written to output.
func (b *Writer) Flush() (err error) {
	defer recoverWrite(&err)
	b.flush()
	return nil
}

func (b *Writer) flush() {
	if b.cell.size > 0 {
		if b.endChar != 0 {
			b.endEscape()
		}
		b.terminateCell(false)
	}
	b.format(0, 0, len(b.lines))
	b.reset()
}

// Write writes buf to the writer b. The only errors returned are ones
// encountered while writing to the underlying output stream.
func (b *Writer) Write(buf []byte) (n int, err error) {
	defer recoverWrite(&err)
	for i, ch := range buf {
		if b.endChar != 0 {
			if ch == b.endChar {
				j := i + 1
				if ch == Escape && b.flags&StripEscape != 0 {
					j = i
				}
				b.addText(buf[n:j])
				n = i + 1
				b.endEscape()
			}
			continue
		}
		switch ch {
		case '\t', '\v', '\n', '\f':
			b.addText(buf[n:i])
			b.updateWidth()
			n = i + 1
			ncells := b.terminateCell(ch == '\t')
			if ch == '\n' || ch == '\f' {
				b.lines = append(b.lines, nil)
				// A one-cell line ends every column block, so what is
				// held can be written; '\f' always flushes.
				if ch == '\f' || ncells == 1 {
					b.flush()
					if ch == '\f' && b.flags&Debug != 0 {
						b.write([]byte("---\n"))
					}
				}
			}
		case Escape:
			b.addText(buf[n:i])
			b.updateWidth()
			n = i
			if b.flags&StripEscape != 0 {
				n++
			}
			b.startEscape(Escape)
		case '<', '&':
			if b.flags&FilterHTML != 0 {
				b.addText(buf[n:i])
				b.updateWidth()
				n = i
				b.startEscape(ch)
			}
		}
	}
	b.addText(buf[n:])
	return len(buf), nil
}
