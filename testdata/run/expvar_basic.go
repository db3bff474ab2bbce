package main

import (
	"expvar"
	"fmt"
	"log"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
)

func main() {
	hits := expvar.NewInt("hits")
	hits.Add(3)
	hits.Add(-1)
	fmt.Println(hits, hits.Value(), hits.String())
	hits.Set(10)
	ratio := expvar.NewFloat("ratio")
	ratio.Set(0.5)
	ratio.Add(1.25)
	fmt.Println(ratio, ratio.Value())
	ratio.Set(math.Inf(1))
	fmt.Println(ratio.String())
	ratio.Set(1e21)
	name := expvar.NewString("name")
	fmt.Println(name.String(), name.Value() == "")
	name.Set("a \"quoted\" <tag> & \\ \n\t\x01 é \u2028")
	fmt.Println(name)
	m := expvar.NewMap("requests")
	m.Add("GET", 2)
	m.Add("POST", 1)
	m.AddFloat("latency", 0.25)
	m.AddFloat("latency", 0.5)
	m.Add("latency", 7)
	m.AddFloat("GET", 1)
	m.Set("custom", expvar.Func(func() any { return map[string]int{"b": 2, "a": 1} }))
	m.Set("nilvar", nil)
	fmt.Println(m)
	fmt.Println(m.Get("GET"), m.Get("missing") == nil)
	m.Delete("POST")
	m.Delete("absent")
	m.Do(func(kv expvar.KeyValue) { fmt.Print(kv.Key, "=", kv.Value, " ") })
	fmt.Println()
	inner := new(expvar.Map).Init()
	inner.Add("x", 1)
	m.Set("inner", inner)
	fmt.Println(m.String())
	var zero expvar.Map
	zero.Add("k", 5)
	fmt.Println(zero.String())

	fmt.Println(expvar.Get("hits"), expvar.Get("nope") == nil)
	expvar.Publish("fn", expvar.Func(func() any { return []any{1, "two", 3.5, nil} }))
	var names []string
	expvar.Do(func(kv expvar.KeyValue) { names = append(names, kv.Key) })
	fmt.Println(names)
	fmt.Println(expvar.Get("fn"), expvar.Func(func() any { return 42 }).Value())

	rec := httptest.NewRecorder()
	expvar.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/debug/vars", nil))
	body := rec.Body.String()
	fmt.Println(rec.Code, rec.Header().Get("Content-Type"))
	for _, line := range strings.Split(body, "\n") {
		if strings.HasPrefix(line, "\"memstats\"") || strings.HasPrefix(line, "\"cmdline\"") {
			continue
		}
		fmt.Println(line)
	}
	rec = httptest.NewRecorder()
	http.DefaultServeMux.ServeHTTP(rec, httptest.NewRequest("GET", "/debug/vars", nil))
	fmt.Println(rec.Code, strings.Contains(rec.Body.String(), "\"hits\": 10"))

	log.SetFlags(0)
	defer func() { fmt.Println("recovered:", recover()) }()
	expvar.NewInt("hits")
}
