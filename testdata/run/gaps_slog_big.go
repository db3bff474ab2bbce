package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"os"
	"strings"
	"time"
)

type failing struct{ slog.Handler }

func (failing) Handle(context.Context, slog.Record) error { return errors.New("disk full") }

func noTime(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(groups) == 0 {
		return slog.Attr{}
	}
	return a
}

func main() {
	// Level's text and JSON forms.
	for _, l := range []slog.Level{slog.LevelDebug, slog.LevelInfo + 2, slog.LevelWarn, slog.LevelError - 1, slog.LevelError + 3} {
		b, _ := l.AppendText([]byte("level="))
		j, _ := l.MarshalJSON()
		fmt.Printf("%s %s\n", b, j)
	}
	for _, s := range []string{"debug", "INFO+3", "Warn-1", "error", "ERROR+x", "loud", ""} {
		var l slog.Level
		err := l.UnmarshalText([]byte(s))
		fmt.Println(s, l, err)
	}
	for _, s := range []string{`"WARN+1"`, `"info"`, `WARN`, `"nope"`} {
		var l slog.Level
		err := l.UnmarshalJSON([]byte(s))
		fmt.Println(s, l, err)
	}
	var cfg struct {
		Level slog.Level
	}
	fmt.Println(json.Unmarshal([]byte(`{"Level":"ERROR-2"}`), &cfg), cfg.Level)
	out, _ := json.Marshal(cfg)
	fmt.Println(string(out))

	var lv slog.LevelVar
	fmt.Println(lv.UnmarshalText([]byte("warn+2")), lv.Level(), lv.String())
	t, _ := lv.MarshalText()
	a, _ := lv.AppendText([]byte("lv:"))
	fmt.Println(string(t), string(a), lv.UnmarshalText([]byte("bad")), lv.Level())

	// GroupAttrs, MultiHandler, NewLogLogger, Record.Source.
	var b1, b2 bytes.Buffer
	text := slog.NewTextHandler(&b1, &slog.HandlerOptions{ReplaceAttr: noTime})
	js := slog.NewJSONHandler(&b2, &slog.HandlerOptions{Level: slog.LevelWarn, ReplaceAttr: noTime})
	multi := slog.NewMultiHandler(text, js)
	fmt.Println(multi.Enabled(context.Background(), slog.LevelInfo), multi.Enabled(context.Background(), slog.LevelDebug))
	logger := slog.New(multi).With("app", "demo").WithGroup("req")
	logger.Info("hello", slog.GroupAttrs("user", slog.String("name", "ann"), slog.Int("id", 7)))
	logger.Warn("careful", "n", 3, slog.GroupAttrs("empty"))
	fmt.Print(b1.String(), b2.String())

	bad := slog.NewMultiHandler(failing{text}, failing{js})
	r := slog.NewRecord(time.Time{}, slog.LevelError, "boom", 0)
	fmt.Println(bad.Handle(context.Background(), r))
	fmt.Println(r.Source() == nil)
	fmt.Println(slog.NewMultiHandler().Enabled(context.Background(), slog.LevelError))

	b1.Reset()
	ll := slog.NewLogLogger(slog.NewTextHandler(&b1, &slog.HandlerOptions{ReplaceAttr: noTime}), slog.LevelWarn)
	ll.Printf("from log: %d", 42)
	ll.Println("second")
	fmt.Print(b1.String())
	src := slog.Source{Function: "main.main", File: "/x/y.go", Line: 9}
	sj, _ := json.Marshal(src)
	fmt.Println(string(sj))

	// big.Rat gob encoding: Go's bytes.
	for _, x := range []*big.Rat{new(big.Rat), big.NewRat(3, 1), big.NewRat(-1, 2), big.NewRat(6, 4),
		big.NewRat(1<<40, 3), new(big.Rat).SetFrac(big.NewInt(-7), new(big.Int).Lsh(big.NewInt(1), 70))} {
		enc, err := x.GobEncode()
		var z big.Rat
		derr := z.GobDecode(enc)
		fmt.Printf("%v %x %v -> %v %v\n", x, enc, err, z.String(), derr)
	}
	var z big.Rat
	fmt.Println(z.GobDecode([]byte{2, 0, 0, 0, 1, 7, 0}), z.String())
	fmt.Println(z.GobDecode([]byte{3, 0, 0, 0, 1, 6, 4}), z.String())
	fmt.Println(z.GobDecode([]byte{2, 0, 0}))
	fmt.Println(z.GobDecode([]byte{4, 0, 0, 0, 0}))
	fmt.Println(z.GobDecode([]byte{2, 0, 0, 0, 9, 1}))
	fmt.Println(z.GobDecode(nil), z.String())
	var nilRat *big.Rat
	enc, err := nilRat.GobEncode()
	fmt.Println(enc == nil, err)
	fmt.Fprintln(os.Stdout, strings.Repeat("-", 3))
}
