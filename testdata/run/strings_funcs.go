package main

import (
	"fmt"
	"strings"
)

func main() {
	s := "  Hello, World! Hello, Go!  "
	fmt.Printf("%q\n", strings.TrimSpace(s))
	t := strings.TrimSpace(s)
	fmt.Println(strings.Contains(t, "World"), strings.Contains(t, "world"), strings.ContainsRune(t, 'G'), strings.ContainsAny(t, "xyz!"))
	fmt.Println(strings.Index(t, "Hello"), strings.LastIndex(t, "Hello"), strings.Index(t, "nope"), strings.IndexByte(t, 'W'), strings.IndexRune(t, 'G'))
	fmt.Println(strings.HasPrefix(t, "Hello"), strings.HasSuffix(t, "Go!"), strings.HasPrefix(t, "World"))
	fmt.Println(strings.Count(t, "Hello"), strings.Count(t, "l"), strings.Count("five", ""))
	fmt.Println(strings.ToUpper(t))
	fmt.Println(strings.ToLower(t))
	fmt.Println(strings.Replace(t, "Hello", "Bye", 1))
	fmt.Println(strings.Replace(t, "Hello", "Bye", -1))
	fmt.Println(strings.ReplaceAll(t, "l", "L"))
	fmt.Println(strings.Repeat("ab", 3), strings.Repeat("-", 10))
	fmt.Printf("%q\n", strings.Split("a,b,,c", ","))
	fmt.Printf("%q\n", strings.Split("abc", ""))
	fmt.Printf("%q\n", strings.SplitN("a,b,c,d", ",", 2))
	fmt.Printf("%q\n", strings.Fields("  spaced   out\ttext\n here "))
	fmt.Println(strings.Join([]string{"x", "y", "z"}, "-"), strings.Join(nil, ","))
	fmt.Printf("%q %q %q\n", strings.Trim("xxhixx", "x"), strings.TrimLeft("xxhixx", "x"), strings.TrimRight("xxhixx", "x"))
	fmt.Printf("%q %q\n", strings.TrimPrefix("prefix-body", "prefix-"), strings.TrimSuffix("body.go", ".go"))
	fmt.Println(strings.EqualFold("GoLang", "golang"), strings.Compare("a", "b"), strings.Compare("b", "a"), strings.Compare("x", "x"))
	fmt.Println(strings.Map(func(r rune) rune {
		if r == 'o' {
			return '0'
		}
		return r
	}, "foo boo"))
	before, after, found := strings.Cut("key=value=x", "=")
	fmt.Println(before, after, found)
	fmt.Println(strings.Fields("") == nil, len(strings.Split("", ",")))
	fmt.Println(strings.TrimFunc("123abc456", func(r rune) bool { return r >= '0' && r <= '9' }))
	fmt.Println(strings.IndexAny("golang", "ln"), strings.LastIndexByte("golang", 'g'))
}
