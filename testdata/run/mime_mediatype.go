package main

import (
	"errors"
	"fmt"
	"mime"
	"sort"
)

func show(v string) {
	mt, params, err := mime.ParseMediaType(v)
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Printf("%q -> %q [", v, mt)
	for i, k := range keys {
		if i > 0 {
			fmt.Print(" ")
		}
		fmt.Printf("%s=%q", k, params[k])
	}
	fmt.Printf("] nil=%v err=%v\n", params == nil, err)
}

func main() {
	for _, v := range []string{
		"text/html",
		"Text/HTML; Charset=UTF-8",
		"  text/plain ;charset = \"us-ascii\" ; format=flowed  ",
		"form-data; name=\"file\"; filename=\"C:\\\\dir\\\\a.txt\"",
		"form-data; name=\"a\\\"b\"",
		"multipart/form-data; boundary=----abc",
		"attachment; filename*=UTF-8''%E2%82%AC%20rates.txt",
		"attachment; filename*=iso-8859-1''foo",
		"message/external-body; access-type=URL; URL*0=\"ftp://\"; URL*1=\"cs.utk.edu/pub/moore/bulk-mailer/bulk-mailer.tar\"",
		"application/x-stuff; title*0*=us-ascii'en'This%20is%20even%20more%20; title*1*=%2A%2A%2Afun%2A%2A%2A%20; title*2=\"isn't it!\"",
		"text/plain;",
		"text/plain; ;",
		"",
		"   ",
		"text",
		"text/",
		"text/html/x",
		"text html",
		"/html",
		"text/plain; charset",
		"text/plain; charset=",
		"text/plain; charset=utf-8; charset=latin1",
		"text/plain; charset=utf-8; charset=utf-8",
		"text/plain; charset=\"unterminated",
		"text/plain; a=1 b=2",
		"inline",
		"text/plain; x*=bad",
		"text/plain; x*0=a; x*2=c",
	} {
		show(v)
	}
	_, _, err := mime.ParseMediaType("text/plain; =x")
	fmt.Println(errors.Is(err, mime.ErrInvalidMediaParameter), err == mime.ErrInvalidMediaParameter)

	fmt.Printf("%q\n", mime.FormatMediaType("text/HTML", map[string]string{"charset": "UTF-8"}))
	fmt.Printf("%q\n", mime.FormatMediaType("form-data", map[string]string{"name": "f", "filename": "a b.txt"}))
	fmt.Printf("%q\n", mime.FormatMediaType("attachment", map[string]string{"filename": "€ rates.txt"}))
	fmt.Printf("%q\n", mime.FormatMediaType("attachment", map[string]string{"filename": "q\"u\\o"}))
	fmt.Printf("%q\n", mime.FormatMediaType("text/plain", map[string]string{"B": "2", "a": "1", "c": ""}))
	fmt.Printf("%q\n", mime.FormatMediaType("bad type/x", nil))
	fmt.Printf("%q\n", mime.FormatMediaType("text/plain", map[string]string{"bad key": "v"}))
	fmt.Printf("%q\n", mime.FormatMediaType("text", nil))
	fmt.Printf("%q\n", mime.FormatMediaType("text/", nil))
	fmt.Printf("%q\n", mime.FormatMediaType("a/b", map[string]string{"x": "tab\there"}))
	fmt.Printf("%q\n", mime.FormatMediaType("a/b", map[string]string{"x": "new\nline*%'"}))
}
