package main

import "fmt"

type Counter struct {
	name string
	n    int
}

func (c *Counter) Inc() { c.n++ }
func (c Counter) Get() int { return c.n }
func (c Counter) Label(prefix string) string { return prefix + c.name }

func callTwice(f func()) {
	f()
	f()
}

func main() {
	c := &Counter{name: "c1"}
	inc := c.Inc
	callTwice(inc)
	inc()
	fmt.Println(c.n, c.Get())
	get := c.Get // value receiver: bound copy now
	c.Inc()
	fmt.Println(get(), c.Get())
	label := c.Label
	c.name = "renamed"
	fmt.Println(label(">"), c.Label(">"))
	expr := (*Counter).Inc
	expr(c)
	fmt.Println(c.n)
	getExpr := Counter.Get
	fmt.Println(getExpr(*c))
	fmt.Printf("%T\n", expr)
	fmt.Printf("%T\n", getExpr)
	var v Counter
	vinc := v.Inc // &v taken
	vinc()
	vinc()
	fmt.Println(v.n)
	fns := []func(){c.Inc, v.Inc}
	for _, f := range fns {
		f()
	}
	fmt.Println(c.n, v.n)
}
