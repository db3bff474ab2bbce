package main

import "fmt"

func main() {
outer:
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			if j == 2 {
				continue outer
			}
			if i == 3 {
				break outer
			}
			fmt.Print(i, j, " ")
		}
	}
	fmt.Println()
search:
	for _, row := range [][]int{{1, 2}, {3, 42}, {5, 6}} {
		for _, v := range row {
			if v == 42 {
				fmt.Println("found 42")
				break search
			}
			fmt.Println("checked", v)
		}
	}
loop:
	for i := 0; ; i++ {
		switch {
		case i == 1:
			continue loop
		case i > 3:
			break loop
		}
		fmt.Println("i =", i)
	}
	count := 0
sw:
	switch count {
	case 0:
		for {
			count++
			if count == 3 {
				break sw
			}
		}
	}
	fmt.Println("count", count)
	m := map[string][]int{"a": {1, 2, 3}}
	total := 0
keys:
	for _, vs := range m {
		for _, v := range vs {
			if v == 3 {
				break keys
			}
			total += v
		}
	}
	fmt.Println("total", total)
}
