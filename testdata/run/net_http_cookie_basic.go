package main

import (
	"fmt"
	"log"
	"net/http"
	"os"
	"time"
)

type rw struct{ h http.Header }

func (w *rw) Header() http.Header         { return w.h }
func (w *rw) Write(b []byte) (int, error) { return len(b), nil }
func (w *rw) WriteHeader(int)             {}

func main() {
	log.SetFlags(0)
	log.SetOutput(os.Stdout)
	exp := time.Date(2030, 1, 2, 3, 4, 5, 0, time.FixedZone("X", 3600))
	cookies := []*http.Cookie{
		{Name: "a", Value: "b"},
		{Name: "sess", Value: "xyz", Path: "/", Domain: ".example.com", Expires: exp, MaxAge: 3600, HttpOnly: true, Secure: true, SameSite: http.SameSiteLaxMode},
		{Name: "s", Value: "has space", SameSite: http.SameSiteStrictMode},
		{Name: "c", Value: "comma,x", SameSite: http.SameSiteNoneMode, Partitioned: true, Secure: true},
		{Name: "q", Value: "v", Quoted: true, SameSite: http.SameSiteDefaultMode},
		{Name: "bad\"v", Value: "x"},
		{Name: "d", Value: "bad\"quote;semi\\"},
		{Name: "p", Value: "v", Path: "/a;b"},
		{Name: "dom", Value: "v", Domain: "bad domain"},
		{Name: "dom", Value: "v", Domain: "127.0.0.1"},
		{Name: "dom", Value: "v", Domain: "::1"},
		{Name: "del", Value: "", MaxAge: -1},
		{Name: "old", Value: "v", Expires: time.Date(1500, 1, 1, 0, 0, 0, 0, time.UTC)},
		{Name: "", Value: "v"},
	}
	for _, c := range cookies {
		fmt.Printf("String: %q\n", c.String())
		fmt.Printf("Valid: %v\n", c.Valid())
	}
	var nilc *http.Cookie
	fmt.Printf("nil: %q %v\n", nilc.String(), nilc.Valid())

	w := &rw{h: http.Header{}}
	for _, c := range cookies[:5] {
		http.SetCookie(w, c)
	}
	http.SetCookie(w, &http.Cookie{Name: "", Value: "dropped"})
	for _, v := range w.h["Set-Cookie"] {
		fmt.Println("Set-Cookie:", v)
	}
	resp := &http.Response{Header: w.h}
	resp.Header.Add("Set-Cookie", "broken")
	resp.Header.Add("Set-Cookie", "x=y; Max-Age=0; Expires=Wed, 21-Oct-2015 07:28:00 GMT; Foo=bar; SameSite=weird; Max-Age=012; Path=/p; Domain=d.com; Partitioned")
	for _, c := range resp.Cookies() {
		fmt.Printf("resp cookie: %+v\n", *c)
	}

	req, _ := http.NewRequest("GET", "http://x/", nil)
	req.AddCookie(&http.Cookie{Name: "a", Value: "1"})
	req.AddCookie(&http.Cookie{Name: "b", Value: "two words"})
	req.AddCookie(&http.Cookie{Name: "a", Value: "3", Quoted: true})
	req.Header.Add("Cookie", "c=4; bad name=5; d=\"q\"; e=x\\y;;f")
	fmt.Println("Cookie header:", req.Header["Cookie"])
	for _, c := range req.Cookies() {
		fmt.Printf("cookie %s=%q quoted=%v\n", c.Name, c.Value, c.Quoted)
	}
	for _, c := range req.CookiesNamed("a") {
		fmt.Printf("named a: %s\n", c)
	}
	fmt.Println(len(req.CookiesNamed("")))
	c, err := req.Cookie("d")
	fmt.Println(c, err)
	c, err = req.Cookie("zz")
	fmt.Println(c, err)
	c, err = req.Cookie("")
	fmt.Println(c, err)

	for _, line := range []string{"a=1; b=2", "", "  ", "a", "a=1;b", "bad name=1", "a=\"x\"", "a=x\\y", "a=1;;b=2"} {
		cs, err := http.ParseCookie(line)
		fmt.Printf("ParseCookie(%q): ", line)
		for _, c := range cs {
			fmt.Printf("[%s=%s q=%v] ", c.Name, c.Value, c.Quoted)
		}
		fmt.Println(err)
	}
	for _, line := range []string{
		"id=a3fWa; Expires=Thu, 21 Oct 2021 07:28:00 GMT; Secure; HttpOnly",
		"x=\"quoted\"; path=/docs; SAMESITE=lax; max-age=-5",
		"", "noequal", " n = v ; Domain=example.org; weird",
		"bad\x01=v", "n=bad\x01", "n=v; attr=\"bad;", "n=v; Expires=garbage; é=1",
	} {
		c, err := http.ParseSetCookie(line)
		if err != nil {
			fmt.Printf("ParseSetCookie(%q): %v\n", line, err)
			continue
		}
		fmt.Printf("ParseSetCookie(%q): %+v\n", line, *c)
	}
}
