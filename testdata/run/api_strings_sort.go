package main

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

func main() {
	fmt.Println(strings.Clone("abc"), strings.Clone("") == "")
	for _, c := range [][2]string{{"a=b=c", "="}, {"abc", "x"}, {"abc", ""}, {"", ""}, {"a--b--", "--"}} {
		b, a, f := strings.CutLast(c[0], c[1])
		fmt.Printf("%q %q %v\n", b, a, f)
		bb, ba, bf := bytes.CutLast([]byte(c[0]), []byte(c[1]))
		fmt.Printf("%q %q %v %v\n", bb, ba, bf, ba == nil)
	}
	for _, n := range []int{-1, 0, 1, 2, 3, 10} {
		fmt.Printf("%d %q %q %q\n", n, strings.SplitAfterN("a,b,c,", ",", n), strings.SplitAfterN("héllo", "", n), strings.SplitAfterN("", ",", n))
	}
	r := strings.NewReplacer("a", "1", "bb", "22")
	n, err := r.WriteString(os.Stdout, "abba cab\n")
	fmt.Println(n, err)
	for p := range bytes.SplitAfterSeq([]byte("x;y;;z"), []byte(";")) {
		fmt.Printf("%q ", p)
	}
	fmt.Println()
	for p := range bytes.FieldsFuncSeq([]byte("  a1b22c  d"), unicode.IsDigit) {
		fmt.Printf("%q ", p)
	}
	fmt.Println()
	var buf bytes.Buffer
	buf.WriteString("hello")
	p, err := buf.Peek(3)
	fmt.Printf("%q %v %d\n", p, err, buf.Len())
	p, err = buf.Peek(9)
	fmt.Printf("%q %v %v\n", p, err, err == io.EOF)
	for _, s := range []string{"", "a", "\xe2\x82", "\xe2\x82\xac", "\xff", "\xf0\x9f"} {
		fmt.Print(utf8.FullRuneInString(s), " ")
	}
	fmt.Println()

	xs := []int{1, 3, 5, 7}
	for _, t := range []int{0, 3, 4, 8} {
		i, found := sort.Find(len(xs), func(i int) int { return t - xs[i] })
		fmt.Println(t, i, found, sort.IntSlice(xs).Search(t))
	}
	fs := []float64{2.5, math.NaN(), -1, 0}
	fmt.Println(sort.Float64sAreSorted(fs))
	sort.Float64Slice(fs).Sort()
	fmt.Println(fs, sort.Float64sAreSorted(fs), sort.SearchFloat64s(fs, 1), sort.Float64Slice(fs).Search(2.5))
	is := sort.IntSlice{5, 2, 9}
	is.Sort()
	ss := sort.StringSlice{"b", "c", "a"}
	ss.Sort()
	fmt.Println(is, ss, ss.Search("b"), ss.Search("z"))
}

func init() {
	for _, p := range []string{"a/b", "/a", "a/../b", ".", "", "a\x00b", "a\\b", "a//b"} {
		l, err := filepath.Localize(p)
		fmt.Printf("%q %q %v\n", p, l, err)
	}
	fmt.Println(filepath.HasPrefix("/usr/lib", "/usr"), filepath.HasPrefix("a", "ab"))
}
