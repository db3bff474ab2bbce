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
	concreteTagInterfaceCases()
	fmt.Println(genericCase(1, 1), genericCase(1, int64(1)), genericCase("a", "b"))
	fmt.Println(genericCase([2]int{1, 2}, [2]int{1, 2}), genericCase(pt{1, 2}, pt{1, 3}))
}

type pt struct{ x, y int }

// A concrete tag with an interface case compares as `tag == case`: the
// tag is boxed into the case's interface type.
func concreteTagInterfaceCases() {
	n, s, p, f := 0, "hi", pt{1, 2}, 2.0
	cases := []interface{}{0, "hi", pt{1, 2}, 2.0, int8(0), pt{2, 1}, nil}
	for i, c := range cases {
		hit := ""
		switch n {
		case c:
			hit += "n"
		}
		switch s {
		case c:
			hit += "s"
		}
		switch p {
		case c:
			hit += "p"
		}
		switch f {
		case 3, c:
			hit += "f"
		}
		var st fmt.Stringer
		switch st {
		case c:
			hit += "nil-stringer"
		}
		fmt.Println(i, hit)
	}
}

func genericCase[T comparable](t T, i any) string {
	out := ""
	switch t {
	case i:
		out += "t"
	}
	switch i {
	case t:
		out += "i"
	}
	return out + "."
}
