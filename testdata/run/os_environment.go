package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	fmt.Println(os.Setenv("MINIGO_FOO", "1"))
	fmt.Println("FOO:", os.Getenv("MINIGO_FOO"))
	fmt.Println("BAR:", os.Getenv("MINIGO_BAR"))
	v, ok := os.LookupEnv("MINIGO_BAR")
	fmt.Printf("%q %v\n", v, ok)
	os.Setenv("MINIGO_BAR", "")
	v, ok = os.LookupEnv("MINIGO_BAR")
	fmt.Printf("%q %v\n", v, ok)
	n := 0
	for _, e := range os.Environ() {
		pair := strings.SplitN(e, "=", 2)
		if strings.HasPrefix(pair[0], "MINIGO_") {
			fmt.Println(pair[0], "=", pair[1])
			n++
		}
	}
	fmt.Println(n)
	fmt.Println(os.Unsetenv("MINIGO_FOO"), os.Getenv("MINIGO_FOO") == "")
	err := os.Setenv("A=B", "x")
	fmt.Println(err)
	fmt.Println(os.Setenv("", "x"))
	os.Setenv("MINIGO_NAME", "gopher")
	fmt.Println(os.ExpandEnv("hi $MINIGO_NAME, ${MINIGO_NAME}! $ $1 ${} ${MINIGO_NOPE}x $"))
	fmt.Println(os.Expand("$a-${b}-$c", func(k string) string { return strings.ToUpper(k) }))
}
