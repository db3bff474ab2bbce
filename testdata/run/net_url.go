package main

import (
	"errors"
	"fmt"
	"net"
	"net/url"
)

func show(u *url.URL) {
	fmt.Printf("  scheme=%q opaque=%q user=%v host=%q path=%q rawpath=%q rawquery=%q frag=%q rawfrag=%q force=%v omit=%v\n",
		u.Scheme, u.Opaque, u.User, u.Host, u.Path, u.RawPath, u.RawQuery, u.Fragment, u.RawFragment, u.ForceQuery, u.OmitHost)
	fmt.Printf("  string=%q hostname=%q port=%q escpath=%q escfrag=%q abs=%v requri=%q redacted=%q\n",
		u.String(), u.Hostname(), u.Port(), u.EscapedPath(), u.EscapedFragment(), u.IsAbs(), u.RequestURI(), u.Redacted())
}

func main() {
	inputs := []string{
		"postgres://user:pass@host.com:5432/path?k=v#f",
		"https://example.com/a b/c%2Fd?q=1&r=x+y#frag ment",
		"http://[fe80::1%25en0]:8080/x",
		"http://[::1]/",
		"http://[1.2.3.4]/",
		"http://[fe80::1%en0]/",
		"http://[zz]/",
		"http://[::1:2:3:4:5:6:7:8]/",
		"http://[1:2:3:4:5:6:7:8:9]/",
		"http://[::ffff:1.2.3.4]/",
		"http://a[b]/",
		"http://[::1/",
		"http://host:port/",
		"http://host:80:90/",
		"ftp://host:80:90/",
		"mailto:joe@example.com",
		"news:comp.lang.go",
		"/just/a/path?x=1",
		"rel/path",
		"./a:b",
		"a:b/c",
		":foo",
		"1http://x",
		"http://x/%zz",
		"http://x/%4",
		"http://%41:8080/",
		"http://h%C3%A9llo/",
		"http://user@host/",
		"http://us%20er:p%40ss@host/",
		"http://us er@host/",
		"http://x\x7f/",
		"http://x/y?",
		"http://x/y??",
		"http://x/y#a%20b",
		"http://x/y#a%zz",
		"*",
		"",
		"http:///path",
		"file:///etc/passwd",
		"//host/path",
		"///triple",
		"HTTP://Example.COM/",
		"http://x/a%2fb",
		"http://x/a;b,c",
		"scheme:/path",
		"scheme://@/",
		"http://x:/",
		"http://[fe80::1%25%zz]/",
	}
	for _, in := range inputs {
		u, err := url.Parse(in)
		fmt.Printf("Parse(%q): err=%v\n", in, err)
		if err != nil {
			var ue *url.Error
			if errors.As(err, &ue) {
				fmt.Printf("  op=%s url=%q inner=%v\n", ue.Op, ue.URL, ue.Err)
			}
			continue
		}
		show(u)
	}
	for _, in := range []string{"/a/b?c", "http://x/y", "rel", "", "*", "mailto:x", "/a#frag"} {
		u, err := url.ParseRequestURI(in)
		fmt.Printf("ParseRequestURI(%q): %v %v\n", in, u, err)
	}
	base, _ := url.Parse("http://a/b/c/d;p?q")
	for _, ref := range []string{"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g", "../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y"} {
		r, _ := base.Parse(ref)
		fmt.Printf("%q -> %s\n", ref, r)
	}
	op, _ := url.Parse("mailto:a@b")
	fmt.Println(op.ResolveReference(&url.URL{RawQuery: "x=1"}))
	u, _ := url.Parse("https://example.com/api/")
	fmt.Println(u.JoinPath("v1", "users", "../items", "x y/"))
	s, err := url.JoinPath("https://example.com/a", "b", "c")
	fmt.Println(s, err)
	s, err = url.JoinPath("ht tp://x", "b")
	fmt.Println(s, err)
	fmt.Println(u.JoinPath().String(), (&url.URL{Path: "a"}).JoinPath("..", "..", "b"))

	v := url.Values{}
	v.Set("name", "Ava Smith")
	v.Add("friend", "Jess")
	v.Add("friend", "Sarah & Zoe")
	v.Add("z", "")
	fmt.Println(v.Encode(), v.Get("friend"), v.Get("none") == "", v.Has("z"), v.Has("y"))
	v.Del("z")
	fmt.Println(v.Encode(), len(v.Clone()), url.Values(nil).Clone() == nil, url.Values{}.Encode() == "")
	for _, q := range []string{"a=1&b=2&a=3", "x=%zz&y=2", "a;b=1&c=2", "&&k&=v&k2=a+b%20c", "%=1", "a=%", "k=v%"} {
		m, err := url.ParseQuery(q)
		fmt.Printf("ParseQuery(%q) = %v, %v\n", q, m, err)
	}
	for _, s := range []string{"a b/c?d=e&f+g~h_i.j-k!*'();:@$,[]é", "", "plain"} {
		fmt.Printf("%q %q\n", url.QueryEscape(s), url.PathEscape(s))
	}
	for _, s := range []string{"a+b%20c", "%2", "%GG", "100%", "%e9", "a%2Fb"} {
		q, err1 := url.QueryUnescape(s)
		p, err2 := url.PathUnescape(s)
		fmt.Printf("%q: %q %v | %q %v\n", s, q, err1, p, err2)
	}
	ui := url.UserPassword("me", "p@ss:w/rd")
	pw, ok := ui.Password()
	fmt.Println(ui, ui.Username(), pw, ok)
	ui = url.User("solo")
	pw, ok = ui.Password()
	fmt.Println(ui, pw == "", ok)
	var nilui *url.Userinfo
	fmt.Println(nilui.Username() == "", nilui.String() == "")
	built := &url.URL{Scheme: "https", User: url.UserPassword("u", "secret"), Host: "h.example:443", Path: "/a b", RawQuery: "x=1", Fragment: "top"}
	fmt.Println(built, built.Redacted(), built.Port(), built.Hostname())
	fmt.Println(built.Query(), built.Query().Get("x"))
	cl := built.Clone()
	cl.Host = "other"
	fmt.Println(cl, built.Host)
	b, _ := built.MarshalBinary()
	var back url.URL
	fmt.Println(string(b), back.UnmarshalBinary(b), back.String() == built.String())
	fmt.Println(url.EscapeError("%zz"), url.InvalidHostError(" "))
	e := &url.Error{Op: "get", URL: "http://x", Err: errors.New("boom")}
	fmt.Println(e, e.Timeout(), e.Temporary(), errors.Unwrap(e))
	fmt.Println((&url.URL{Path: "a:b"}).String(), (&url.URL{Scheme: "s", Path: "//x", OmitHost: true}).String(), (&url.URL{Host: "h", Path: "p"}).String())
	var nu *url.URL
	fmt.Println(nu.Redacted() == "", nu.Clone() == nil)
	for _, hp := range []string{"host:80", "[::1]:443", "[fe80::1%en0]:22", "host", "a:b:c", "[::1]", "[::1]x:1", "[::1:80", "x]:80", "[a]b]:1", ":80", "h:"} {
		h, p, err := net.SplitHostPort(hp)
		fmt.Printf("SplitHostPort(%q) = %q %q %v\n", hp, h, p, err)
	}
	fmt.Println(net.JoinHostPort("::1", "80"), net.JoinHostPort("h", "x"))
}
