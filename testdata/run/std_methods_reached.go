// Methods reached only through interfaces, fmt and panics: the compiler
// compiles a standard-library method only once something can call it
// (compile module doc, "Reachability"). No reflection here: it would make
// every method callable.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"time"
)

type S struct{ n int }

func (s S) Name() string                 { return fmt.Sprint("S", s.n) }
func (s *S) Inc()                        { s.n++ }
func (s S) MarshalJSON() ([]byte, error) { return []byte(`"custom"`), nil }

type Namer interface{ Name() string }

func show[T Namer](x T) string { return x.Name() }

type byLen []string

func (b byLen) Len() int           { return len(b) }
func (b byLen) Less(i, j int) bool { return len(b[i]) < len(b[j]) }
func (b byLen) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

type myErr struct{ code int }

func (e *myErr) Error() string { return fmt.Sprint("code ", e.code) }

type Outer struct {
	*S
	Namer
}

type sc struct{ v string }

func (s *sc) Scan(st fmt.ScanState, verb rune) error {
	tok, _ := st.Token(true, nil)
	s.v = strings.ToUpper(string(tok))
	return nil
}

func library() {
	// Library types behind library interfaces.
	var w io.Writer = &bytes.Buffer{}
	fmt.Fprintf(w, "x=%d", 42)
	fmt.Println(w, w.(fmt.Stringer).String(), w.(*bytes.Buffer).Len())
	data, err := io.ReadAll(io.LimitReader(strings.NewReader("hello world"), 5))
	fmt.Println(string(data), err)
	sc := bufio.NewScanner(strings.NewReader("a b\nc"))
	for sc.Scan() {
		fmt.Println("line:", sc.Text())
	}
	_, err = os.Open("/no/such/file")
	fmt.Println(errors.Is(err, fs.ErrNotExist), err)
	var pe *fs.PathError
	fmt.Println(errors.As(err, &pe), pe.Op)
	t := time.Date(2024, 2, 29, 12, 0, 0, 0, time.UTC)
	b, _ := json.Marshal(struct{ T time.Time }{t})
	fmt.Println(string(b))
	var back struct{ T time.Time }
	fmt.Println(json.Unmarshal(b, &back), back.T.Equal(t))
	var st fmt.Stringer = t.Sub(t.Add(-90 * time.Minute))
	fmt.Println(st.String(), st)
	f := w.Write
	f([]byte("!"))
	fmt.Println(w)
	g := io.Writer.Write
	g(w, []byte("?"))
	fmt.Println(w)
}

func main() {
	s := S{1}
	fmt.Println(show(s))
	var n Namer = &s
	n.(interface{ Inc() }).Inc()
	fmt.Println(n.Name())
	b, _ := json.Marshal(map[string]any{"a": s})
	fmt.Println(string(b))
	x := byLen{"ccc", "a", "bb"}
	sort.Sort(x)
	fmt.Println(x)
	var err error = fmt.Errorf("wrap: %w", &myErr{3})
	var me *myErr
	fmt.Println(errors.As(err, &me), me.code, err)
	o := Outer{&S{5}, S{7}}
	var n2 Namer = o.Namer
	fmt.Println(n2.Name(), o.S.Name())
	var c sc
	fmt.Sscan("hello", &c)
	fmt.Println(c.v)
	d := 90 * time.Second
	fmt.Println(d, time.Duration(0))
	f := n.Name
	fmt.Println(f())
	g := Namer.Name
	fmt.Println(g(s))
	library()
	defer func() { fmt.Println(recover()) }()
	panic(&myErr{9})
}
