// httptest.Server's Client talks to it over one kept-alive connection, and
// Close closes the idle connections of that client and of DefaultTransport.
package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
)

func main() {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "hi %s %s", r.Method, r.URL.Path)
	}))
	defer ts.Close()
	for i := 0; i < 3; i++ {
		resp, err := ts.Client().Get(ts.URL + "/p")
		if err != nil {
			panic(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Println(resp.Status, string(b), resp.Header.Get("Content-Type"))
	}
	resp, err := http.Post(ts.URL+"/x", "text/plain", nil)
	fmt.Println(resp.StatusCode, err)
	resp.Body.Close()
}
