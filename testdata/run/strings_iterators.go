package main

import (
	"fmt"
	"strings"
	"unicode"
)

// Never instantiated: its use of strings still counts, as gc counts it.
func joinAll[T fmt.Stringer](xs []T) string {
	var parts []string
	for _, x := range xs {
		parts = append(parts, x.String())
	}
	return strings.Join(parts, ",")
}

func main() {
	for l := range strings.Lines("one\ntwo\n\nthree") {
		fmt.Printf("%q ", l)
	}
	fmt.Println()
	for part := range strings.SplitSeq("a,b,,c", ",") {
		fmt.Printf("%q ", part)
	}
	fmt.Println()
	for part := range strings.SplitSeq("héllo", "") {
		fmt.Printf("%q ", part)
	}
	fmt.Println()
	for part := range strings.SplitAfterSeq("a,b,c", ",") {
		fmt.Printf("%q ", part)
		if part == "b," {
			break
		}
	}
	fmt.Println()
	for f := range strings.FieldsSeq("  the\tquick \u00a0brown\n fox ") {
		fmt.Printf("%q ", f)
	}
	fmt.Println()
	for f := range strings.FieldsFuncSeq("a1b22c333", unicode.IsDigit) {
		fmt.Printf("%q ", f)
	}
	fmt.Println()
}
