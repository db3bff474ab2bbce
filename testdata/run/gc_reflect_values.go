// reflect.Values kept in slices, and the results of reflect calls,
// keep what they refer to alive across collections (minigo's reflect
// holds a Value's word as a uintptr: the collector must trace those).
package main

import (
	"fmt"
	"reflect"
	"runtime/debug"
	"strings"
	"text/template"
)

func mk(i int) string { return strings.Repeat(string(rune('a'+i%26)), 1+i%7) }

type pair struct {
	K string
	V []int
}

func main() {
	debug.SetGCPercent(1)
	bad := 0
	f := reflect.ValueOf(mk)
	for i := 0; i < 20000; i++ {
		out := f.Call([]reflect.Value{reflect.ValueOf(i)})
		vs := make([]reflect.Value, 50)
		for j := range vs {
			vs[j] = reflect.ValueOf(mk(j))
		}
		if out[0].String() != mk(i) {
			bad++
		}
		for j := range vs {
			if vs[j].String() != mk(j) {
				bad++
			}
		}
	}
	fmt.Println("reflect values:", bad)

	bad = 0
	m := map[string]reflect.Value{}
	for i := 0; i < 2000; i++ {
		m[mk(i%50)] = reflect.ValueOf(pair{mk(i), []int{i}})
		if i%100 == 99 {
			for k, v := range m {
				p := v.Interface().(pair)
				if len(k) == 0 || len(p.K) == 0 || len(p.V) != 1 || p.K != mk(p.V[0]) {
					bad++
				}
			}
		}
	}
	fmt.Println("values in a map:", bad)

	t := template.Must(template.New("p").Parse(`{{printf "%s=%d" (print "k") (len .)}};`))
	var sb strings.Builder
	for i := 0; i < 500; i++ {
		t.Execute(&sb, []int{1, 2})
	}
	fmt.Println("template:", strings.Count(sb.String(), "k=2;"))
}
