package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
)

func main() {
	dir, _ := os.MkdirTemp("", "srv")
	defer os.RemoveAll(dir)
	os.WriteFile(dir+"/f.data", []byte("file contents here"), 0o644)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /hello/{name}", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "n", Value: r.PathValue("name")})
		fmt.Fprintf(w, "hi %s", r.PathValue("name"))
	})
	mux.Handle("/files/", http.StripPrefix("/files", http.FileServer(http.Dir(dir))))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	for _, req := range []string{
		"GET /hello/bob HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
		"POST /hello/bob HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
		"GET /files HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
		"GET /files/f.data HTTP/1.1\r\nHost: x\r\nRange: bytes=0-3\r\nConnection: close\r\n\r\n",
		"HEAD /files/f.data HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
		"GET /a/../hello/x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
		"OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
	} {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			panic(err)
		}
		io.WriteString(c, req)
		b, _ := io.ReadAll(bufio.NewReader(c))
		c.Close()
		lines := []string{}
		for _, l := range strings.Split(string(b), "\r\n") {
			if !strings.HasPrefix(l, "Date:") && !strings.HasPrefix(l, "Last-Modified:") {
				lines = append(lines, l)
			}
		}
		fmt.Printf("%q\n", strings.Join(lines, "|"))
	}
}
