package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"strings"
)

func read(name, in string, setup func(r *csv.Reader)) {
	r := csv.NewReader(strings.NewReader(in))
	if setup != nil {
		setup(r)
	}
	fmt.Printf("== %s\n", name)
	for {
		rec, err := r.Read()
		if err != nil {
			var pe *csv.ParseError
			fmt.Printf("err: %v (%v) %q\n", err, errors.As(err, &pe), rec)
			if pe != nil && pe.Err == csv.ErrFieldCount {
				continue
			}
			break
		}
		l, c := r.FieldPos(len(rec) - 1)
		fmt.Printf("%q line=%d col=%d off=%d\n", rec, l, c, r.InputOffset())
	}
}

func main() {
	read("basic", "a,b,c\n1,2,3\n", nil)
	read("quoted", "\"x,y\",\"he said \"\"hi\"\"\",z\r\n\"multi\nline\",2,3\n", nil)
	read("bare quote", "a,b\"c,d\n", nil)
	read("bad quote", "\"abc\"x,1\n", nil)
	read("unterminated", "\"abc\n", nil)
	read("lazy", "a,b\"c\"d,\"e\"f\"\n", func(r *csv.Reader) { r.LazyQuotes = true })
	read("field count", "a,b\nc\nd,e\n", nil)
	read("fixed count", "a,b\nc,d\n", func(r *csv.Reader) { r.FieldsPerRecord = 3 })
	read("comment+trim+semicolon", "# note\n  a;  b\n\n;x\n", func(r *csv.Reader) { r.Comment = '#'; r.TrimLeadingSpace = true; r.Comma = ';' })
	read("no final newline", "a,b\nc,d", nil)
	read("empty fields", ",,\n\"\",x,\n", nil)
	read("invalid delim", "a\n", func(r *csv.Reader) { r.Comma = '"' })
	read("multi-line error", "\"a\nb\"c\n", nil)
	read("unicode comma", "α·β·γ\n", func(r *csv.Reader) { r.Comma = '·' })
	all, err := csv.NewReader(strings.NewReader("x,y\n1,2\n")).ReadAll()
	fmt.Println(all, err)
	all, err = csv.NewReader(strings.NewReader("x,y\n1\n")).ReadAll()
	fmt.Println(all, err)

	var sb strings.Builder
	w := csv.NewWriter(&sb)
	w.Write([]string{"plain", "with,comma", "with \"quote\"", "", " lead", "multi\nline", `\.`, "cr\rx"})
	w.Flush()
	w.UseCRLF = true
	w.Comma = '\t'
	w.WriteAll([][]string{{"a", "b\tc"}, {"line\nbreak", "d"}})
	fmt.Printf("%q %v\n", sb.String(), w.Error())
	w.Comma = 0
	fmt.Println(w.Write([]string{"x"}))
}
