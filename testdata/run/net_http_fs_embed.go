package main

import (
	"embed"
	"fmt"
	"net/http"
	"sort"
	"strings"
)

//go:embed net_http_fs_embed
var content embed.FS

type recorder struct {
	code   int
	header http.Header
	body   strings.Builder
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) Write(b []byte) (int, error) {
	if r.code == 0 {
		r.code = 200
	}
	return r.body.Write(b)
}
func (r *recorder) WriteHeader(code int) {
	if r.code == 0 {
		r.code = code
	}
}

func main() {
	for _, h := range []http.Handler{http.FileServerFS(content), http.StripPrefix("/s", http.FileServer(http.FS(content)))} {
		for _, p := range []string{"/", "/net_http_fs_embed/", "/net_http_fs_embed/a.txt", "/a.txt", "/sub", "/sub/", "/net_http_fs_embed/a.txt/", "/nope", "/s/net_http_fs_embed/a.txt", "/s/net_http_fs_embed", "/s/net_http_fs_embed/sub/"} {
			req, _ := http.NewRequest("GET", "http://x"+p, nil)
			req.Header.Set("Range", "bytes=0-4")
			rec := &recorder{header: http.Header{}}
			h.ServeHTTP(rec, req)
			keys := []string{}
			for k, v := range rec.header {
				keys = append(keys, k+"="+strings.Join(v, ","))
			}
			sort.Strings(keys)
			fmt.Printf("%s %d %v %q\n", p, rec.code, keys, rec.body.String())
		}
	}
}
