package main

import (
	"fmt"
	"os"
	"strings"
	"text/tabwriter"
)

type failing struct{ n int }

func (f *failing) Write(p []byte) (int, error) {
	if f.n == 0 {
		return 0, fmt.Errorf("disk full")
	}
	f.n--
	return len(p), nil
}

func main() {
	w := tabwriter.NewWriter(os.Stdout, 0, 8, 1, ' ', 0)
	fmt.Fprintln(w, "a\tb\tc")
	fmt.Fprintln(w, "aa\tbbbbb\tc")
	fmt.Fprintln(w, "aaaaaaa\tb\tcccc\td")
	fmt.Fprintln(w, "no tabs here")
	fmt.Fprintln(w, "x\ty")
	w.Flush()

	w = tabwriter.NewWriter(os.Stdout, 5, 0, 2, '.', tabwriter.AlignRight|tabwriter.Debug)
	fmt.Fprintln(w, "1\t22\t333\t")
	fmt.Fprintln(w, "4444\t5\t66\t")
	fmt.Fprintln(w, "\t\t7\t")
	w.Flush()

	w = tabwriter.NewWriter(os.Stdout, 0, 4, 0, '\t', tabwriter.TabIndent)
	fmt.Fprintln(w, "\tindented\tx")
	fmt.Fprintln(w, "\t\tmore\ty")
	fmt.Fprint(w, "tail without newline\tz")
	w.Flush()
	fmt.Println()

	w = tabwriter.NewWriter(os.Stdout, 0, 8, 1, '-', tabwriter.DiscardEmptyColumns|tabwriter.Debug)
	fmt.Fprintln(w, "a\t\tb")
	fmt.Fprintln(w, "cc\t\td")
	fmt.Fprint(w, "e\tf\fg\th\n")
	w.Flush()

	w = tabwriter.NewWriter(os.Stdout, 0, 8, 1, ' ', tabwriter.FilterHTML|tabwriter.StripEscape)
	fmt.Fprintln(w, "<b>bold</b>\t&amp;\tz")
	fmt.Fprintln(w, "plain\tx\tz")
	fmt.Fprintln(w, "\xffesc\taped\xff\ty\tz")
	w.Flush()

	w = tabwriter.NewWriter(os.Stdout, 0, 8, 1, ' ', 0)
	fmt.Fprintln(w, "héllo\twörld\t!")
	fmt.Fprintln(w, "日本語\tx\t!")
	w.Flush()

	var sb strings.Builder
	w = tabwriter.NewWriter(&sb, 10, 8, 0, '\t', 0)
	fmt.Fprintf(w, "%s\t%s\t%s\n", "Name", "Age", "City")
	fmt.Fprintf(w, "%s\t%d\t%s\n", "Alexander", 30, "NYC")
	w.Flush()
	fmt.Printf("%q\n", sb.String())

	w = tabwriter.NewWriter(&failing{1}, 0, 8, 1, ' ', 0)
	_, err := fmt.Fprintln(w, "a\tb")
	fmt.Println("write:", err)
	_, err = fmt.Fprintln(w, "c")
	fmt.Println("write2:", err)
	fmt.Println("flush:", w.Flush())

	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		tabwriter.NewWriter(os.Stdout, -1, 8, 1, ' ', 0)
	}()
}
