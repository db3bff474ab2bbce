// Package strconv as minigo sees it. Parsing is native and returns an
// error code; the Go wrappers build Go's *NumError values.
package strconv

import "errors"

var ErrRange = errors.New("value out of range")

var ErrSyntax = errors.New("invalid syntax")

type NumError struct {
	Func string
	Num  string
	Err  error
}

func (e *NumError) Error() string {
	return "strconv." + e.Func + ": " + "parsing " + Quote(e.Num) + ": " + e.Err.Error()
}

func (e *NumError) Unwrap() error {
	return e.Err
}

const IntSize = 64

// Native parsers: code 0 = ok, 1 = syntax error, 2 = out of range (the
// value is then clamped as Go does), 3 = invalid base, 4 = invalid bit size.
func parseInt(s string, base int, bitSize int) (int64, int)
func parseUint(s string, base int, bitSize int) (uint64, int)
func parseFloat(s string, bitSize int) (float64, int)

func numError(fn, s string, code int) error {
	return numErrorArg(fn, s, code, 0)
}

// numErrorArg: arg is the offending base or bit size (codes 3 and 4).
func numErrorArg(fn, s string, code int, arg int) error {
	if code == 2 {
		return &NumError{fn, s, ErrRange}
	}
	if code == 3 {
		return &NumError{fn, s, errors.New("invalid base " + Itoa(arg))}
	}
	if code == 4 {
		return &NumError{fn, s, errors.New("invalid bit size " + Itoa(arg))}
	}
	return &NumError{fn, s, ErrSyntax}
}

func Atoi(s string) (int, error) {
	n, code := parseInt(s, 10, 0)
	if code != 0 {
		if code == 1 {
			return 0, numError("Atoi", s, code)
		}
		return int(n), numError("Atoi", s, code)
	}
	return int(n), nil
}

func ParseInt(s string, base int, bitSize int) (int64, error) {
	n, code := parseInt(s, base, bitSize)
	if code == 4 {
		return n, numErrorArg("ParseInt", s, code, bitSize)
	}
	if code != 0 {
		return n, numErrorArg("ParseInt", s, code, base)
	}
	return n, nil
}

func ParseUint(s string, base int, bitSize int) (uint64, error) {
	n, code := parseUint(s, base, bitSize)
	if code == 4 {
		return n, numErrorArg("ParseUint", s, code, bitSize)
	}
	if code != 0 {
		return n, numErrorArg("ParseUint", s, code, base)
	}
	return n, nil
}

func ParseFloat(s string, bitSize int) (float64, error) {
	f, code := parseFloat(s, bitSize)
	if code != 0 {
		return f, numError("ParseFloat", s, code)
	}
	return f, nil
}

func ParseBool(str string) (bool, error) {
	switch str {
	case "1", "t", "T", "true", "TRUE", "True":
		return true, nil
	case "0", "f", "F", "false", "FALSE", "False":
		return false, nil
	}
	return false, &NumError{"ParseBool", str, ErrSyntax}
}

func FormatBool(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func Itoa(i int) string
func FormatInt(i int64, base int) string
func FormatUint(i uint64, base int) string
func FormatFloat(f float64, fmt byte, prec, bitSize int) string

// FormatComplex formats c as (a+bi) with FormatFloat's fmt and prec for
// both parts; bitSize 64 means complex64 (float32 parts).
func FormatComplex(c complex128, fmt byte, prec, bitSize int) string {
	if bitSize != 64 && bitSize != 128 {
		panic("invalid bitSize")
	}
	bitSize >>= 1
	im := FormatFloat(imag(c), fmt, prec, bitSize)
	if im[0] != '+' && im[0] != '-' {
		im = "+" + im
	}
	return "(" + FormatFloat(real(c), fmt, prec, bitSize) + im + "i)"
}
func Quote(s string) string
func QuoteRune(r rune) string
func QuoteToASCII(s string) string

func AppendInt(dst []byte, i int64, base int) []byte {
	return append(dst, FormatInt(i, base)...)
}

func AppendUint(dst []byte, i uint64, base int) []byte {
	return append(dst, FormatUint(i, base)...)
}

func AppendFloat(dst []byte, f float64, fmt byte, prec, bitSize int) []byte {
	return append(dst, FormatFloat(f, fmt, prec, bitSize)...)
}

func AppendBool(dst []byte, b bool) []byte {
	return append(dst, FormatBool(b)...)
}

func AppendQuote(dst []byte, s string) []byte {
	return append(dst, Quote(s)...)
}

func AppendQuoteRune(dst []byte, r rune) []byte {
	return append(dst, QuoteRune(r)...)
}

func AppendQuoteToASCII(dst []byte, s string) []byte {
	return append(dst, QuoteToASCII(s)...)
}

// unquote is native: ok is false on malformed input.
func unquote(s string) (string, bool)

func Unquote(s string) (string, error) {
	r, ok := unquote(s)
	if !ok {
		return "", ErrSyntax
	}
	return r, nil
}
