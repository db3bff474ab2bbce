package main

import (
	"errors"
	"fmt"
	"strings"
)

type Step func(state map[string]int) error

var ErrSkip = errors.New("skip")

func run(steps map[string]Step, order []string) (done []string, err error) {
	state := map[string]int{}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("step panicked: %v", r)
		}
	}()
	for _, name := range order {
		if e := steps[name](state); e != nil {
			if errors.Is(e, ErrSkip) {
				done = append(done, name+"(skipped)")
				continue
			}
			return done, fmt.Errorf("%s: %w", name, e)
		}
		done = append(done, name)
	}
	return done, nil
}

func main() {
	steps := map[string]Step{
		"init": func(s map[string]int) error { s["x"] = 1; return nil },
		"skip": func(s map[string]int) error { return fmt.Errorf("nothing to do: %w", ErrSkip) },
		"fail": func(s map[string]int) error {
			if s["x"] > 0 {
				return errors.New("x already set")
			}
			return nil
		},
		"crash": func(s map[string]int) error {
			var arr []int
			return fmt.Errorf("%d", arr[s["x"]])
		},
	}
	for _, order := range []string{"init,skip", "init,skip,fail,init", "skip,crash", "init,crash"} {
		done, err := run(steps, strings.Split(order, ","))
		fmt.Printf("%-22s done=%v err=%v\n", order, done, err)
	}
}
