package main

import (
	"errors"
	"fmt"
)

var (
	ErrPermission = errors.New("permission denied")
	ErrTimeout    = errors.New("timeout")
)

func open(name string) error {
	if name == "secret" {
		return fmt.Errorf("open %s: %w", name, ErrPermission)
	}
	if name == "slow" {
		return fmt.Errorf("open %s: %w", name, ErrTimeout)
	}
	return nil
}

func load(name string) error {
	if err := open(name); err != nil {
		return fmt.Errorf("load config: %w", err)
	}
	return nil
}

func main() {
	for _, n := range []string{"ok", "secret", "slow"} {
		err := load(n)
		fmt.Printf("%-6s err=%v\n", n, err)
		fmt.Println("  is permission:", errors.Is(err, ErrPermission), "is timeout:", errors.Is(err, ErrTimeout))
	}
	err := load("secret")
	u1 := errors.Unwrap(err)
	u2 := errors.Unwrap(u1)
	u3 := errors.Unwrap(u2)
	fmt.Println(u1)
	fmt.Println(u2, u2 == ErrPermission)
	fmt.Println(u3 == nil)
	notWrapped := fmt.Errorf("flat: %v", ErrTimeout)
	fmt.Println(errors.Is(notWrapped, ErrTimeout), errors.Unwrap(notWrapped))
	fmt.Println(errors.Is(nil, ErrTimeout), errors.Is(ErrTimeout, ErrTimeout))
	both := fmt.Errorf("%w; %w", ErrPermission, ErrTimeout)
	fmt.Println(both)
	fmt.Println(errors.Is(both, ErrTimeout), errors.Is(both, ErrPermission))
}
