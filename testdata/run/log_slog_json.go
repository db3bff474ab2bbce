package main

import (
	"errors"
	"log/slog"
	"os"
	"time"
)

type P struct {
	Name string `json:"name"`
	Tags []string
	M    map[string]int
}

func main() {
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}})
	l := slog.New(h)
	l.Info("hello", "p", P{"x<y>", []string{"a"}, map[string]int{"b": 1}}, "err", errors.New("bad"), "ch", make(chan int), "d", 3*time.Second, "lvl", slog.LevelWarn, "f", []float64{1.5, 2})
	l.Warn("w", slog.Group("g", "k", []any{1, "2", nil}), "ptr", &P{Name: "p"})
}
