package main

import (
	"fmt"
	"regexp"
)

func main() {
	punct := "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
	hay := "ab " + punct + "\nc\td<x>y " + punct
	for _, c := range punct {
		s := string(c)
		for _, pat := range []string{s, `\` + s, "[" + s + "]", `[\` + s + "]", "[^" + s + "a-z ]", "a" + s + "*", "[" + s + "x]+", "(?i)" + s, ".*" + s, "[!-" + s + "]"} {
			re, err := regexp.Compile(pat)
			if err != nil {
				fmt.Printf("%q: %v\n", pat, err)
				continue
			}
			fmt.Printf("%q: %v\n", pat, re.FindAllStringIndex(hay, -1))
		}
	}
	fmt.Println(regexp.MustCompile(">").FindStringIndex("ca>"))
	fmt.Println(regexp.MustCompile(".*<").FindStringIndex("c\na<"))
	fmt.Println(regexp.MustCompile(`\<`).FindStringIndex("ab<"))
	fmt.Println(regexp.MustCompile(`<(\w+)>`).FindAllStringSubmatch("<a> <bc> <>", -1))
	fmt.Println(regexp.MustCompile(`[<>]`).ReplaceAllString("<p>hi</p>", "|"))
	fmt.Println(regexp.MustCompile(`\Q<>!@\E+`).FindAllString("<>!@@@ <>!", -1))
	fmt.Println(regexp.QuoteMeta(punct))
	q := regexp.MustCompile(regexp.QuoteMeta(punct))
	fmt.Println(q.FindStringIndex(hay))
}
