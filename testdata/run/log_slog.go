package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"math"
	"os"
	"time"
)

type user struct {
	Name string
	Age  int
}

type secret string

func (secret) LogValue() slog.Value { return slog.StringValue("REDACTED") }

func main() {
	rm := func(groups []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey && len(groups) == 0 {
			return slog.Attr{}
		}
		return a
	}
	opts := &slog.HandlerOptions{ReplaceAttr: rm, Level: slog.LevelDebug}
	for _, h := range []slog.Handler{slog.NewTextHandler(os.Stdout, opts), slog.NewJSONHandler(os.Stdout, opts)} {
		l := slog.New(h)
		l.Info("hello", "count", 3, "pi", 3.25, "ok", true, "d", 1500*time.Millisecond)
		l.Debug("debugging", "s", "with space", "q", `a"b`, "e", "", "eq", "a=b")
		l.Warn("warn", slog.Group("req", "method", "GET", slog.Int("status", 200)), "err", errors.New("boom"))
		l.Error("bad", "odd")
		l.Info("user", "nil", nil, "list", []string{"a", "b"}, "ints", []int{1, 2}, "mixed", []any{1, "x", nil, 2.5})
		if _, ok := h.(*slog.TextHandler); ok {
			l.Info("user", "u", user{"Ann", 3}, "p", &user{"Bob", 4})
		}
		l.Info("secret", "pw", secret("x"), "lvl", slog.LevelWarn, "big", 1e21, "small", 1e-7, "nan", math.NaN())
		g := l.With("app", "demo").WithGroup("g").With("a", 1).WithGroup("h")
		g.Info("nested", "b", 2)
		g.Info("nested-empty")
		l.WithGroup("empty").Info("no attrs")
		l.Info("t", "when", time.Date(2024, 1, 2, 3, 4, 5, 6000000, time.UTC))
		l.LogAttrs(context.Background(), slog.LevelWarn+1, "attrs", slog.String("k", "v"), slog.Group("", slog.Int("inl", 1)), slog.Group("eg"))
		l.Info("uni", "ü", "日本", "tab", "a\tb")
		fmt.Println(l.Enabled(context.Background(), slog.LevelDebug-1))
	}
	for _, lv := range []slog.Level{-8, -4, -3, 0, 2, 4, 5, 8, 12} {
		fmt.Print(lv, " ")
	}
	fmt.Println()
	var lv slog.LevelVar
	lv.Set(slog.LevelWarn)
	fmt.Println(&lv, lv.Level())
	fmt.Println(slog.Int("a", 1), slog.Any("b", []int{1, 2}), slog.Group("g", "x", 1).Value.Kind(), slog.IntValue(3).Kind())
	log.SetFlags(0)
	slog.Info("via default", "k", 1)
	slog.Debug("hidden")
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: rm})))
	log.Print("from log package")
	slog.Warn("now text", "k", "v")
}
