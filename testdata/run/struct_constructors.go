package main

import "fmt"

type Config struct {
	Name    string
	Port    int
	Debug   bool
	Tags    []string
	Limits  map[string]int
	Parent  *Config
	Timeout float64
}

func NewConfig(name string) *Config {
	return &Config{Name: name, Port: 8080, Limits: map[string]int{}}
}

func (c *Config) WithPort(p int) *Config {
	c.Port = p
	return c
}

func (c *Config) WithTag(t string) *Config {
	c.Tags = append(c.Tags, t)
	return c
}

func main() {
	c := NewConfig("svc").WithPort(9000).WithTag("a").WithTag("b")
	c.Limits["conn"] = 10
	fmt.Printf("%+v\n", *c)
	child := &Config{Name: "child", Parent: c}
	fmt.Println(child.Parent.Name, child.Port, child.Tags == nil, child.Limits == nil)
	fmt.Printf("%v\n", *child.Parent)
	var zero Config
	fmt.Printf("%+v\n", zero)
	fmt.Printf("%#v\n", struct {
		A int
		B string
	}{1, "x"})
	type pair struct {
		k string
		v float64
	}
	ps := []pair{{"pi", 3.14159}, {"e", 2.71828}}
	fmt.Printf("%v %+v\n", ps, ps)
}
