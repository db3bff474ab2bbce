package main

import (
	"fmt"
	"strings"
)

func main() {
	var sb strings.Builder
	fmt.Println(sb.Len(), sb.String() == "")
	sb.WriteString("hello")
	sb.WriteByte(' ')
	sb.WriteRune('世')
	sb.WriteRune('界')
	n, err := sb.WriteString("!")
	fmt.Println(n, err)
	fmt.Println(sb.String(), sb.Len())
	fmt.Fprintf(&sb, " [%d,%s]", 42, "x")
	fmt.Println(sb.String())
	sb.Reset()
	for i := 0; i < 5; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprint(&sb, i*i)
	}
	fmt.Println(sb.String())
	var lines strings.Builder
	for _, w := range []string{"alpha", "beta", "gamma"} {
		lines.WriteString(strings.ToUpper(w[:1]) + w[1:])
		lines.WriteByte('\n')
	}
	fmt.Print(lines.String())
	b := []byte("abc")
	b = append(b, "def"...)
	b = append(b, 'g')
	fmt.Println(string(b), len(b))
	fmt.Println(strings.ReplaceAll(strings.ReplaceAll("<a><b>", "<", "&lt;"), ">", "&gt;"))
	fmt.Println(strings.Repeat("=", 20))
}
