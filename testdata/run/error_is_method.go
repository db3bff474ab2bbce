package main

import (
	"errors"
	"fmt"
)

type CodeError struct {
	Code int
	Msg  string
}

func (e *CodeError) Error() string { return fmt.Sprintf("[%d] %s", e.Code, e.Msg) }

// Is makes all CodeErrors with the same code match.
func (e *CodeError) Is(target error) bool {
	t, ok := target.(*CodeError)
	return ok && t.Code == e.Code
}

type wrapper struct {
	ctx string
	err error
}

func (w wrapper) Error() string { return w.ctx + ": " + w.err.Error() }
func (w wrapper) Unwrap() error { return w.err }

func main() {
	e := &CodeError{404, "page missing"}
	w := wrapper{"handler", wrapper{"router", e}}
	fmt.Println(w)
	fmt.Println(errors.Is(w, &CodeError{Code: 404}))
	fmt.Println(errors.Is(w, &CodeError{Code: 500}))
	var ce *CodeError
	if errors.As(w, &ce) {
		fmt.Println("as:", ce.Code, ce.Msg)
	}
	var ww wrapper
	fmt.Println(errors.As(w, &ww), ww.ctx)
	fmt.Println(errors.Unwrap(w) == w.err)
	chain := []error{}
	for err := error(w); err != nil; err = errors.Unwrap(err) {
		chain = append(chain, err)
	}
	for i, c := range chain {
		fmt.Printf("%d: %T %v\n", i, c, c)
	}
}
