package main

import (
	"fmt"
	"mime"
)

func main() {
	for _, e := range []string{".json", ".html", ".HTML", ".Html", ".js", ".css", ".txt", ".png", ".PNG", ".svg", ".webp", ".wasm", ".pdf", ".zip", ".xml", ".unknownext", "", "json", ".jpg"} {
		fmt.Printf("%q -> %q\n", e, mime.TypeByExtension(e))
	}
	for _, t := range []string{"image/png", "text/html", "TEXT/HTML; charset=utf-8", "application/x-nothing-like-this", "bad"} {
		exts, err := mime.ExtensionsByType(t)
		fmt.Println(t, exts, exts == nil, err)
	}
	_, err := mime.ExtensionsByType("")
	fmt.Println(err)

	fmt.Println(mime.AddExtensionType("minigo", "text/x-minigo"))
	fmt.Println(mime.AddExtensionType(".MiniGo", "text/x-minigo"))
	fmt.Println(mime.AddExtensionType(".mgb", "application/x-minigo-bin"))
	fmt.Println(mime.AddExtensionType(".mgl", "text/x-minigo; charset=latin1"))
	fmt.Println(mime.AddExtensionType(".bad", "not a type"))
	fmt.Println(mime.AddExtensionType(".bad", "text/x; a"))
	for _, e := range []string{".MiniGo", ".minigo", ".MINIGO", ".mgb", ".mgl", ".bad"} {
		fmt.Printf("%q -> %q\n", e, mime.TypeByExtension(e))
	}
	fmt.Println(mime.ExtensionsByType("text/x-minigo"))
	fmt.Println(mime.ExtensionsByType("application/x-minigo-bin"))
}
