package main

import (
	"bytes"
	"fmt"
	"index/suffixarray"
	"regexp"
	"sort"
)

func main() {
	data := []byte("banana bandana cabana anagram banal")
	idx := suffixarray.New(data)
	for _, q := range []string{"an", "ana", "ban", "x", "a", "banal", "", "l"} {
		fmt.Printf("%q all=%v first2=%v zero=%v\n", q, idx.Lookup([]byte(q), -1), idx.Lookup([]byte(q), 2), idx.Lookup([]byte(q), 0))
	}
	all := idx.Lookup([]byte("a"), -1)
	sort.Ints(all)
	fmt.Println(all)
	fmt.Println(string(idx.Bytes()) == string(data))
	for _, re := range []string{"an", "ana", "b.n", "an+a", "[bc]a", "a", "zz", "ban(ana|dana)", "a.a"} {
		r := regexp.MustCompile(re)
		fmt.Printf("%s: %v | %v | %v\n", re, idx.FindAllIndex(r, -1), idx.FindAllIndex(r, 2), idx.FindAllIndex(r, 0))
	}
	// serialization round trip, and the bytes Go writes
	var buf bytes.Buffer
	if err := idx.Write(&buf); err != nil {
		fmt.Println(err)
	}
	fmt.Println(buf.Len(), buf.Bytes()[:24])
	var idx2 suffixarray.Index
	if err := idx2.Read(&buf); err != nil {
		fmt.Println("read:", err)
	}
	fmt.Println(string(idx2.Bytes()), idx2.Lookup([]byte("ana"), -1))
	var bad suffixarray.Index
	fmt.Println(bad.Read(bytes.NewReader([]byte{1, 2})))
	fmt.Println(bad.Read(bytes.NewReader(nil)))

	rep := bytes.Repeat([]byte("ab"), 200)
	ri := suffixarray.New(rep)
	fmt.Println(len(ri.Lookup([]byte("abab"), -1)), ri.Lookup([]byte("ba"), 5))
	e := suffixarray.New(nil)
	fmt.Println(e.Lookup([]byte("a"), -1), e.FindAllIndex(regexp.MustCompile("a"), -1), len(e.Bytes()))
}
