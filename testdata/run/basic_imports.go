package main

import (
	f "fmt"
	_ "os"
	. "strconv"
	str "strings"
)

// Renamed, blank and dot imports; a local name shadows a dot-imported one.

func main() {
	f.Println(Itoa(42), str.ToUpper("abc"))
	n, err := Atoi("17")
	f.Println(n+1, err)
	f.Println(FormatInt(255, 16))
	{
		Itoa := func(int) string { return "shadowed" }
		f.Println(Itoa(1))
	}
	var b str.Builder
	b.WriteString("built")
	f.Println(b.String())
}
