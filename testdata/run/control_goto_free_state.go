package main

import "fmt"

type state int

const (
	start state = iota
	inWord
	inNumber
	done
)

func (s state) String() string {
	return [...]string{"start", "inWord", "inNumber", "done"}[s]
}

func tokenize(input string) []string {
	var tokens []string
	cur := ""
	st := start
	flush := func() {
		if cur != "" {
			tokens = append(tokens, cur)
			cur = ""
		}
	}
	for i := 0; i <= len(input); i++ {
		var c byte
		if i < len(input) {
			c = input[i]
		}
		switch {
		case c == 0:
			flush()
			st = done
		case c >= '0' && c <= '9':
			if st != inNumber {
				flush()
			}
			st = inNumber
			cur += string(c)
		case c >= 'a' && c <= 'z':
			if st != inWord {
				flush()
			}
			st = inWord
			cur += string(c)
		default:
			flush()
			st = start
		}
	}
	fmt.Println("final state:", st)
	return tokens
}

func main() {
	fmt.Printf("%q\n", tokenize("abc123 de4f,,99x"))
	fmt.Printf("%q\n", tokenize(""))
	fmt.Println(start, done)
}
