package main

import "fmt"

func t(name string, v bool) bool {
	fmt.Println("eval", name)
	return v
}

func main() {
	fmt.Println(true && false, true || false, !true)
	fmt.Println("short-circuit and:")
	r := t("a", false) && t("b", true)
	fmt.Println(r)
	fmt.Println("short-circuit or:")
	r = t("c", true) || t("d", false)
	fmt.Println(r)
	fmt.Println("full:")
	r = t("e", true) && t("f", false) || t("g", true)
	fmt.Println(r)
	x := 5
	fmt.Println(x > 3 && x < 10, x == 5, x != 5, x >= 5, x <= 4)
	var flag bool
	fmt.Println(flag, !flag)
	b1, b2 := true, false
	fmt.Println(b1 == b2, b1 != b2)
}
