package slog

import (
	"bytes"
	"context"
	"encoding"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// Keys for the built-in attributes.
const (
	TimeKey    = "time"
	LevelKey   = "level"
	MessageKey = "msg"
	SourceKey  = "source"
)

// HandlerOptions are options for a TextHandler or JSONHandler.
type HandlerOptions struct {
	AddSource   bool
	Level       Leveler
	ReplaceAttr func(groups []string, a Attr) Attr
}

// commonHandler is the engine of TextHandler, JSONHandler and the
// default handler. levels[i] holds the attributes added by WithAttrs
// while i groups were open (len(levels) == len(groups)+1); a record's
// own attributes go to the innermost group. A group with nothing in it
// is left out, as Go leaves it out.
type commonHandler struct {
	json   bool
	opts   HandlerOptions
	groups []string
	levels [][]Attr
	mu     *sync.Mutex
	w      io.Writer
}

func newCommonHandler(w io.Writer, json bool, opts *HandlerOptions) *commonHandler {
	h := &commonHandler{json: json, w: w, mu: &sync.Mutex{}, levels: [][]Attr{nil}}
	if opts != nil {
		h.opts = *opts
	}
	return h
}

func (h *commonHandler) clone() *commonHandler {
	c := *h
	c.groups = append([]string(nil), h.groups...)
	c.levels = make([][]Attr, len(h.levels))
	for i, l := range h.levels {
		c.levels[i] = append([]Attr(nil), l...)
	}
	return &c
}

func (h *commonHandler) enabled(l Level) bool {
	minLevel := LevelInfo
	if h.opts.Level != nil {
		minLevel = h.opts.Level.Level()
	}
	return l >= minLevel
}

func (h *commonHandler) withAttrs(as []Attr) *commonHandler {
	c := h.clone()
	last := len(c.levels) - 1
	c.levels[last] = append(c.levels[last], as...)
	return c
}

func (h *commonHandler) withGroup(name string) *commonHandler {
	c := h.clone()
	c.groups = append(c.groups, name)
	c.levels = append(c.levels, nil)
	return c
}

// item renders one attribute: `"k":v` (JSON) or `k=v` (text, the key
// prefixed by its groups). Groups expand to several text items or one
// JSON object.
func (h *commonHandler) items(groups []string, a Attr) []string {
	rep := h.opts.ReplaceAttr
	a.Value = a.Value.Resolve()
	if rep != nil && a.Value.Kind() != KindGroup {
		a = rep(groups, a)
		a.Value = a.Value.Resolve()
	}
	if a.isEmpty() {
		return nil
	}
	if a.Value.Kind() == KindAny {
		if src, ok := a.Value.Any().(*Source); ok {
			if src == nil || *src == (Source{}) {
				return nil
			}
			if h.json {
				a.Value = src.slogGroup()
			} else {
				a.Value = StringValue(src.File + ":" + strconv.Itoa(src.Line))
			}
		}
	}
	if a.Value.Kind() == KindGroup {
		attrs := a.Value.Group()
		if len(attrs) == 0 {
			return nil
		}
		inner := groups
		if a.Key != "" {
			inner = append(append([]string(nil), groups...), a.Key)
		}
		var sub []string
		for _, ga := range attrs {
			sub = append(sub, h.items(inner, ga)...)
		}
		if len(sub) == 0 || !h.json || a.Key == "" {
			return sub
		}
		return []string{jsonString(a.Key) + ":{" + strings.Join(sub, ",") + "}"}
	}
	if h.json {
		return []string{jsonString(a.Key) + ":" + jsonValue(a.Value)}
	}
	key := a.Key
	if len(groups) > 0 {
		key = strings.Join(groups, ".") + "." + key
	}
	return []string{textString(key) + "=" + textValue(a.Value)}
}

// nonBuiltIns renders the handler's and the record's attributes.
func (h *commonHandler) nonBuiltIns(r Record) []string {
	n := len(h.levels)
	rendered := make([][]string, n)
	for i, l := range h.levels {
		for _, a := range l {
			rendered[i] = append(rendered[i], h.items(h.groups[:i], a)...)
		}
	}
	r.Attrs(func(a Attr) bool {
		rendered[n-1] = append(rendered[n-1], h.items(h.groups, a)...)
		return true
	})
	if !h.json {
		var out []string
		for _, l := range rendered {
			out = append(out, l...)
		}
		return out
	}
	// Innermost first: a group becomes an object holding its level's
	// items and the (non-empty) groups inside it.
	var inner []string
	for i := n - 1; i >= 0; i-- {
		items := append(append([]string(nil), rendered[i]...), inner...)
		if i == 0 {
			return items
		}
		if len(items) == 0 {
			inner = nil
		} else {
			inner = []string{jsonString(h.groups[i-1]) + ":{" + strings.Join(items, ",") + "}"}
		}
	}
	return nil
}

func (h *commonHandler) handle(r Record) error {
	var items []string
	rep := h.opts.ReplaceAttr
	builtin := func(a Attr) {
		if rep == nil {
			if h.json {
				items = append(items, jsonString(a.Key)+":"+jsonValue(a.Value))
			} else {
				items = append(items, textString(a.Key)+"="+textValue(a.Value))
			}
			return
		}
		items = append(items, h.items(nil, a)...)
	}
	if !r.Time.IsZero() {
		builtin(Time(TimeKey, r.Time.Round(0)))
	}
	builtin(Any(LevelKey, r.Level))
	if h.opts.AddSource {
		src := r.Source()
		if src == nil {
			src = &Source{}
		}
		items = append(items, h.items(nil, Any(SourceKey, src))...)
	}
	builtin(String(MessageKey, r.Message))
	items = append(items, h.nonBuiltIns(r)...)
	var line string
	if h.json {
		line = "{" + strings.Join(items, ",") + "}\n"
	} else {
		line = strings.Join(items, " ") + "\n"
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	_, err := io.WriteString(h.w, line)
	return err
}

// TextHandler writes records as space-separated key=value pairs.
type TextHandler struct{ c *commonHandler }

func NewTextHandler(w io.Writer, opts *HandlerOptions) *TextHandler {
	return &TextHandler{newCommonHandler(w, false, opts)}
}

func (h *TextHandler) Enabled(_ context.Context, level Level) bool { return h.c.enabled(level) }
func (h *TextHandler) WithAttrs(attrs []Attr) Handler {
	return &TextHandler{h.c.withAttrs(attrs)}
}
func (h *TextHandler) WithGroup(name string) Handler {
	if name == "" {
		return h
	}
	return &TextHandler{h.c.withGroup(name)}
}
func (h *TextHandler) Handle(_ context.Context, r Record) error { return h.c.handle(r) }

// JSONHandler writes records as line-delimited JSON objects.
type JSONHandler struct{ c *commonHandler }

func NewJSONHandler(w io.Writer, opts *HandlerOptions) *JSONHandler {
	return &JSONHandler{newCommonHandler(w, true, opts)}
}

func (h *JSONHandler) Enabled(_ context.Context, level Level) bool { return h.c.enabled(level) }
func (h *JSONHandler) WithAttrs(attrs []Attr) Handler {
	return &JSONHandler{h.c.withAttrs(attrs)}
}
func (h *JSONHandler) WithGroup(name string) Handler {
	if name == "" {
		return h
	}
	return &JSONHandler{h.c.withGroup(name)}
}
func (h *JSONHandler) Handle(_ context.Context, r Record) error { return h.c.handle(r) }

// defaultHandler formats "LEVEL msg k=v" and writes it through package
// log's default Logger (which adds its own date and prefix).
type defaultHandler struct {
	c *commonHandler
}

func newDefaultHandler() *defaultHandler {
	return &defaultHandler{newCommonHandler(nil, false, nil)}
}

func (h *defaultHandler) Enabled(_ context.Context, l Level) bool {
	return l >= logLoggerLevel.Level()
}

func (h *defaultHandler) Handle(_ context.Context, r Record) error {
	s := r.Level.String() + " " + r.Message
	for _, it := range h.c.nonBuiltIns(r) {
		s += " " + it
	}
	return log.Output(4, s)
}

func (h *defaultHandler) WithAttrs(as []Attr) Handler {
	return &defaultHandler{h.c.withAttrs(as)}
}

func (h *defaultHandler) WithGroup(name string) Handler {
	if name == "" {
		return h
	}
	return &defaultHandler{h.c.withGroup(name)}
}

// ----- text values ------------------------------------------------------

func needsQuoting(s string) bool {
	if len(s) == 0 {
		return true
	}
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b != '\\' && (b == ' ' || b == '=' || b == '"' || b < 0x20 || b == 0x7f) {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError || unicode.IsSpace(r) || !unicode.IsPrint(r) {
			return true
		}
		i += size
	}
	return false
}

func textString(s string) string {
	if needsQuoting(s) {
		return strconv.Quote(s)
	}
	return s
}

// rfc3339Millis formats t as 2006-01-02T15:04:05.000Z07:00.
func rfc3339Millis(t time.Time) string {
	return t.Format("2006-01-02T15:04:05.000Z07:00")
}

func textValue(v Value) string {
	switch v.Kind() {
	case KindString:
		return textString(v.String())
	case KindTime:
		return rfc3339Millis(v.Time())
	case KindAny:
		if tm, ok := v.any.(encoding.TextMarshaler); ok {
			data, err := tm.MarshalText()
			if err != nil {
				return textString("!ERROR:" + err.Error())
			}
			return textString(string(data))
		}
		if bs, ok := v.any.([]byte); ok {
			return strconv.Quote(string(bs))
		}
		return textString(fmt.Sprintf("%+v", v.Any()))
	}
	return string(v.append(nil))
}

// ----- JSON values ------------------------------------------------------

const hexDigits = "0123456789abcdef"

func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '\\' || c == '"':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c == '\n':
				b.WriteString(`\n`)
			case c == '\r':
				b.WriteString(`\r`)
			case c == '\t':
				b.WriteString(`\t`)
			case c < 0x20:
				b.WriteString(`\u00`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&0xF])
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
		case r == '\u2028' || r == '\u2029':
			b.WriteString(`\u202`)
			b.WriteByte(hexDigits[r&0xF])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
	return b.String()
}

// jsonFloat formats f as encoding/json does; ok is false for NaN and
// the infinities, which JSON cannot hold.
func jsonFloat(f float64) (string, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "", false
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b := strconv.AppendFloat(nil, f, format, -1, 64)
	if format == 'e' {
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return string(b), true
}

func jsonValue(v Value) string {
	switch v.Kind() {
	case KindString:
		return jsonString(v.String())
	case KindInt64:
		return strconv.FormatInt(v.Int64(), 10)
	case KindUint64:
		return strconv.FormatUint(v.Uint64(), 10)
	case KindFloat64:
		s, ok := jsonFloat(v.Float64())
		if !ok {
			return jsonString("!ERROR:json: unsupported value: " + strconv.FormatFloat(v.Float64(), 'g', -1, 64))
		}
		return s
	case KindBool:
		return strconv.FormatBool(v.Bool())
	case KindDuration:
		return strconv.FormatInt(int64(v.Duration()), 10)
	case KindTime:
		return jsonString(v.Time().Format(time.RFC3339Nano))
	case KindAny:
		s, err := jsonAny(v.any)
		if err != "" {
			return jsonString("!ERROR:" + err)
		}
		return s
	}
	return jsonString(v.String())
}

// jsonAny encodes a as Go's JSONHandler does: an error (that is no
// json.Marshaler) by its text, anything else by a json.Encoder that
// leaves HTML unescaped.
func jsonAny(a any) (string, string) {
	if l, ok := a.(Level); ok {
		return jsonString(l.String()), ""
	}
	_, jm := a.(json.Marshaler)
	if err, ok := a.(error); ok && !jm {
		return jsonString(err.Error()), ""
	}
	var bb bytes.Buffer
	enc := json.NewEncoder(&bb)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(a); err != nil {
		return "", err.Error()
	}
	return strings.TrimSuffix(bb.String(), "\n"), ""
}
