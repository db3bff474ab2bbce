package main

import (
	"fmt"
	"sort"
	"strings"
)

type Set map[string]bool

func (s Set) Add(xs ...string) Set {
	for _, x := range xs {
		s[x] = true
	}
	return s
}

func (s Set) Has(x string) bool { return s[x] }

func (s Set) Sorted() []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func (s Set) Union(o Set) Set {
	r := Set{}
	for k := range s {
		r[k] = true
	}
	for k := range o {
		r[k] = true
	}
	return r
}

type Path []string

func (p Path) String() string { return "/" + strings.Join(p, "/") }
func (p Path) Parent() Path {
	if len(p) == 0 {
		return p
	}
	return p[:len(p)-1]
}

type ByLen []string

func (b ByLen) Len() int           { return len(b) }
func (b ByLen) Less(i, j int) bool { return len(b[i]) < len(b[j]) }
func (b ByLen) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

func main() {
	a := Set{}.Add("x", "y")
	b := Set{}.Add("y", "z")
	fmt.Println(a.Has("x"), a.Has("z"), a.Union(b).Sorted())
	fmt.Println(a)
	p := Path{"usr", "local", "bin"}
	fmt.Println(p, p.Parent(), p.Parent().Parent().Parent().Parent())
	words := ByLen{"banana", "kiwi", "apple", "fig"}
	sort.Sort(words)
	fmt.Println(words)
}
