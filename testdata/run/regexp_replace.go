// regexp's ReplaceAll family with Go's $name / ${name} / $$ template rules,
// Expand/ExpandString, the Func and Literal variants, Split with every n,
// QuoteMeta, MarshalText/UnmarshalText, Copy and String.
package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

func main() {
	re := regexp.MustCompile(`(?P<key>\w+)=(?P<val>\w*)`)
	src := "a=1, bb=22, c=, d=4"
	for _, t := range []string{"$key:$val", "${key}x", "$keyx", "$1x", "${1}x", "$10", "$$", "$",
		"${", "${key", "$!", "$val$key", "${0}", "$00", "$2$1", "${nope}", "$é", "x$"} {
		fmt.Printf("%q -> %q | %q\n", t, re.ReplaceAllString(src, t), re.ReplaceAll([]byte(src), []byte(t)))
	}
	fmt.Println(re.ReplaceAllLiteralString(src, "$1"), string(re.ReplaceAllLiteral([]byte(src), []byte("${2}"))))
	var dst []byte
	for _, m := range re.FindAllStringSubmatchIndex(src, -1) {
		dst = re.ExpandString(dst, "[$val/$key]", src, m)
	}
	fmt.Println(string(dst))
	b := []byte(src)
	fmt.Println(string(re.Expand([]byte("got:"), []byte("<$2>"), b, re.FindSubmatchIndex(b))))
	fmt.Println(re.ReplaceAllStringFunc(src, strings.ToUpper))
	fmt.Println(string(re.ReplaceAllFunc(b, bytes.ToUpper)))

	// Empty matches: no replacement right after a match.
	for _, p := range []string{`a*`, ``, `x*`, `b*|a`, `\b`, `\B`, `(?m)^`, `$`} {
		r := regexp.MustCompile(p)
		fmt.Printf("%q: %q %q %q\n", p, r.ReplaceAllString("baaacaa", "-"), r.ReplaceAllString("héllo", "<$0>"),
			r.ReplaceAllString("ab\ncd\n", "|"))
	}

	fmt.Println(regexp.QuoteMeta(`Escaping $5 [a-z]+ (x|y)? {1} \ ^. plain`), regexp.QuoteMeta("plain"))
	fmt.Printf("%q\n", regexp.MustCompile("a*").Split("abaabaccadaaae", 5))
	for _, n := range []int{-1, 0, 1, 2, 3, 10} {
		fmt.Printf("%d: %q %q %q %q\n", n, regexp.MustCompile(",").Split("a,b,,c,", n),
			regexp.MustCompile("").Split("abc", n), regexp.MustCompile("x*").Split("axbxxc", n),
			regexp.MustCompile(`\s+`).Split("  one two\tthree  ", n))
	}
	fmt.Printf("%q %q\n", regexp.MustCompile("").Split("", -1), regexp.MustCompile("a").Split("", -1))

	ok, err := regexp.MatchString(`^[a-z]+\[[0-9]+\]$`, "adam[23]")
	fmt.Println(ok, err)
	ok, err = regexp.Match(`\d`, []byte("x9"))
	fmt.Println(ok, err)

	mt, _ := re.MarshalText()
	fmt.Println(string(mt))
	var r3 regexp.Regexp
	fmt.Println(r3.UnmarshalText([]byte("a+")), r3.MatchString("baa"), r3.String())
	c := re.Copy()
	fmt.Println(c.String() == re.String(), c != re)
	fmt.Printf("%v %s %q\n", regexp.MustCompile(`x`), regexp.MustCompile(`x+`), regexp.MustCompile("a\nb"))
	long := strings.Repeat("ab ", 2000)
	fmt.Println(len(regexp.MustCompile(`\w+`).FindAllString(long, -1)),
		len(regexp.MustCompile(`b`).ReplaceAllString(long, "xyz")))
}
