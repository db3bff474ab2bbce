package main

import "fmt"

type Handler func(string) string

func describe(f func(), m map[string]int, s []int, h Handler) string {
	out := ""
	switch f {
	case nil:
		out += "f=nil "
	default:
		out += "f=set "
	}
	switch m {
	case nil:
		out += "m=nil "
	default:
		out += fmt.Sprintf("m=%d ", len(m))
	}
	switch s {
	case nil:
		out += "s=nil "
	default:
		out += fmt.Sprintf("s=%d ", len(s))
	}
	switch h {
	case nil:
		out += "h=nil"
	default:
		out += "h=" + h("x")
	}
	return out
}

func truthy(v interface{}) string {
	// A tagless switch is `switch true`: an interface case matches when it
	// holds the bool true.
	switch {
	case v:
		return "holds true"
	case v == false:
		return "holds false"
	}
	return "not a bool"
}

func main() {
	fmt.Println(describe(nil, nil, nil, nil))
	fmt.Println(describe(func() {}, map[string]int{"a": 1}, []int{}, func(s string) string { return s + s }))
	switch f := func() {}; f {
	case nil:
		fmt.Println("unreachable")
	default:
		fmt.Println("init-stmt func switch")
	}
	for _, v := range []interface{}{true, false, 1, "true", nil} {
		fmt.Println(v, truthy(v))
	}
	var e interface{} = true
	switch {
	case false:
		fmt.Println("no")
	case e, 1 > 2:
		fmt.Println("first case list matched")
	}
}
