package main

import "fmt"

func main() {
	s := "hello"
	t := s + ", " + "world"
	fmt.Println(t, len(t))
	fmt.Println(s[0], s[1:3], s[:2], s[3:], string(s[4]))
	fmt.Println(s == "hello", s < "help", s > "hello!", "a" < "b", "Z" < "a")
	u := s
	u += "!"
	fmt.Println(s, u)
	raw := `raw\nstring "quoted"`
	fmt.Println(raw, len(raw))
	esc := "tab\there\\back \"q\" \u00e9 \x41"
	fmt.Println(esc)
	var b []byte = []byte(s)
	b[0] = 'j'
	fmt.Println(string(b), s)
	r := []rune("héllo")
	r[1] = 'e'
	fmt.Println(string(r), len(r), len("héllo"))
	for i := 0; i < len(s); i++ {
		fmt.Print(s[i], " ")
	}
	fmt.Println()
	multi := "line1\nline2"
	fmt.Println(multi)
	fmt.Println("concat in loop:")
	acc := ""
	for i := 0; i < 5; i++ {
		acc += string(rune('a' + i))
	}
	fmt.Println(acc)
}
