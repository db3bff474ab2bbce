package main

import "fmt"

func grade(n int) string {
	switch {
	case n >= 90:
		return "A"
	case n >= 80:
		return "B"
	case n >= 70:
		return "C"
	default:
		return "F"
	}
}

func kind(c byte) string {
	switch c {
	case 'a', 'e', 'i', 'o', 'u':
		return "vowel"
	case ' ':
		return "space"
	}
	if c >= '0' && c <= '9' {
		return "digit"
	} else if c >= 'a' && c <= 'z' {
		return "consonant"
	} else {
		return "other"
	}
}

func main() {
	for _, n := range []int{95, 85, 75, 10} {
		fmt.Print(grade(n), " ")
	}
	fmt.Println()
	for _, c := range []byte("hi 2U!") {
		fmt.Println(string(c), kind(c))
	}
	switch x := 5; {
	case x > 3:
		fmt.Println("x > 3")
		fallthrough
	case x > 100:
		fmt.Println("fallthrough into x > 100")
		fallthrough
	case false:
		fmt.Println("fallthrough into false")
	case true:
		fmt.Println("not reached")
	}
	switch y := 2; y {
	case 1:
		fmt.Println("one")
	case 2:
		fmt.Println("two")
		if y == 2 {
			break
		}
		fmt.Println("not printed")
	case 3:
		fmt.Println("three")
	}
	switch {
	default:
		fmt.Println("default first but chosen last")
	case 1 > 2:
		fmt.Println("no")
	}
	if v := grade(50); v == "F" {
		fmt.Println("failed with", v)
	}
}
