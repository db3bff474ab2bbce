package scanner

import (
	"fmt"
	"go/token"
	"io"
	"sort"
)

// An Error is one syntax error: where, and what.
type Error struct {
	Pos token.Position
	Msg string
}

// Error formats the error as "file:line:col: msg" (just the message when
// there is neither a file name nor a valid position).
func (e Error) Error() string {
	if e.Pos.Filename == "" && !e.Pos.IsValid() {
		return e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// ErrorList collects errors; its zero value is an empty list.
type ErrorList []*Error

func (p *ErrorList) Add(pos token.Position, msg string) {
	*p = append(*p, &Error{Pos: pos, Msg: msg})
}

func (p *ErrorList) Reset() { *p = (*p)[:0] }

func (p ErrorList) Len() int { return len(p) }

func (p ErrorList) Swap(i, j int) { p[i], p[j] = p[j], p[i] }

// Less orders by file name, line, column, then message.
func (p ErrorList) Less(i, j int) bool {
	a, b := p[i].Pos, p[j].Pos
	switch {
	case a.Filename != b.Filename:
		return a.Filename < b.Filename
	case a.Line != b.Line:
		return a.Line < b.Line
	case a.Column != b.Column:
		return a.Column < b.Column
	}
	return p[i].Msg < p[j].Msg
}

func (p ErrorList) Sort() { sort.Sort(p) }

// RemoveMultiples sorts the list and keeps the first error of each line.
func (p *ErrorList) RemoveMultiples() {
	sort.Sort(p)
	kept := (*p)[:0]
	var prev token.Position // Line 0: matches no real error
	for _, e := range *p {
		if e.Pos.Line == prev.Line && e.Pos.Filename == prev.Filename {
			continue
		}
		prev = e.Pos
		kept = append(kept, e)
	}
	*p = kept
}

func (p ErrorList) Error() string {
	if len(p) == 0 {
		return "no errors"
	}
	if len(p) == 1 {
		return p[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", p[0], len(p)-1)
}

// Err is nil for an empty list and the list otherwise.
func (p ErrorList) Err() error {
	if len(p) > 0 {
		return p
	}
	return nil
}

// PrintError writes each error of an ErrorList on its own line, or err
// itself if it is another non-nil error.
func PrintError(w io.Writer, err error) {
	list, ok := err.(ErrorList)
	if !ok {
		if err != nil {
			fmt.Fprintf(w, "%s\n", err)
		}
		return
	}
	for _, e := range list {
		fmt.Fprintf(w, "%s\n", e)
	}
}
