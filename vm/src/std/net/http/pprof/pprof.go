// Package pprof serves the runtime's profiles and execution traces over
// HTTP, in the formats Go's pprof and trace tools read. Importing it
// registers its handlers on http.DefaultServeMux under /debug/pprof/.
package pprof

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"sort"
	"strconv"
	"strings"
	"time"
)

func init() {
	http.HandleFunc("GET /debug/pprof/", Index)
	http.HandleFunc("GET /debug/pprof/cmdline", Cmdline)
	http.HandleFunc("GET /debug/pprof/profile", Profile)
	http.HandleFunc("GET /debug/pprof/symbol", Symbol)
	http.HandleFunc("GET /debug/pprof/trace", Trace)
}

// Cmdline writes the program's arguments, separated by NUL bytes.
func Cmdline(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprint(w, strings.Join(os.Args, "\x00"))
}

// waitFor waits d, or less if the client goes away.
func waitFor(r *http.Request, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-r.Context().Done():
	}
}

// extendWriteDeadline gives a response that takes `seconds` to produce
// that much more than the server's WriteTimeout.
func extendWriteDeadline(w http.ResponseWriter, r *http.Request, seconds float64) {
	srv, ok := r.Context().Value(http.ServerContextKey).(*http.Server)
	if !ok || srv.WriteTimeout <= 0 {
		return
	}
	extra := time.Duration(seconds * float64(time.Second))
	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(srv.WriteTimeout + extra))
}

func serveError(w http.ResponseWriter, status int, txt string) {
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Go-Pprof", "1")
	h.Del("Content-Disposition")
	w.WriteHeader(status)
	fmt.Fprintln(w, txt)
}

// Profile writes a CPU profile taken over the "seconds" query parameter
// (30 by default).
func Profile(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	sec, err := strconv.ParseInt(r.FormValue("seconds"), 10, 64)
	if err != nil || sec <= 0 {
		sec = 30
	}
	extendWriteDeadline(w, r, float64(sec))
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Disposition", `attachment; filename="profile"`)
	if err := pprof.StartCPUProfile(w); err != nil {
		serveError(w, http.StatusInternalServerError, "Could not enable CPU profiling: "+err.Error())
		return
	}
	waitFor(r, time.Duration(sec)*time.Second)
	pprof.StopCPUProfile()
}

// Trace writes an execution trace taken over the "seconds" query
// parameter (1 by default; fractions allowed).
func Trace(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	sec, err := strconv.ParseFloat(r.FormValue("seconds"), 64)
	if err != nil || sec <= 0 {
		sec = 1
	}
	extendWriteDeadline(w, r, sec)
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Disposition", `attachment; filename="trace"`)
	if err := trace.Start(w); err != nil {
		serveError(w, http.StatusInternalServerError, "Could not enable tracing: "+err.Error())
		return
	}
	waitFor(r, time.Duration(sec*float64(time.Second)))
	trace.Stop()
}

// Symbol maps the program counters of the request ("+"-separated, in the
// query or a POST body) to function names.
func Symbol(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	var out bytes.Buffer
	out.WriteString("num_symbols: 1\n")
	var in *bufio.Reader
	if r.Method == "POST" {
		in = bufio.NewReader(r.Body)
	} else {
		in = bufio.NewReader(strings.NewReader(r.URL.RawQuery))
	}
	for {
		word, err := in.ReadSlice('+')
		if err == nil {
			word = word[:len(word)-1]
		}
		if pc, _ := strconv.ParseUint(string(word), 0, 64); pc != 0 {
			if f := runtime.FuncForPC(uintptr(pc)); f != nil {
				fmt.Fprintf(&out, "%#x %s\n", pc, f.Name())
			}
		}
		if err != nil {
			if err != io.EOF {
				fmt.Fprintf(&out, "reading request: %v\n", err)
			}
			break
		}
	}
	w.Write(out.Bytes())
}

// Handler serves the runtime/pprof profile called name.
func Handler(name string) http.Handler {
	return handler(name)
}

type handler string

func (name handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	p := pprof.Lookup(string(name))
	if p == nil {
		serveError(w, http.StatusNotFound, "Unknown profile")
		return
	}
	if sec := r.FormValue("seconds"); sec != "" {
		name.serveDelta(w, r, sec)
		return
	}
	if gc, _ := strconv.Atoi(r.FormValue("gc")); name == "heap" && gc > 0 {
		runtime.GC()
	}
	debug, _ := strconv.Atoi(r.FormValue("debug"))
	if debug != 0 {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	} else {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set("Content-Disposition", `attachment; filename="`+string(name)+`"`)
	}
	p.WriteTo(w, debug)
}

// serveDelta answers "seconds" on a profile other than the CPU one: Go
// serves the difference of two snapshots; minigo does not (yet), and says
// so with the same checks first.
func (name handler) serveDelta(w http.ResponseWriter, r *http.Request, secStr string) {
	sec, err := strconv.ParseInt(secStr, 10, 64)
	if err != nil || sec <= 0 {
		serveError(w, http.StatusBadRequest, `invalid value for "seconds" - must be a positive integer`)
		return
	}
	switch name {
	case "allocs", "block", "goroutine", "heap", "mutex", "threadcreate":
	default:
		serveError(w, http.StatusBadRequest, `"seconds" parameter is not supported for this profile type`)
		return
	}
	if r.FormValue("debug") != "" {
		serveError(w, http.StatusBadRequest, "seconds and debug params are incompatible")
		return
	}
	serveError(w, http.StatusNotImplemented, "minigo: delta profiles (the seconds parameter) are not supported; take two profiles and compare them with go tool pprof -base")
}

var descriptions = map[string]string{
	"allocs":       "A sampling of all past memory allocations",
	"block":        "Stack traces that led to blocking on synchronization primitives",
	"cmdline":      "The command line invocation of the current program",
	"goroutine":    "Stack traces of all current goroutines. Use debug=2 as a query parameter to export in the same format as an unrecovered panic.",
	"heap":         "A sampling of memory allocations of live objects. You can specify the gc GET parameter to run GC before taking the heap sample.",
	"mutex":        "Stack traces of holders of contended mutexes",
	"profile":      "CPU profile. You can specify the duration in the seconds GET parameter. After you get the profile file, use the go tool pprof command to investigate the profile.",
	"symbol":       "Maps given program counters to function names. Counters can be specified in a GET raw query or POST body, multiple counters are separated by '+'.",
	"threadcreate": "Stack traces that led to the creation of new OS threads",
	"trace":        "A trace of execution of the current program. You can specify the duration in the seconds GET parameter. After you get the trace file, use the go tool trace command to investigate the trace.",
}

type entry struct {
	name  string
	count int
}

// Index serves /debug/pprof/NAME as the profile NAME, and /debug/pprof/
// itself as a page listing the profiles.
func Index(w http.ResponseWriter, r *http.Request) {
	if name, ok := strings.CutPrefix(r.URL.Path, "/debug/pprof/"); ok && name != "" {
		handler(name).ServeHTTP(w, r)
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	var list []entry
	for _, p := range pprof.Profiles() {
		list = append(list, entry{p.Name(), p.Count()})
	}
	for _, n := range []string{"cmdline", "profile", "symbol", "trace"} {
		list = append(list, entry{name: n})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].name < list[j].name })
	if _, err := w.Write(indexPage(list)); err != nil {
		log.Print(err)
	}
}

func indexPage(list []entry) []byte {
	var b bytes.Buffer
	b.WriteString("<html>\n<head>\n<title>/debug/pprof/</title>\n<style>\n.profile-name{\n\tdisplay:inline-block;\n\twidth:6rem;\n}\n</style>\n</head>\n<body>\n/debug/pprof/\n<br>\n<p>Set debug=1 as a query parameter to export in legacy text format</p>\n<br>\nTypes of profiles available:\n<table>\n<thead><td>Count</td><td>Profile</td></thead>\n")
	for _, e := range list {
		link := &url.URL{Path: e.name, RawQuery: "debug=1"}
		fmt.Fprintf(&b, "<tr><td>%d</td><td><a href='%s'>%s</a></td></tr>\n", e.count, link, escapeHTML(e.name))
	}
	b.WriteString("</table>\n<a href=\"goroutine?debug=2\">full goroutine stack dump</a>\n<br>\n<p>\nProfile Descriptions:\n<ul>\n")
	for _, e := range list {
		fmt.Fprintf(&b, "<li><div class=profile-name>%s: </div> %s</li>\n", escapeHTML(e.name), escapeHTML(descriptions[e.name]))
	}
	b.WriteString("</ul>\n</p>\n</body>\n</html>")
	return b.Bytes()
}

// escapeHTML escapes as html.EscapeString does.
func escapeHTML(s string) string {
	return strings.NewReplacer("&", "&amp;", "'", "&#39;", "<", "&lt;", ">", "&gt;", `"`, "&#34;").Replace(s)
}
