package main

import (
	"fmt"
	"sort"
)

type Animal interface {
	Sound() string
	Name() string
}

type Dog struct{ name string }
type Cat struct{ name string }
type Cow struct{}

func (d Dog) Sound() string  { return "woof" }
func (d Dog) Name() string   { return d.name }
func (c *Cat) Sound() string { return "meow" }
func (c *Cat) Name() string  { return c.name }
func (Cow) Sound() string    { return "moo" }
func (Cow) Name() string     { return "cow" }

type byName []Animal

func (b byName) Len() int           { return len(b) }
func (b byName) Less(i, j int) bool { return b[i].Name() < b[j].Name() }
func (b byName) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

func main() {
	zoo := []Animal{Dog{"rex"}, &Cat{"tom"}, Cow{}, Dog{"ace"}}
	sort.Sort(byName(zoo))
	for _, a := range zoo {
		fmt.Printf("%-4s says %s (%T)\n", a.Name(), a.Sound(), a)
	}
	counts := map[string]int{}
	for _, a := range zoo {
		counts[a.Sound()]++
	}
	fmt.Println(counts)
	var a Animal = Dog{"x"}
	switch a.(type) {
	case *Cat:
		fmt.Println("cat")
	case Dog:
		fmt.Println("dog")
	}
	_, isCat := a.(*Cat)
	fmt.Println(isCat)
	fmt.Println(zoo[0] == Animal(Dog{"ace"}))
}
