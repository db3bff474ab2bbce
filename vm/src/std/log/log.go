// Package log as minigo provides it: a Logger writes a line per call,
// after a header of its prefix, date, time and source position as its
// flags ask; Fatal calls os.Exit(1) and Panic panics.
package log

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"time"
)

const (
	Ldate         = 1 << iota // 2009/01/23
	Ltime                     // 01:23:23
	Lmicroseconds             // 01:23:23.123123
	Llongfile                 // /a/b/c/d.go:23
	Lshortfile                // d.go:23
	LUTC                      // UTC rather than the local zone
	Lmsgprefix                // the prefix before the message, not the header
	LstdFlags     = Ldate | Ltime
)

// A Logger writes lines to an io.Writer; it may be used by several
// goroutines at once.
type Logger struct {
	mu     sync.Mutex
	prefix string
	flag   int
	out    io.Writer
}

func New(out io.Writer, prefix string, flag int) *Logger {
	return &Logger{prefix: prefix, flag: flag, out: out}
}

var std = New(os.Stderr, "", LstdFlags)

// Default returns the standard logger (the package-level functions').
func Default() *Logger { return std }

func (l *Logger) SetOutput(w io.Writer) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.out = w
}

func (l *Logger) Writer() io.Writer {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.out
}

func (l *Logger) Flags() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.flag
}

func (l *Logger) SetFlags(flag int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.flag = flag
}

func (l *Logger) Prefix() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.prefix
}

func (l *Logger) SetPrefix(prefix string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.prefix = prefix
}

func itoa(buf []byte, i int, wid int) []byte {
	var b [20]byte
	bp := len(b) - 1
	for i >= 10 || wid > 1 {
		wid--
		q := i / 10
		b[bp] = byte('0' + i - q*10)
		bp--
		i = q
	}
	b[bp] = byte('0' + i)
	return append(buf, b[bp:]...)
}

func (l *Logger) header(buf []byte, t time.Time, file string, line int) []byte {
	if l.flag&Lmsgprefix == 0 {
		buf = append(buf, l.prefix...)
	}
	if l.flag&(Ldate|Ltime|Lmicroseconds) != 0 {
		if l.flag&LUTC != 0 {
			t = t.UTC()
		}
		if l.flag&Ldate != 0 {
			year, month, day := t.Date()
			buf = itoa(buf, year, 4)
			buf = append(buf, '/')
			buf = itoa(buf, int(month), 2)
			buf = append(buf, '/')
			buf = itoa(buf, day, 2)
			buf = append(buf, ' ')
		}
		if l.flag&(Ltime|Lmicroseconds) != 0 {
			hour, min, sec := t.Clock()
			buf = itoa(buf, hour, 2)
			buf = append(buf, ':')
			buf = itoa(buf, min, 2)
			buf = append(buf, ':')
			buf = itoa(buf, sec, 2)
			if l.flag&Lmicroseconds != 0 {
				buf = append(buf, '.')
				buf = itoa(buf, t.Nanosecond()/1e3, 6)
			}
			buf = append(buf, ' ')
		}
	}
	if l.flag&(Lshortfile|Llongfile) != 0 {
		if l.flag&Lshortfile != 0 {
			short := file
			for i := len(file) - 1; i > 0; i-- {
				if file[i] == '/' {
					short = file[i+1:]
					break
				}
			}
			file = short
		}
		buf = append(buf, file...)
		buf = append(buf, ':')
		buf = itoa(buf, line, -1)
		buf = append(buf, ": "...)
	}
	if l.flag&Lmsgprefix != 0 {
		buf = append(buf, l.prefix...)
	}
	return buf
}

// Output writes s after the header; calldepth counts the frames between
// the caller to report and Output (1: Output's caller).
func (l *Logger) Output(calldepth int, s string) error {
	return l.output(calldepth+1, s)
}

func (l *Logger) output(calldepth int, s string) error {
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	var file string
	var line int
	if l.flag&(Lshortfile|Llongfile) != 0 {
		var ok bool
		_, file, line, ok = runtime.Caller(calldepth)
		if !ok {
			file = "???"
			line = 0
		}
	}
	buf := l.header(nil, now, file, line)
	buf = append(buf, s...)
	if len(s) == 0 || s[len(s)-1] != '\n' {
		buf = append(buf, '\n')
	}
	_, err := l.out.Write(buf)
	return err
}

func (l *Logger) Print(v ...any) { l.output(2, fmt.Sprint(v...)) }

func (l *Logger) Printf(format string, v ...any) { l.output(2, fmt.Sprintf(format, v...)) }

func (l *Logger) Println(v ...any) { l.output(2, fmt.Sprintln(v...)) }

func (l *Logger) Fatal(v ...any) {
	l.output(2, fmt.Sprint(v...))
	os.Exit(1)
}

func (l *Logger) Fatalf(format string, v ...any) {
	l.output(2, fmt.Sprintf(format, v...))
	os.Exit(1)
}

func (l *Logger) Fatalln(v ...any) {
	l.output(2, fmt.Sprintln(v...))
	os.Exit(1)
}

func (l *Logger) Panic(v ...any) {
	s := fmt.Sprint(v...)
	l.output(2, s)
	panic(s)
}

func (l *Logger) Panicf(format string, v ...any) {
	s := fmt.Sprintf(format, v...)
	l.output(2, s)
	panic(s)
}

func (l *Logger) Panicln(v ...any) {
	s := fmt.Sprintln(v...)
	l.output(2, s)
	panic(s)
}

func SetOutput(w io.Writer) { std.SetOutput(w) }

func Flags() int { return std.Flags() }

func SetFlags(flag int) { std.SetFlags(flag) }

func Prefix() string { return std.Prefix() }

func SetPrefix(prefix string) { std.SetPrefix(prefix) }

func Writer() io.Writer { return std.Writer() }

func Print(v ...any) { std.output(2, fmt.Sprint(v...)) }

func Printf(format string, v ...any) { std.output(2, fmt.Sprintf(format, v...)) }

func Println(v ...any) { std.output(2, fmt.Sprintln(v...)) }

func Fatal(v ...any) {
	std.output(2, fmt.Sprint(v...))
	os.Exit(1)
}

func Fatalf(format string, v ...any) {
	std.output(2, fmt.Sprintf(format, v...))
	os.Exit(1)
}

func Fatalln(v ...any) {
	std.output(2, fmt.Sprintln(v...))
	os.Exit(1)
}

func Panic(v ...any) {
	s := fmt.Sprint(v...)
	std.output(2, s)
	panic(s)
}

func Panicf(format string, v ...any) {
	s := fmt.Sprintf(format, v...)
	std.output(2, s)
	panic(s)
}

func Panicln(v ...any) {
	s := fmt.Sprintln(v...)
	std.output(2, s)
	panic(s)
}

// Output is Logger.Output on the standard logger.
func Output(calldepth int, s string) error {
	return std.output(calldepth+1, s)
}
