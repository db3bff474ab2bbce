package main

import "fmt"

type S struct{ A int }

func main() {
	fmt.Printf("%d\n", "x")
	fmt.Printf("%s\n", 42)
	fmt.Printf("%d %d\n", 1)
	fmt.Printf("%d\n", 1, 2)
	fmt.Printf("no verbs\n", "extra", 3)
	fmt.Printf("%z\n", 5)
	fmt.Printf("%!\n")
	fmt.Printf("%t\n", 1)
	fmt.Printf("%x\n", true)
	fmt.Printf("%d\n", S{1})
	fmt.Printf("%s\n", S{1})
	fmt.Printf("%d\n", nil)
	fmt.Printf("%s\n", nil)
	fmt.Printf("%f\n", "str")
	fmt.Printf("%c\n", "str")
	fmt.Printf("%q\n", 3.5)
	fmt.Printf("%d %s\n", []string{"a"}, []int{1})
	fmt.Printf("%[3]d\n", 1, 2)
	fmt.Printf("%[0]d\n", 1)
	fmt.Printf("trailing %")
	fmt.Println()
	s := fmt.Sprintf("%d-%d", 1)
	fmt.Println(s, len(s))
	fmt.Println(fmt.Sprintf("%v %v", "only"))
	fmt.Println(fmt.Sprintf("%s", []byte(nil)), fmt.Sprintf("%d", []byte(nil)))
	fmt.Printf("%.2f %d\n", 1, 2.5)
}
