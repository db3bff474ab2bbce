// regexp's Find family (string and []byte, All with n, Submatch, Index),
// Match, NumSubexp/SubexpNames/SubexpIndex over patterns with empty
// matches, anchors, Unicode classes, case folding, ASCII \w \b \B, and
// inputs holding invalid UTF-8; starts with Go by Example's program.
package main

import (
	"bytes"
	"fmt"
	"regexp"
)

func main() {
	gobyexample()
	pats := []string{`a*`, ``, `a|b|`, `(a)|(b)`, `(a*)(b*)`, `^`, `$`, `(?m)^\w+$`, `(?m)$`,
		`\b`, `\B`, `\w+`, `\d+`, `\s+`, `[^a]`, `.`, `(?s).`, `é+`, `\pL+`, `\p{Greek}+`,
		`[[:alpha:]]+`, `(?i)straße`, `(?i)K`, `(?U)a+`, `a+?`, `(x)?y`, `(a|ab)(c|bcd)(d*)`,
		`^$`, `\A|\z`, `a{2,3}`, `(?:ab){2}`, `\Qa.b\E`, `[\d\-x]+`, `(?P<first>\w+)\s(?<last>\w+)`,
		`(?P<x>a)(?P<x>b)?`, `(a){0}b`, `\x{FFFD}`, `a.b`}
	ins := []string{"", "baaab", "héllo wörld", "abc 123\nxyz\n", "ΑΒΓ abc", "STRASSE straße",
		"k K \u212a", "abcd", "John Smith", "xy y", "a.b a-b", "a\xffb\xe2\x82c"}
	for _, p := range pats {
		re := regexp.MustCompile(p)
		fmt.Printf("== %q n=%d names=%q\n", p, re.NumSubexp(), re.SubexpNames())
		for _, s := range ins {
			fmt.Printf("  %q: %v %q %v %q %v\n", s, re.MatchString(s), re.FindString(s),
				re.FindStringIndex(s), re.FindStringSubmatch(s), re.FindStringSubmatchIndex(s))
			fmt.Printf("    all %q %v %v\n", re.FindAllString(s, -1), re.FindAllStringIndex(s, -1),
				re.FindAllStringSubmatchIndex(s, 2))
			fmt.Printf("    sub %q\n", re.FindAllStringSubmatch(s, -1))
			b := []byte(s)
			fmt.Printf("    bytes %v %q %v %q %q %v %q %v\n", re.Match(b), re.Find(b), re.FindIndex(b),
				re.FindSubmatch(b), re.FindAll(b, -1), re.FindAllIndex(b, 3),
				re.FindAllSubmatch(b, 2), re.FindAllSubmatchIndex(b, -1))
		}
	}
	re := regexp.MustCompile(`(?P<year>\d{4})-(?P<month>\d{2})`)
	fmt.Println(re.SubexpIndex("month"), re.SubexpIndex("day"), re.SubexpIndex(""))
	fmt.Println(re.FindAllString("x", 0) == nil, re.FindStringSubmatch("x") == nil, re.FindIndex(nil) == nil)
	fmt.Println(regexp.MustCompile(`x*`).FindAllString("", -1), len(regexp.MustCompile(`x*`).FindAllString("", -1)))
}

func gobyexample() {

	// This tests whether a pattern matches a string.
	match, _ := regexp.MatchString("p([a-z]+)ch", "peach")
	fmt.Println(match)

	// Above we used a string pattern directly, but for
	// other regexp tasks you'll need to `Compile` an
	// optimized `Regexp` struct.
	r, _ := regexp.Compile("p([a-z]+)ch")

	// Many methods are available on these structs. Here's
	// a match test like we saw earlier.
	fmt.Println(r.MatchString("peach"))

	// This finds the match for the regexp.
	fmt.Println(r.FindString("peach punch"))

	// This also finds the first match but returns the
	// start and end indexes for the match instead of the
	// matching text.
	fmt.Println("idx:", r.FindStringIndex("peach punch"))

	// The `Submatch` variants include information about
	// both the whole-pattern matches and the submatches
	// within those matches. For example this will return
	// information for both `p([a-z]+)ch` and `([a-z]+)`.
	fmt.Println(r.FindStringSubmatch("peach punch"))

	// Similarly this will return information about the
	// indexes of matches and submatches.
	fmt.Println(r.FindStringSubmatchIndex("peach punch"))

	// The `All` variants of these functions apply to all
	// matches in the input, not just the first. For
	// example to find all matches for a regexp.
	fmt.Println(r.FindAllString("peach punch pinch", -1))

	// These `All` variants are available for the other
	// functions we saw above as well.
	fmt.Println("all:", r.FindAllStringSubmatchIndex(
		"peach punch pinch", -1))

	// Providing a non-negative integer as the second
	// argument to these functions will limit the number
	// of matches.
	fmt.Println(r.FindAllString("peach punch pinch", 2))

	// Our examples above had string arguments and used
	// names like `MatchString`. We can also provide
	// `[]byte` arguments and drop `String` from the
	// function name.
	fmt.Println(r.Match([]byte("peach")))

	// When creating global variables with regular
	// expressions you can use the `MustCompile` variation
	// of `Compile`. `MustCompile` panics instead of
	// returning an error, which makes it safer to use for
	// global variables.
	r = regexp.MustCompile("p([a-z]+)ch")
	fmt.Println("regexp:", r)

	// The `regexp` package can also be used to replace
	// subsets of strings with other values.
	fmt.Println(r.ReplaceAllString("a peach", "<fruit>"))

	// The `Func` variant allows you to transform matched
	// text with a given function.
	in := []byte("a peach")
	out := r.ReplaceAllFunc(in, bytes.ToUpper)
	fmt.Println(string(out))
}
