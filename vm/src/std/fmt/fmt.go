// Package fmt as minigo sees it. Printing is native (the VM formats
// values with Go's verbs); Errorf is written here so it returns the same
// dynamic types as Go (*errors.errorString, *fmt.wrapError).
package fmt

import (
	"errors"
	"io"
	"os"
)

type Stringer interface {
	String() string
}

type GoStringer interface {
	GoString() string
}

// State represents the printer state passed to custom formatters.
type State interface {
	Write(b []byte) (n int, err error)
	Width() (wid int, ok bool)
	Precision() (prec int, ok bool)
	Flag(c int) bool
}

// Formatter is implemented by any value that has a Format method: it
// controls how State and rune are interpreted, and may call Sprint or
// Fprint(f) etc. to generate its output.
type Formatter interface {
	Format(f State, verb rune)
}

// pp is the State a Format method receives: it collects what Format
// writes (the natives insert it as is), with the directive's flags.
type pp struct {
	buf           []byte
	wid, prec     int
	widOK, precOK bool
	flags         int // bits of '-', '+', '#', ' ', '0'
}

func (p *pp) Write(b []byte) (ret int, err error) {
	p.buf = append(p.buf, b...)
	return len(b), nil
}

func (p *pp) WriteString(s string) (ret int, err error) {
	p.buf = append(p.buf, s...)
	return len(s), nil
}

func (p *pp) Width() (wid int, ok bool) { return p.wid, p.widOK }

func (p *pp) Precision() (prec int, ok bool) { return p.prec, p.precOK }

func (p *pp) Flag(b int) bool {
	bit := 0
	switch b {
	case '-':
		bit = 1
	case '+':
		bit = 2
	case '#':
		bit = 4
	case ' ':
		bit = 8
	case '0':
		bit = 16
	}
	return p.flags&bit != 0
}

// FormatString returns a string representing the fully qualified
// formatting directive captured by the State, followed by the argument
// verb.
func FormatString(state State, verb rune) string {
	b := []byte{'%'}
	for _, c := range " +-#0" {
		if state.Flag(int(c)) {
			b = append(b, byte(c))
		}
	}
	if w, ok := state.Width(); ok {
		b = append(b, fmtItoa(w)...)
	}
	if p, ok := state.Precision(); ok {
		b = append(b, '.')
		b = append(b, fmtItoa(p)...)
	}
	b = append(b, string(verb)...)
	return string(b)
}

func fmtItoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	var d []byte
	for n != 0 {
		r := n % 10
		if r < 0 {
			r = -r
		}
		d = append(d, byte('0'+r))
		n /= 10
	}
	if neg {
		d = append(d, '-')
	}
	for i, j := 0, len(d)-1; i < j; i, j = i+1, j-1 {
		d[i], d[j] = d[j], d[i]
	}
	return string(d)
}

// stdout0 is os.Stdout as the program started. Print, Println and
// Printf write straight to the process's standard output (a native)
// until the program assigns another *os.File to os.Stdout; then they
// write to that, as Go's do.
var stdout0 = os.Stdout

// stdin0 is os.Stdin as the program started: Scan, Scanln and Scanf read
// the process's standard input natively until the program assigns
// another *os.File to os.Stdin.
var stdin0 = os.Stdin

// Print, Println and Printf write natively; once os.Stdout is closed
// (ok false) they go through os.Stdout.Write for Go's error.
//
// Each formatting native may first ask for the Error, String and
// GoString calls its operands need (recv, kinds): callMethods makes them
// here, as ordinary Go calls that may block, and the native runs again
// with their results (see the natives' module docs).
func Print(a ...any) (n int, err error) {
	if os.Stdout != stdout0 {
		return Fprint(os.Stdout, a...)
	}
	n, ok, recv, kinds := sysPrint(nil, nil, a...)
	if recv != nil {
		texts, panics := callMethods(recv, kinds)
		n, ok, _, _ = sysPrint(texts, panics, a...)
	}
	if ok {
		return n, nil
	}
	return os.Stdout.Write([]byte(Sprint(a...)))
}

func Println(a ...any) (n int, err error) {
	if os.Stdout != stdout0 {
		return Fprintln(os.Stdout, a...)
	}
	n, ok, recv, kinds := sysPrintln(nil, nil, a...)
	if recv != nil {
		texts, panics := callMethods(recv, kinds)
		n, ok, _, _ = sysPrintln(texts, panics, a...)
	}
	if ok {
		return n, nil
	}
	return os.Stdout.Write([]byte(Sprintln(a...)))
}

func Printf(format string, a ...any) (n int, err error) {
	if os.Stdout != stdout0 {
		return Fprintf(os.Stdout, format, a...)
	}
	n, ok, recv, kinds := sysPrintf(nil, nil, format, a...)
	if recv != nil {
		texts, panics := callMethods(recv, kinds)
		n, ok, _, _ = sysPrintf(texts, panics, format, a...)
	}
	if ok {
		return n, nil
	}
	return os.Stdout.Write([]byte(Sprintf(format, a...)))
}

func Append(b []byte, a ...any) []byte { return append(b, Sprint(a...)...) }

func Appendln(b []byte, a ...any) []byte { return append(b, Sprintln(a...)...) }

func Appendf(b []byte, format string, a ...any) []byte {
	return append(b, Sprintf(format, a...)...)
}

func Sprint(a ...any) string {
	s, recv, kinds := sysSprint(nil, nil, a...)
	if recv != nil {
		texts, panics := callMethods(recv, kinds)
		s, _, _ = sysSprint(texts, panics, a...)
	}
	return s
}

func Sprintln(a ...any) string {
	s, recv, kinds := sysSprintln(nil, nil, a...)
	if recv != nil {
		texts, panics := callMethods(recv, kinds)
		s, _, _ = sysSprintln(texts, panics, a...)
	}
	return s
}

func Sprintf(format string, a ...any) string {
	s, recv, kinds := sysSprintf(nil, nil, format, a...)
	if recv != nil {
		texts, panics := callMethods(recv, kinds)
		s, _, _ = sysSprintf(texts, panics, format, a...)
	}
	return s
}

func sysPrint(texts []string, panics []any, a ...any) (n int, ok bool, recv []any, kinds []int)
func sysPrintln(texts []string, panics []any, a ...any) (n int, ok bool, recv []any, kinds []int)
func sysPrintf(texts []string, panics []any, format string, a ...any) (n int, ok bool, recv []any, kinds []int)
func sysSprint(texts []string, panics []any, a ...any) (s string, recv []any, kinds []int)
func sysSprintln(texts []string, panics []any, a ...any) (s string, recv []any, kinds []int)
func sysSprintf(texts []string, panics []any, format string, a ...any) (s string, recv []any, kinds []int)

// callMethods makes the calls a formatting native asked for, in order:
// recv[i]'s Error (kind 0), String (1), GoString (2) or Format (3)
// method. A Format kind is followed by the verb, the flag bits, the
// width and the precision (-1 for none).
func callMethods(recv []any, kinds []int) (texts []string, panics []any) {
	texts = make([]string, len(recv))
	panics = make([]any, len(recv))
	j := 0
	for i, v := range recv {
		k := kinds[j]
		j++
		if k == 3 {
			p := &pp{flags: kinds[j+1], wid: kinds[j+2], prec: kinds[j+3]}
			p.widOK = p.wid >= 0
			p.precOK = p.prec >= 0
			if !p.widOK {
				p.wid = 0
			}
			if !p.precOK {
				p.prec = 0
			}
			texts[i], panics[i] = callFormat(v.(Formatter), p, rune(kinds[j]))
			j += 4
			continue
		}
		texts[i], panics[i] = callMethod(v, k)
	}
	return texts, panics
}

// callFormat calls f.Format; what it wrote before a panic is kept.
func callFormat(f Formatter, p *pp, verb rune) (text string, panicked any) {
	defer func() {
		if r := recover(); r != nil {
			panicked = r
		}
		text = string(p.buf)
	}()
	f.Format(p, verb)
	return "", nil
}

// callMethod is one such call; a panic inside it is recovered and
// returned (fmt prints it as %!v(PANIC=String method: ...)).
func callMethod(v any, kind int) (text string, panicked any) {
	defer func() {
		if r := recover(); r != nil {
			panicked = r
		}
	}()
	switch kind {
	case 0:
		return v.(error).Error(), nil
	case 1:
		return v.(Stringer).String(), nil
	}
	return v.(GoStringer).GoString(), nil
}

func Fprint(w io.Writer, a ...any) (n int, err error) {
	return w.Write([]byte(Sprint(a...)))
}

func Fprintln(w io.Writer, a ...any) (n int, err error) {
	return w.Write([]byte(Sprintln(a...)))
}

func Fprintf(w io.Writer, format string, a ...any) (n int, err error) {
	return w.Write([]byte(Sprintf(format, a...)))
}

// sysScan reads space-separated values into the pointers in a: from
// standard input (src < 0) or from str; line: stop at a newline (Scanln);
// format: the verbs of Scanf/Sscanf (literal text must match). It returns
// how many were stored, an error text ("" for none, "EOF") and how many
// bytes of str it read.
func sysScan(src int, str string, line bool, format string, a []any) (n int, msg string, used int)

func scanErr(msg string) error {
	if msg == "" {
		return nil
	}
	if msg == "EOF" {
		return io.EOF
	}
	if msg == "unexpected EOF" {
		return io.ErrUnexpectedEOF
	}
	return errors.New(msg)
}

func Sscan(str string, a ...any) (n int, err error) {
	if hasScanner(a) {
		return scanWithScanners(str, false, a)
	}
	n, msg, _ := sysScan(0, str, false, "", a)
	return n, scanErr(msg)
}

func Sscanln(str string, a ...any) (n int, err error) {
	if hasScanner(a) {
		return scanWithScanners(str, true, a)
	}
	n, msg, _ := sysScan(0, str, true, "", a)
	return n, scanErr(msg)
}

// ScanState represents the scanner state passed to custom scanners.
type ScanState interface {
	ReadRune() (r rune, size int, err error)
	UnreadRune() error
	SkipSpace()
	Token(skipSpace bool, f func(rune) bool) (token []byte, err error)
	Width() (wid int, ok bool)
	Read(buf []byte) (n int, err error)
}

// Scanner is implemented by any value that has a Scan method, which
// scans the input for the representation of a value and stores the
// result in the receiver.
type Scanner interface {
	Scan(state ScanState, verb rune) error
}

func hasScanner(a []any) bool {
	for _, v := range a {
		if _, ok := v.(Scanner); ok {
			return true
		}
	}
	return false
}

// ss is the ScanState of Sscan, Sscanln and Sscanf when an operand is a
// Scanner (the string being read and the position in it), and of the
// Fscan family (rs, the reader).
type ss struct {
	s         string
	pos       int
	rs        io.RuneScanner
	nlIsSpace bool
	last      int // size of the last rune read, for UnreadRune
	wid       int // a Sscanf directive's width: the most runes to read
	widOK     bool
	count     int // runes read for the current operand
}

type scanError struct {
	err error
}

func (s *ss) ReadRune() (r rune, size int, err error) {
	if s.rs != nil {
		if s.widOK && s.count >= s.wid {
			s.last = 0
			return 0, 0, io.EOF
		}
		r, size, err = s.rs.ReadRune()
		if err != nil {
			s.last = 0
			return 0, 0, err
		}
		s.last = size
		s.count++
		return r, size, nil
	}
	if s.pos >= len(s.s) || s.widOK && s.count >= s.wid {
		s.last = 0
		return 0, 0, io.EOF
	}
	for i, c := range s.s[s.pos:] {
		_ = i
		r = c
		break
	}
	size = len(string(r))
	if r == 0xFFFD && (s.s[s.pos] < 0x80 || s.pos+size > len(s.s) || s.s[s.pos:s.pos+size] != string(r)) {
		size = 1
	}
	s.pos += size
	s.last = size
	s.count++
	return r, size, nil
}

func (s *ss) UnreadRune() error {
	if s.last > 0 {
		s.count--
		if s.rs != nil {
			s.rs.UnreadRune()
			s.last = 0
			return nil
		}
	}
	s.pos -= s.last
	s.last = 0
	return nil
}

func (s *ss) Width() (wid int, ok bool) { return s.wid, s.widOK }

func (s *ss) Read(buf []byte) (n int, err error) {
	return 0, errors.New("ScanState's Read should not be called. Use ReadRune")
}

func scanNotSpace(r rune) bool { return !scanIsSpace(r) }

func scanIsSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

func (s *ss) SkipSpace() {
	for {
		r, _, err := s.ReadRune()
		if err != nil {
			return
		}
		if r == '\r' && s.peekIs('\n') {
			continue
		}
		if r == '\n' {
			if s.nlIsSpace {
				continue
			}
			panic(scanError{errors.New("unexpected newline")})
		}
		if !scanIsSpace(r) {
			s.UnreadRune()
			return
		}
	}
}

// peekIs reports whether the next rune is c, without reading it.
func (s *ss) peekIs(c rune) bool {
	r, _, err := s.ReadRune()
	if err != nil {
		return false
	}
	s.UnreadRune()
	return r == c
}

func (s *ss) Token(skipSpace bool, f func(rune) bool) (tok []byte, err error) {
	defer func() {
		if e := recover(); e != nil {
			se, ok := e.(scanError)
			if !ok {
				panic(e)
			}
			err = se.err
		}
	}()
	if f == nil {
		f = scanNotSpace
	}
	if skipSpace {
		s.SkipSpace()
	}
	for {
		r, _, e := s.ReadRune()
		if e != nil {
			break
		}
		if !f(r) {
			s.UnreadRune()
			break
		}
		if r < 0x80 {
			tok = append(tok, byte(r))
		} else {
			tok = append(tok, string(r)...)
		}
	}
	return tok, nil
}

// callScan calls v.Scan, turning a scanError panic into its error.
func callScan(v Scanner, s *ss) (err error) {
	return callScanVerb(v, s, 'v')
}

func callScanVerb(v Scanner, s *ss, verb rune) (err error) {
	defer func() {
		if e := recover(); e != nil {
			se, ok := e.(scanError)
			if !ok {
				panic(e)
			}
			err = se.err
		}
	}()
	return v.Scan(s, verb)
}

// scanfWithScanners is Sscanf over operands of which some are Scanners:
// literal text is matched as the native does; a Scanner's Scan gets the
// directive's verb and width; other operands are scanned natively, one
// directive at a time.
func scanfWithScanners(str, format string, a []any) (n int, err error) {
	s := &ss{s: str}
	fi := 0
	for _, v := range a {
		for fi < len(format) && format[fi] != '%' {
			f := format[fi]
			fi++
			if f == ' ' || f == '\t' || f == '\r' || f == '\n' {
				for s.pos < len(s.s) && (s.s[s.pos] == ' ' || s.s[s.pos] == '\t' || s.s[s.pos] == '\r') {
					s.pos++
				}
				continue
			}
			for s.pos < len(s.s) && (s.s[s.pos] == ' ' || s.s[s.pos] == '\t') {
				s.pos++
			}
			if s.pos >= len(s.s) || s.s[s.pos] != f {
				return n, errors.New("input does not match format")
			}
			s.pos++
		}
		start := fi
		var verb rune
		var wid int
		var widOK bool
		verb, wid, widOK, fi = scanDirective(format, fi)
		if sc, ok := v.(Scanner); ok {
			s.wid, s.widOK, s.count = wid, widOK, 0
			e := callScanVerb(sc, s, verb)
			s.wid, s.widOK = 0, false
			if e != nil {
				if e == io.EOF {
					e = io.ErrUnexpectedEOF
				}
				return n, e
			}
			n++
			continue
		}
		dir := "%v"
		if start < len(format) {
			dir = format[start:fi]
		}
		m, msg, used := sysScan(0, s.s[s.pos:], false, dir, []any{v})
		s.pos += used
		if msg != "" {
			return n, scanErr(msg)
		}
		n += m
	}
	return n, nil
}

// scanWithScanners is Sscan (Sscanln when line) over operands of which
// some are Scanners: those read through an ss; the others take the next
// space-delimited token, scanned natively.
func scanWithScanners(str string, line bool, a []any) (n int, err error) {
	return scanOperands(&ss{s: str, nlIsSpace: !line}, line, a)
}

// scanOperands scans a from s: Scanners through their Scan method, the
// others from the next space-delimited token, natively.
func scanOperands(s *ss, line bool, a []any) (n int, err error) {
	for _, v := range a {
		if sc, ok := v.(Scanner); ok {
			if e := callScan(sc, s); e != nil {
				if e == io.EOF {
					e = io.ErrUnexpectedEOF
				}
				return n, e
			}
			n++
			continue
		}
		tok, e := s.Token(true, nil)
		if e != nil {
			return n, e
		}
		if len(tok) == 0 {
			return n, io.EOF
		}
		if _, msg, _ := sysScan(0, string(tok), false, "", []any{v}); msg != "" {
			return n, scanErr(msg)
		}
		n++
	}
	if line {
		for {
			r, _, e := s.ReadRune()
			if e != nil || r == '\n' {
				break
			}
			if !scanIsSpace(r) {
				return n, errors.New("expected newline")
			}
		}
	}
	return n, nil
}

func Sscanf(str string, format string, a ...any) (n int, err error) {
	if hasScanner(a) {
		return scanfWithScanners(str, format, a)
	}
	n, msg, _ := sysScan(0, str, false, format, a)
	return n, scanErr(msg)
}

func Scan(a ...any) (n int, err error) {
	if hasScanner(a) || os.Stdin != stdin0 {
		return Fscan(os.Stdin, a...)
	}
	n, msg, _ := sysScan(-1, "", false, "", a)
	return n, scanErr(msg)
}

func Scanln(a ...any) (n int, err error) {
	if hasScanner(a) || os.Stdin != stdin0 {
		return Fscanln(os.Stdin, a...)
	}
	n, msg, _ := sysScan(-1, "", true, "", a)
	return n, scanErr(msg)
}

func Scanf(format string, a ...any) (n int, err error) {
	if hasScanner(a) || os.Stdin != stdin0 {
		return Fscanf(os.Stdin, format, a...)
	}
	n, msg, _ := sysScan(-1, "", false, format, a)
	return n, scanErr(msg)
}

type wrapError struct {
	msg string
	err error
}

func (e *wrapError) Error() string {
	return e.msg
}

func (e *wrapError) Unwrap() error {
	return e.err
}

// errorfText formats like Sprintf, except that %w prints its operand as %v.
func errorfText(texts []string, panics []any, format string, a ...any) (s string, recv []any, kinds []int)

func Errorf(format string, a ...any) error {
	s, recv, kinds := errorfText(nil, nil, format, a...)
	if recv != nil {
		texts, panics := callMethods(recv, kinds)
		s, _, _ = errorfText(texts, panics, format, a...)
	}
	argNum := 0
	var wrapped error
	var all []error
	found := false
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) {
			c := format[i]
			if c == '+' || c == '-' || c == '#' || c == ' ' || c == '.' || (c >= '0' && c <= '9') {
				i++
				continue
			}
			if c == '*' {
				argNum++
				i++
				continue
			}
			break
		}
		if i >= len(format) {
			break
		}
		if format[i] == '%' {
			continue
		}
		if format[i] == 'w' && argNum < len(a) {
			if e, ok := a[argNum].(error); ok {
				if !found {
					wrapped = e
				}
				all = append(all, e)
				found = true
			}
		}
		argNum++
	}
	if !found {
		return errors.New(s)
	}
	if len(all) > 1 {
		return &wrapErrors{msg: s, errs: all}
	}
	return &wrapError{msg: s, err: wrapped}
}

// wrapErrors is what Errorf returns for several %w verbs.
type wrapErrors struct {
	msg  string
	errs []error
}

func (e *wrapErrors) Error() string   { return e.msg }
func (e *wrapErrors) Unwrap() []error { return e.errs }

// readRune reads runes a byte at a time from a reader that is not an
// io.RuneScanner (as Go's fmt does; a byte read past a value is lost
// between calls).
type readRune struct {
	r        io.Reader
	pend     []byte
	last     rune
	lastSize int
	unread   bool
}

func (rr *readRune) readByte() (byte, error) {
	if len(rr.pend) > 0 {
		b := rr.pend[0]
		rr.pend = rr.pend[1:]
		return b, nil
	}
	var b [1]byte
	for i := 0; i < 100; i++ {
		n, err := rr.r.Read(b[:])
		if n == 1 {
			return b[0], nil
		}
		if err != nil {
			return 0, err
		}
	}
	return 0, io.ErrNoProgress
}

func (rr *readRune) ReadRune() (r rune, size int, err error) {
	if rr.unread {
		rr.unread = false
		return rr.last, rr.lastSize, nil
	}
	b, err := rr.readByte()
	if err != nil {
		return 0, 0, err
	}
	want := 1
	switch {
	case b >= 0xF0 && b <= 0xF7:
		want = 4
	case b >= 0xE0:
		want = 3
	case b >= 0xC0:
		want = 2
	}
	buf := []byte{b}
	for len(buf) < want {
		c, err := rr.readByte()
		if err != nil {
			break
		}
		if c&0xC0 != 0x80 {
			rr.pend = append([]byte{c}, rr.pend...)
			break
		}
		buf = append(buf, c)
	}
	for _, c := range string(buf) {
		r = c
		break
	}
	size = len(string(r))
	if r == 0xFFFD && string(buf[:len(buf)]) != string(r) {
		size = 1
		rr.pend = append(append([]byte{}, buf[1:]...), rr.pend...)
	}
	rr.last, rr.lastSize = r, size
	return r, size, nil
}

func (rr *readRune) UnreadRune() error {
	rr.unread = true
	return nil
}

func readerSS(r io.Reader, nlIsSpace bool) *ss {
	rs, ok := r.(io.RuneScanner)
	if !ok {
		rs = &readRune{r: r}
	}
	return &ss{rs: rs, nlIsSpace: nlIsSpace}
}

// Fscan scans text read from r, storing successive space-separated values
// into successive arguments. Newlines count as space.
func Fscan(r io.Reader, a ...any) (n int, err error) {
	return scanOperands(readerSS(r, true), false, a)
}

// Fscanln is similar to Fscan, but stops scanning at a newline.
func Fscanln(r io.Reader, a ...any) (n int, err error) {
	return scanOperands(readerSS(r, false), true, a)
}

// Fscanf scans text read from r, storing successive space-separated values
// into successive arguments as determined by the format.
func Fscanf(r io.Reader, format string, a ...any) (n int, err error) {
	s := readerSS(r, false)
	fi := 0
	skip := func(nl bool) {
		for {
			c, _, e := s.ReadRune()
			if e != nil {
				return
			}
			if c != ' ' && c != '\t' && !(nl && c == '\r') {
				s.UnreadRune()
				return
			}
		}
	}
	literal := func() error {
		for fi < len(format) && format[fi] != '%' {
			f := format[fi]
			fi++
			if f == ' ' || f == '\t' || f == '\r' || f == '\n' {
				skip(true)
				if f == '\n' {
					if c, _, e := s.ReadRune(); e == nil && c != '\n' {
						s.UnreadRune()
					}
				}
				continue
			}
			skip(false)
			c, _, e := s.ReadRune()
			if e != nil || c != rune(f) {
				return errors.New("input does not match format")
			}
		}
		return nil
	}
	for _, v := range a {
		if e := literal(); e != nil {
			return n, e
		}
		start := fi
		var verb rune
		var wid int
		var widOK bool
		verb, wid, widOK, fi = scanDirective(format, fi)
		s.wid, s.widOK, s.count = wid, widOK, 0
		if sc, ok := v.(Scanner); ok {
			e := callScanVerb(sc, s, verb)
			s.wid, s.widOK = 0, false
			if e != nil {
				if e == io.EOF {
					e = io.ErrUnexpectedEOF
				}
				return n, e
			}
			n++
			continue
		}
		dir := "%v"
		if start < len(format) {
			dir = format[start:fi]
		}
		var tok []byte
		if verb == 'c' {
			c, _, e := s.ReadRune()
			if e != nil {
				return n, io.EOF
			}
			tok = []byte(string(c))
		} else {
			skip(false)
			tok, _ = s.Token(false, func(c rune) bool {
				switch verb {
				case 'd':
					return c >= '0' && c <= '9' || (c == '-' || c == '+') && s.count == 1
				case 'x', 'X':
					return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
				}
				return !scanIsSpace(c)
			})
		}
		s.wid, s.widOK = 0, false
		if len(tok) == 0 {
			return n, io.EOF
		}
		m, msg, _ := sysScan(0, string(tok), false, dir, []any{v})
		if msg != "" {
			return n, scanErr(msg)
		}
		n += m
	}
	return n, literal()
}

// scanDirective reads the scanf directive at format[fi] ('%', a width,
// flags, the verb): its verb ('v' when the format ends), its width and
// whether one was given, and the index after it.
func scanDirective(format string, fi int) (verb rune, wid int, widOK bool, next int) {
	verb = 'v'
	if fi < len(format) {
		fi++
		for fi < len(format) && format[fi] >= '0' && format[fi] <= '9' {
			wid = wid*10 + int(format[fi]-'0')
			widOK = true
			fi++
		}
		for fi < len(format) && !(format[fi] >= 'a' && format[fi] <= 'z' || format[fi] >= 'A' && format[fi] <= 'Z') {
			fi++
		}
		if fi < len(format) {
			verb = rune(format[fi])
			fi++
		}
	}
	return verb, wid, widOK, fi
}
