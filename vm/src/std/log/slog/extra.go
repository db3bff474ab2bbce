package slog

import (
	"context"
	"errors"
	"fmt"
	"log"
	"runtime"
	"strconv"
	"strings"
)

// GroupAttrs returns an Attr for a Group Value made of the given Attrs.
func GroupAttrs(key string, attrs ...Attr) Attr {
	return Attr{Key: key, Value: GroupValue(attrs...)}
}

// AppendText implements encoding.TextAppender.
func (l Level) AppendText(b []byte) ([]byte, error) {
	return append(b, l.String()...), nil
}

// MarshalJSON implements encoding/json.Marshaler: the level's String,
// quoted.
func (l Level) MarshalJSON() ([]byte, error) {
	return strconv.AppendQuote(nil, l.String()), nil
}

// UnmarshalJSON implements encoding/json.Unmarshaler: it accepts what
// MarshalJSON produces.
func (l *Level) UnmarshalJSON(data []byte) error {
	s, err := strconv.Unquote(string(data))
	if err != nil {
		return err
	}
	return l.parseName(s)
}

// UnmarshalText implements encoding.TextUnmarshaler: it accepts what
// MarshalText produces (any case, with an optional signed offset).
func (l *Level) UnmarshalText(data []byte) error {
	return l.parseName(string(data))
}

func (l *Level) parseName(s string) error {
	name, off := s, 0
	if i := strings.IndexAny(s, "+-"); i >= 0 {
		n, err := strconv.Atoi(s[i:])
		if err != nil {
			return fmt.Errorf("slog: level string %q: %w", s, err)
		}
		name, off = s[:i], n
	}
	var base Level
	switch strings.ToUpper(name) {
	case "DEBUG":
		base = LevelDebug
	case "INFO":
		base = LevelInfo
	case "WARN":
		base = LevelWarn
	case "ERROR":
		base = LevelError
	default:
		return fmt.Errorf("slog: level string %q: %w", s, errors.New("unknown name"))
	}
	*l = base + Level(off)
	return nil
}

// AppendText implements encoding.TextAppender.
func (v *LevelVar) AppendText(b []byte) ([]byte, error) {
	return v.Level().AppendText(b)
}

// MarshalText implements encoding.TextMarshaler.
func (v *LevelVar) MarshalText() ([]byte, error) {
	return v.Level().MarshalText()
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (v *LevelVar) UnmarshalText(data []byte) error {
	var l Level
	if err := l.UnmarshalText(data); err != nil {
		return err
	}
	v.Set(l)
	return nil
}

// Source describes the location of a line of source code.
type Source struct {
	// Function is the package path-qualified function name.
	Function string `json:"function"`
	// File and Line are the file name and line number of the location.
	File string `json:"file"`
	Line int    `json:"line"`
}

// Source returns the source location of the log event, nil if the
// record has no PC.
func (r Record) Source() *Source {
	if r.PC == 0 {
		return nil
	}
	frame, _ := runtime.CallersFrames([]uintptr{r.PC}).Next()
	return &Source{Function: frame.Function, File: frame.File, Line: frame.Line}
}

// slogGroup is s's non-zero fields as a group (the JSON form of a
// source attribute).
func (s *Source) slogGroup() Value {
	var as []Attr
	if s.Function != "" {
		as = append(as, String("function", s.Function))
	}
	if s.File != "" {
		as = append(as, String("file", s.File))
	}
	if s.Line != 0 {
		as = append(as, Int("line", s.Line))
	}
	return GroupValue(as...)
}

// NewLogLogger returns a *log.Logger whose output goes to h, each line
// a record at the given level.
func NewLogLogger(h Handler, level Level) *log.Logger {
	return log.New(&handlerWriter{h: h, level: level}, "", 0)
}

// MultiHandler is a Handler that hands each record to several handlers.
type MultiHandler struct {
	handlers []Handler
}

// NewMultiHandler returns a handler that invokes all the given handlers.
func NewMultiHandler(handlers ...Handler) *MultiHandler {
	return &MultiHandler{handlers: append([]Handler(nil), handlers...)}
}

// Enabled reports whether any of the handlers is enabled at level l.
func (h *MultiHandler) Enabled(ctx context.Context, l Level) bool {
	for _, x := range h.handlers {
		if x.Enabled(ctx, l) {
			return true
		}
	}
	return false
}

// Handle hands a clone of r to each handler enabled at its level; the
// errors are joined.
func (h *MultiHandler) Handle(ctx context.Context, r Record) error {
	var errs []error
	for _, x := range h.handlers {
		if !x.Enabled(ctx, r.Level) {
			continue
		}
		if err := x.Handle(ctx, r.Clone()); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// WithAttrs returns a MultiHandler of each handler's WithAttrs.
func (h *MultiHandler) WithAttrs(attrs []Attr) Handler {
	out := &MultiHandler{handlers: make([]Handler, len(h.handlers))}
	for i, x := range h.handlers {
		out.handlers[i] = x.WithAttrs(attrs)
	}
	return out
}

// WithGroup returns a MultiHandler of each handler's WithGroup.
func (h *MultiHandler) WithGroup(name string) Handler {
	out := &MultiHandler{handlers: make([]Handler, len(h.handlers))}
	for i, x := range h.handlers {
		out.handlers[i] = x.WithGroup(name)
	}
	return out
}
