package main

import (
	"fmt"
	"html"
)

func main() {
	for _, s := range []string{
		`<script>alert("x & 'y'")</script>`,
		"plain", "", "a&b", "\x00",
	} {
		e := html.EscapeString(s)
		fmt.Printf("%q -> %q -> %q\n", s, e, html.UnescapeString(e))
	}
	for _, s := range []string{
		"&amp;&lt;&gt;&quot;&#39;&#34;", "&copy; 2024 &eacute;t&eacute;", "&NotEqualTilde;", "&amp", "&ampx", "&notit;", "&notin;",
		"&#65;&#x42;&#X43;", "&#5", "&#5;", "&#x;", "&#;", "&#", "&", "&;", "&&amp;", "&#128;&#x9F;&#0;&#xD800;&#1114112;",
		"&#99999999999;", "&unknown;", "&lt", "&LT;&GT", "&frac12;&frac12", "&zwj;x", "a &amp b", "&Aacute&aacute",
		"&#x1F600;", "&nbsp;|", "&hearts;&spades;", "&#65abc", "&#x41g",
	} {
		fmt.Printf("%q -> %q\n", s, html.UnescapeString(s))
	}
}
