package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	fmt.Println(os.Setenv("GOLDENENV_FOO", "1"))
	fmt.Println("FOO:", os.Getenv("GOLDENENV_FOO"))
	fmt.Println("BAR:", os.Getenv("GOLDENENV_BAR"))
	v, ok := os.LookupEnv("GOLDENENV_BAR")
	fmt.Printf("%q %v\n", v, ok)
	os.Setenv("GOLDENENV_BAR", "")
	v, ok = os.LookupEnv("GOLDENENV_BAR")
	fmt.Printf("%q %v\n", v, ok)
	n := 0
	for _, e := range os.Environ() {
		pair := strings.SplitN(e, "=", 2)
		if strings.HasPrefix(pair[0], "GOLDENENV_") {
			fmt.Println(pair[0], "=", pair[1])
			n++
		}
	}
	fmt.Println(n)
	fmt.Println(os.Unsetenv("GOLDENENV_FOO"), os.Getenv("GOLDENENV_FOO") == "")
	err := os.Setenv("A=B", "x")
	fmt.Println(err)
	fmt.Println(os.Setenv("", "x"))
	os.Setenv("GOLDENENV_NAME", "gopher")
	fmt.Println(os.ExpandEnv("hi $GOLDENENV_NAME, ${GOLDENENV_NAME}! $ $1 ${} ${GOLDENENV_NOPE}x $"))
	fmt.Println(os.Expand("$a-${b}-$c", func(k string) string { return strings.ToUpper(k) }))
}
