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

// Print, Println and Printf write natively; once os.Stdout is closed
// (ok false) they go through os.Stdout.Write for Go's error.
//
// Each formatting native may first ask for the Error, String and
// GoString calls its operands need (recv, kinds): callMethods makes them
// here, as ordinary Go calls that may block, and the native runs again
// with their results (see the natives' module docs).
func Print(a ...any) (n int, err error) {
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
// recv[i]'s Error (kind 0), String (1) or GoString (2) method.
func callMethods(recv []any, kinds []int) (texts []string, panics []any) {
	texts = make([]string, len(recv))
	panics = make([]any, len(recv))
	for i, v := range recv {
		texts[i], panics[i] = callMethod(v, kinds[i])
	}
	return texts, panics
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
// how many were stored and an error text ("" for none, "EOF").
func sysScan(src int, str string, line bool, format string, a []any) (n int, msg string)

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
	n, msg := sysScan(0, str, false, "", a)
	return n, scanErr(msg)
}

func Sscanln(str string, a ...any) (n int, err error) {
	n, msg := sysScan(0, str, true, "", a)
	return n, scanErr(msg)
}

func Sscanf(str string, format string, a ...any) (n int, err error) {
	n, msg := sysScan(0, str, false, format, a)
	return n, scanErr(msg)
}

func Scan(a ...any) (n int, err error) {
	n, msg := sysScan(-1, "", false, "", a)
	return n, scanErr(msg)
}

func Scanln(a ...any) (n int, err error) {
	n, msg := sysScan(-1, "", true, "", a)
	return n, scanErr(msg)
}

func Scanf(format string, a ...any) (n int, err error) {
	n, msg := sysScan(-1, "", false, format, a)
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
