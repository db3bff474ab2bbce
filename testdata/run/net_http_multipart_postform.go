package main

import (
	"fmt"
	"net/http"
	"strings"
)

func try(ct, body string) {
	req, _ := http.NewRequest("POST", "http://example.com/?q=1", strings.NewReader(body))
	if ct != "-" {
		req.Header.Set("Content-Type", ct)
	}
	err := req.ParseForm()
	fmt.Printf("%q: err=%v form=%v post=%v\n", ct, err, req.Form, req.PostForm)
}

func main() {
	try("application/x-www-form-urlencoded", "a=1&b=2")
	try("Application/X-WWW-Form-URLEncoded; charset=utf-8", "a=1")
	try("application/x-www-form-urlencoded; charset", "a=1")
	try("application/x-www-form-urlencoded;", "a=1")
	try("application/x-www-form-urlencoded; a=1; a=2", "a=1")
	try("text/plain", "a=1")
	try("", "a=1")
	try("-", "a=1")
	try("bad type", "a=1")
	try("/x", "a=1")
	try("multipart/form-data; boundary=x", "a=1")
	try("application/x-www-form-urlencoded", "a=%zz&b=2")

	req, _ := http.NewRequest("POST", "http://example.com/", nil)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	fmt.Println(req.ParseForm(), req.Form, req.PostForm)
	req, _ = http.NewRequest("PUT", "http://example.com/", strings.NewReader("z=9"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	fmt.Println(req.FormValue("z"), req.MultipartForm == nil)
}
