// regexp compile errors: Go's *syntax.Error codes and quoted text for
// each kind, MatchString's error, errors.As to *syntax.Error, and finally
// MustCompile's uncaught panic.
package main

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
)

func main() {
	for _, p := range []string{"a(", "a)", "(a))", "[a", "x[^a-", `\8`, `\1`, "a**", "a*??",
		"x{2}{3}", "a{1001}", "a{2,1}", "(a{500}){3}", "((a{2}){2}){251}", "*a", "a|*", "(+",
		"(?i)(?i)*", `\`, "[z-a]", "[[:foo:]]", `\p{Foo}`, `\p{isGreek}`, `\p`, "(?x)", "(?i",
		"(?-)", "(?i-)", "(?P<n!>a)", "(?P=n)", "(?<>a)", "(?P<a", `\C`, `\x{110000}`, `\x`,
		`\xZ`, `[a-\d]`, "[]", "[^]", "a\xffb", "(?P<name>\xff)",
		// Valid, for contrast.
		"a(?i)*", "^*", "(?)", "a{,5}", "a{01}", `[\d-z]`, `\Qa*`, "((a{2}){2}){250}",
		`\p{greek}`, `\p{^L}`, `\pZ`, `\p{Cased_Letter}`, "a{1000}"} {
		re, err := regexp.Compile(p)
		if err != nil {
			fmt.Printf("%q %q (%T)\n", p, err.Error(), err)
		} else {
			fmt.Printf("%q ok %d\n", p, re.NumSubexp())
		}
	}
	_, err := regexp.MatchString(`a(b`, "ab")
	var se *syntax.Error
	fmt.Println(errors.As(err, &se), se.Code, se.Expr, se.Code == syntax.ErrMissingParen)
	func() {
		defer func() {
			r := recover()
			fmt.Printf("%T %v\n", r, r)
		}()
		regexp.MustCompile("`(")
	}()
	regexp.MustCompile(`(?P<n>x`)
}
