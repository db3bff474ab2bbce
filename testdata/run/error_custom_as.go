package main

import (
	"errors"
	"fmt"
)

type NotFoundError struct {
	Name string
}

func (e *NotFoundError) Error() string { return e.Name + ": not found" }

type TempError struct {
	Op      string
	Retries int
}

func (e TempError) Error() string { return fmt.Sprintf("%s failed after %d retries", e.Op, e.Retries) }

func lookup(name string) error {
	switch name {
	case "ghost":
		return fmt.Errorf("lookup: %w", &NotFoundError{name})
	case "flaky":
		return fmt.Errorf("lookup: %w", TempError{"dial", 3})
	}
	return nil
}

func main() {
	for _, n := range []string{"ghost", "flaky", "fine"} {
		err := lookup(n)
		var nf *NotFoundError
		var te TempError
		switch {
		case errors.As(err, &nf):
			fmt.Println("not found error for", nf.Name, "|", err)
		case errors.As(err, &te):
			fmt.Println("temp error op", te.Op, "retries", te.Retries, "|", err)
		case err == nil:
			fmt.Println(n, "ok")
		}
	}
	var err error = &NotFoundError{"direct"}
	if e, ok := err.(*NotFoundError); ok {
		fmt.Println("type assertion works:", e.Name)
	}
	switch e := lookup("flaky").(type) {
	case TempError:
		fmt.Println("unwrapped type?", e)
	default:
		fmt.Printf("wrapped type %T\n", e)
	}
	target := &NotFoundError{"ghost"}
	fmt.Println(errors.Is(lookup("ghost"), target))
}
