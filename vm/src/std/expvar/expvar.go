// Package expvar as minigo provides it, in Go: named public variables
// (counters, strings, maps), served as JSON at /debug/vars on
// http.DefaultServeMux.
package expvar

import (
	"encoding/json"
	"log"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"
)

// A Var is an exported variable; String returns its JSON text.
type Var interface {
	String() string
}

// jsonAppender is a Var that writes its JSON itself.
type jsonAppender interface {
	appendJSON(b []byte) []byte
}

type Int struct {
	mu sync.Mutex
	i  int64
}

func (v *Int) Value() int64 {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.i
}

func (v *Int) String() string             { return string(v.appendJSON(nil)) }
func (v *Int) appendJSON(b []byte) []byte { return strconv.AppendInt(b, v.Value(), 10) }

func (v *Int) Add(delta int64) {
	v.mu.Lock()
	v.i += delta
	v.mu.Unlock()
}

func (v *Int) Set(value int64) {
	v.mu.Lock()
	v.i = value
	v.mu.Unlock()
}

type Float struct {
	mu sync.Mutex
	f  float64
}

func (v *Float) Value() float64 {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.f
}

func (v *Float) String() string { return string(v.appendJSON(nil)) }
func (v *Float) appendJSON(b []byte) []byte {
	return strconv.AppendFloat(b, v.Value(), 'g', -1, 64)
}

func (v *Float) Add(delta float64) {
	v.mu.Lock()
	v.f += delta
	v.mu.Unlock()
}

func (v *Float) Set(value float64) {
	v.mu.Lock()
	v.f = value
	v.mu.Unlock()
}

type String struct {
	mu sync.Mutex
	s  string
}

func (v *String) Value() string {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.s
}

func (v *String) String() string             { return string(v.appendJSON(nil)) }
func (v *String) appendJSON(b []byte) []byte { return quoteJSON(b, v.Value()) }

func (v *String) Set(value string) {
	v.mu.Lock()
	v.s = value
	v.mu.Unlock()
}

// Func is a Var whose value is computed on demand, written with
// json.Marshal.
type Func func() any

func (f Func) Value() any { return f() }

func (f Func) String() string {
	b, _ := json.Marshal(f())
	return string(b)
}

// A KeyValue is one entry of a Map.
type KeyValue struct {
	Key   string
	Value Var
}

// A Map is a string-to-Var map; its JSON lists the keys in order.
type Map struct {
	mu   sync.RWMutex
	m    map[string]Var
	keys []string // sorted
}

func (v *Map) Init() *Map {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.keys = v.keys[:0]
	v.m = map[string]Var{}
	return v
}

func (v *Map) lookup(key string) (Var, bool) {
	v.mu.RLock()
	defer v.mu.RUnlock()
	av, ok := v.m[key]
	return av, ok
}

// store sets key (when add or the key is new) and keeps keys sorted; it
// returns the value now stored.
func (v *Map) store(key string, av Var, replace bool) Var {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.m == nil {
		v.m = map[string]Var{}
	}
	if old, ok := v.m[key]; ok && !replace {
		return old
	} else if !ok {
		if i, found := slices.BinarySearch(v.keys, key); !found {
			v.keys = slices.Insert(v.keys, i, key)
		}
	}
	v.m[key] = av
	return av
}

func (v *Map) Get(key string) Var {
	av, _ := v.lookup(key)
	return av
}

func (v *Map) Set(key string, av Var) { v.store(key, av, true) }

func (v *Map) Add(key string, delta int64) {
	av, ok := v.lookup(key)
	if !ok {
		av = v.store(key, new(Int), false)
	}
	if iv, ok := av.(*Int); ok {
		iv.Add(delta)
	}
}

func (v *Map) AddFloat(key string, delta float64) {
	av, ok := v.lookup(key)
	if !ok {
		av = v.store(key, new(Float), false)
	}
	if fv, ok := av.(*Float); ok {
		fv.Add(delta)
	}
}

func (v *Map) Delete(key string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if i, found := slices.BinarySearch(v.keys, key); found {
		v.keys = slices.Delete(v.keys, i, i+1)
		delete(v.m, key)
	}
}

func (v *Map) Do(f func(KeyValue)) {
	v.mu.RLock()
	keys := slices.Clone(v.keys)
	v.mu.RUnlock()
	for _, k := range keys {
		f(KeyValue{k, v.Get(k)})
	}
}

func (v *Map) String() string             { return string(v.appendJSON(nil)) }
func (v *Map) appendJSON(b []byte) []byte { return v.writeJSON(b, false) }

// writeJSON writes the map as a JSON object, one entry a line when
// multiline.
func (v *Map) writeJSON(b []byte, multiline bool) []byte {
	sep := byte(' ')
	b = append(b, '{')
	if multiline {
		sep = '\n'
		b = append(b, '\n')
	}
	first := true
	v.Do(func(kv KeyValue) {
		if !first {
			b = append(b, ',', sep)
		}
		first = false
		b = quoteJSON(b, kv.Key)
		b = append(b, ':', ' ')
		switch val := kv.Value.(type) {
		case nil:
			b = append(b, "null"...)
		case jsonAppender:
			b = val.appendJSON(b)
		default:
			b = append(b, val.String()...)
		}
	})
	if multiline {
		b = append(b, '\n')
	}
	b = append(b, '}')
	if multiline {
		b = append(b, '\n')
	}
	return b
}

var vars Map

func Publish(name string, v Var) {
	if _, ok := vars.lookup(name); ok {
		log.Panicln("Reuse of exported var name:", name)
	}
	vars.store(name, v, true)
}

func Get(name string) Var { return vars.Get(name) }

func NewInt(name string) *Int {
	v := new(Int)
	Publish(name, v)
	return v
}

func NewFloat(name string) *Float {
	v := new(Float)
	Publish(name, v)
	return v
}

func NewMap(name string) *Map {
	v := new(Map).Init()
	Publish(name, v)
	return v
}

func NewString(name string) *String {
	v := new(String)
	Publish(name, v)
	return v
}

func Do(f func(KeyValue)) { vars.Do(f) }

func serveVars(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Write(vars.writeJSON(nil, true))
}

// Handler returns the handler that serves every published variable.
func Handler() http.Handler { return http.HandlerFunc(serveVars) }

func init() {
	http.HandleFunc("GET /debug/vars", serveVars)
	Publish("cmdline", Func(func() any { return os.Args }))
	Publish("memstats", Func(func() any {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m
	}))
}

// quoteJSON appends s as a JSON string, escaping as Go's expvar does.
func quoteJSON(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for _, r := range s {
		switch {
		case r == '\\' || r == '"':
			b = append(b, '\\', byte(r))
		case r == '\n':
			b = append(b, '\\', 'n')
		case r == '\r':
			b = append(b, '\\', 'r')
		case r == '\t':
			b = append(b, '\\', 't')
		case r < ' ' || r == '<' || r == '>' || r == '&' || r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15])
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return append(b, '"')
}
