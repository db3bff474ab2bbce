package main

import (
	"errors"
	"fmt"
)

func main() {
	base := errors.New("disk full")
	e1 := fmt.Errorf("write %q: %w", "file.txt", base)
	fmt.Println(e1)
	e2 := fmt.Errorf("retry %d/%d: %v", 3, 5, e1)
	fmt.Println(e2)
	fmt.Println(errors.Unwrap(e1) == base, errors.Unwrap(e2) == nil)
	e3 := fmt.Errorf("no args")
	fmt.Println(e3, e3.Error() == "no args")
	fmt.Printf("%v|%s|%q\n", e1, e1, e1)
	msg := fmt.Sprintf("%5.2f%% of %s", 12.3456, "total")
	fmt.Println(msg, len(msg))
	lines := ""
	for i := 1; i <= 3; i++ {
		lines += fmt.Sprintf("line %02d\n", i)
	}
	fmt.Print(lines)
	e4 := fmt.Errorf("two: %w and %w", base, e3)
	fmt.Println(e4, errors.Is(e4, base), errors.Is(e4, e3))
	fmt.Println(fmt.Errorf("%w", nil))
	fmt.Println(fmt.Errorf("bad %w", "not an error"))
}
