package slog

import (
	"context"
	"log"
	"runtime"
	"strconv"
	"sync/atomic"
	"time"
)

// A Level is the importance or severity of a log event.
type Level int

const (
	LevelDebug Level = -4
	LevelInfo  Level = 0
	LevelWarn  Level = 4
	LevelError Level = 8
)

func (l Level) String() string {
	str := func(base string, val Level) string {
		if val == 0 {
			return base
		}
		s := strconv.Itoa(int(val))
		if val > 0 {
			s = "+" + s
		}
		return base + s
	}
	switch {
	case l < LevelInfo:
		return str("DEBUG", l-LevelDebug)
	case l < LevelWarn:
		return str("INFO", l-LevelInfo)
	case l < LevelError:
		return str("WARN", l-LevelWarn)
	default:
		return str("ERROR", l-LevelError)
	}
}

func (l Level) Level() Level { return l }

func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// A Leveler provides a Level value.
type Leveler interface {
	Level() Level
}

// A LevelVar is a Level variable, safe for concurrent use.
type LevelVar struct {
	val atomic.Int64
}

func (v *LevelVar) Level() Level     { return Level(int(v.val.Load())) }
func (v *LevelVar) Set(l Level)      { v.val.Store(int64(l)) }
func (v *LevelVar) String() string   { return "LevelVar(" + v.Level().String() + ")" }

// A Record holds information about a log event.
type Record struct {
	Time    time.Time
	Message string
	Level   Level
	PC      uintptr
	attrs   []Attr
}

func NewRecord(t time.Time, level Level, msg string, pc uintptr) Record {
	return Record{Time: t, Message: msg, Level: level, PC: pc}
}

// Clone returns a copy of the record with no shared state.
func (r Record) Clone() Record {
	r.attrs = append([]Attr(nil), r.attrs...)
	return r
}

func (r Record) NumAttrs() int { return len(r.attrs) }

func (r Record) Attrs(f func(Attr) bool) {
	for _, a := range r.attrs {
		if !f(a) {
			return
		}
	}
}

func (r *Record) AddAttrs(attrs ...Attr) {
	for _, a := range attrs {
		if a.Value.isEmptyGroup() {
			continue
		}
		r.attrs = append(r.attrs, a)
	}
}

func (r *Record) Add(args ...any) {
	var a Attr
	for len(args) > 0 {
		a, args = argsToAttr(args)
		if a.Value.isEmptyGroup() {
			continue
		}
		r.attrs = append(r.attrs, a)
	}
}

// A Handler handles log records produced by a Logger.
type Handler interface {
	Enabled(context.Context, Level) bool
	Handle(context.Context, Record) error
	WithAttrs(attrs []Attr) Handler
	WithGroup(name string) Handler
}

// A Logger records structured information about each call to its Log,
// Debug, Info, Warn, and Error methods.
type Logger struct {
	handler Handler
}

func New(h Handler) *Logger {
	if h == nil {
		panic("nil Handler")
	}
	return &Logger{handler: h}
}

var defaultLogger atomic.Pointer[Logger]

var logLoggerLevel LevelVar

// SetLogLoggerLevel controls the level of log package output bridged to
// slog and of the default handler; it returns the previous level.
func SetLogLoggerLevel(level Level) (oldLevel Level) {
	oldLevel = logLoggerLevel.Level()
	logLoggerLevel.Set(level)
	return
}

func init() {
	defaultLogger.Store(New(newDefaultHandler()))
}

// Default returns the default Logger.
func Default() *Logger { return defaultLogger.Load() }

// SetDefault makes l the default Logger; unless l's handler is the
// original default one, package log's output then goes to l's handler.
func SetDefault(l *Logger) {
	defaultLogger.Store(l)
	if _, ok := l.Handler().(*defaultHandler); !ok {
		log.SetOutput(&handlerWriter{l.Handler(), &logLoggerLevel})
		log.SetFlags(0)
	}
}

type handlerWriter struct {
	h     Handler
	level Leveler
}

func (w *handlerWriter) Write(buf []byte) (int, error) {
	level := w.level.Level()
	if !w.h.Enabled(context.Background(), level) {
		return 0, nil
	}
	origLen := len(buf)
	if len(buf) > 0 && buf[len(buf)-1] == '\n' {
		buf = buf[:len(buf)-1]
	}
	r := NewRecord(time.Now(), level, string(buf), 0)
	return origLen, w.h.Handle(context.Background(), r)
}

func (l *Logger) Handler() Handler { return l.handler }

func (l *Logger) With(args ...any) *Logger {
	if len(args) == 0 {
		return l
	}
	c := *l
	c.handler = l.handler.WithAttrs(argsToAttrSlice(args))
	return &c
}

func (l *Logger) WithGroup(name string) *Logger {
	if name == "" {
		return l
	}
	c := *l
	c.handler = l.handler.WithGroup(name)
	return &c
}

func (l *Logger) Enabled(ctx context.Context, level Level) bool {
	if ctx == nil {
		ctx = context.Background()
	}
	return l.Handler().Enabled(ctx, level)
}

func (l *Logger) log(ctx context.Context, level Level, msg string, args ...any) {
	if !l.Enabled(ctx, level) {
		return
	}
	var pcs [1]uintptr
	runtime.Callers(3, pcs[:])
	r := NewRecord(time.Now(), level, msg, pcs[0])
	r.Add(args...)
	if ctx == nil {
		ctx = context.Background()
	}
	_ = l.Handler().Handle(ctx, r)
}

func (l *Logger) logAttrs(ctx context.Context, level Level, msg string, attrs ...Attr) {
	if !l.Enabled(ctx, level) {
		return
	}
	var pcs [1]uintptr
	runtime.Callers(3, pcs[:])
	r := NewRecord(time.Now(), level, msg, pcs[0])
	r.AddAttrs(attrs...)
	if ctx == nil {
		ctx = context.Background()
	}
	_ = l.Handler().Handle(ctx, r)
}

func (l *Logger) Log(ctx context.Context, level Level, msg string, args ...any) {
	l.log(ctx, level, msg, args...)
}

func (l *Logger) LogAttrs(ctx context.Context, level Level, msg string, attrs ...Attr) {
	l.logAttrs(ctx, level, msg, attrs...)
}

func (l *Logger) Debug(msg string, args ...any) { l.log(context.Background(), LevelDebug, msg, args...) }
func (l *Logger) Info(msg string, args ...any)  { l.log(context.Background(), LevelInfo, msg, args...) }
func (l *Logger) Warn(msg string, args ...any)  { l.log(context.Background(), LevelWarn, msg, args...) }
func (l *Logger) Error(msg string, args ...any) { l.log(context.Background(), LevelError, msg, args...) }

func (l *Logger) DebugContext(ctx context.Context, msg string, args ...any) {
	l.log(ctx, LevelDebug, msg, args...)
}
func (l *Logger) InfoContext(ctx context.Context, msg string, args ...any) {
	l.log(ctx, LevelInfo, msg, args...)
}
func (l *Logger) WarnContext(ctx context.Context, msg string, args ...any) {
	l.log(ctx, LevelWarn, msg, args...)
}
func (l *Logger) ErrorContext(ctx context.Context, msg string, args ...any) {
	l.log(ctx, LevelError, msg, args...)
}

func With(args ...any) *Logger { return Default().With(args...) }

func Debug(msg string, args ...any) { Default().log(context.Background(), LevelDebug, msg, args...) }
func Info(msg string, args ...any)  { Default().log(context.Background(), LevelInfo, msg, args...) }
func Warn(msg string, args ...any)  { Default().log(context.Background(), LevelWarn, msg, args...) }
func Error(msg string, args ...any) { Default().log(context.Background(), LevelError, msg, args...) }

func DebugContext(ctx context.Context, msg string, args ...any) {
	Default().log(ctx, LevelDebug, msg, args...)
}
func InfoContext(ctx context.Context, msg string, args ...any) {
	Default().log(ctx, LevelInfo, msg, args...)
}
func WarnContext(ctx context.Context, msg string, args ...any) {
	Default().log(ctx, LevelWarn, msg, args...)
}
func ErrorContext(ctx context.Context, msg string, args ...any) {
	Default().log(ctx, LevelError, msg, args...)
}

func Log(ctx context.Context, level Level, msg string, args ...any) {
	Default().log(ctx, level, msg, args...)
}

func LogAttrs(ctx context.Context, level Level, msg string, attrs ...Attr) {
	Default().logAttrs(ctx, level, msg, attrs...)
}

// DiscardHandler discards all log output.
var DiscardHandler Handler = discardHandler{}

type discardHandler struct{}

func (discardHandler) Enabled(context.Context, Level) bool  { return false }
func (discardHandler) Handle(context.Context, Record) error { return nil }
func (d discardHandler) WithAttrs(attrs []Attr) Handler     { return d }
func (d discardHandler) WithGroup(name string) Handler      { return d }
