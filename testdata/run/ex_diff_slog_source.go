// Differential check against Go's examples: slog's AddSource option and
// Record.PC / Record.Source, and a flate writer with a preset dictionary.
package main

import (
	"bytes"
	"compress/flate"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

func trim(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(groups) == 0 {
		return slog.Attr{}
	}
	if a.Key == slog.SourceKey {
		src := a.Value.Any().(*slog.Source)
		src.File = filepath.Base(src.File)
	}
	return a
}

type recorder struct{ recs []slog.Record }

func (h *recorder) Enabled(context.Context, slog.Level) bool { return true }
func (h *recorder) Handle(_ context.Context, r slog.Record) error {
	h.recs = append(h.recs, r)
	return nil
}
func (h *recorder) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *recorder) WithGroup(string) slog.Handler      { return h }

var recTime = time.Time{}

func main() {
	text := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{AddSource: true, ReplaceAttr: trim}))
	text.Info("hello", "n", 1)
	text.Warn("two words", "k", "v")
	text.LogAttrs(context.Background(), slog.LevelError, "attrs", slog.Int("x", 2))
	text.Log(context.Background(), slog.LevelInfo, "log")
	text.With("w", 1).WithGroup("g").Info("grouped", "a", 1)

	js := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{AddSource: true, ReplaceAttr: trim}))
	js.Info("json", "n", 1)

	// A record without a PC: Go prints no source at all.
	h := slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{AddSource: true, ReplaceAttr: trim})
	r := slog.NewRecord(recTime, slog.LevelInfo, "no pc", 0)
	h.Handle(context.Background(), r)
	hj := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{AddSource: true, ReplaceAttr: trim})
	hj.Handle(context.Background(), r)

	// A wrapper that records its caller's position.
	var pcs [1]uintptr
	runtime.Callers(1, pcs[:])
	r = slog.NewRecord(recTime, slog.LevelWarn, "wrapped", pcs[0])
	h.Handle(context.Background(), r)

	// A *Source attribute among the others.
	text.Info("src attr", "where", &slog.Source{File: "x.go", Line: 7})
	text.Info("empty src attr", "where", &slog.Source{})

	// Handlers see the PC of the logging call.
	rec := &recorder{}
	l := slog.New(rec)
	l.Info("one")
	slog.SetDefault(l)
	slog.Info("two")
	slog.Warn("three")
	for _, r := range rec.recs {
		s := r.Source()
		fmt.Println(r.Message, s.Function, filepath.Base(s.File), s.Line)
	}

	// Without AddSource nothing changes.
	plain := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: trim}))
	plain.Info("plain")

	// flate with a preset dictionary: the writer refers back into it.
	const dict = `<?xml version="1.0"?><book><data><meta name="" content="`
	const data = `<?xml version="1.0"?>
<book>
	<meta name="title" content="The Go Programming Language"/>
	<meta name="isbn" content="978-0134190440"/>
	<data>...</data>
</book>
`
	var b bytes.Buffer
	zw, _ := flate.NewWriterDict(&b, flate.DefaultCompression, []byte(dict))
	io.Copy(zw, strings.NewReader(data))
	zw.Close()
	withDict := b.Len()
	out, err := io.ReadAll(flate.NewReaderDict(bytes.NewReader(b.Bytes()), []byte(dict)))
	fmt.Println(string(out) == data, err)
	hashed := bytes.Repeat([]byte("#"), len(dict))
	out, _ = io.ReadAll(flate.NewReaderDict(bytes.NewReader(b.Bytes()), hashed))
	fmt.Println(strings.Count(string(out), "#") > 40)

	var nb bytes.Buffer
	zw, _ = flate.NewWriter(&nb, flate.DefaultCompression)
	io.Copy(zw, strings.NewReader(data))
	zw.Close()
	fmt.Println(withDict < nb.Len())

	// Reset keeps the dictionary.
	b.Reset()
	zw, _ = flate.NewWriterDict(&b, flate.BestCompression, []byte(dict))
	zw.Write([]byte("ignored"))
	zw.Reset(&b)
	b.Reset()
	io.Copy(zw, strings.NewReader(data))
	zw.Close()
	out, err = io.ReadAll(flate.NewReaderDict(bytes.NewReader(b.Bytes()), []byte(dict)))
	fmt.Println(string(out) == data, err)
}
