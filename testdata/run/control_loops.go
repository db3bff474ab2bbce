package main

import "fmt"

func main() {
	for i := 0; i < 3; i++ {
		fmt.Print(i, " ")
	}
	fmt.Println()
	n := 0
	for n < 5 {
		n += 2
	}
	fmt.Println("n", n)
	k := 0
	for {
		k++
		if k == 3 {
			continue
		}
		if k > 5 {
			break
		}
		fmt.Print("k", k, " ")
	}
	fmt.Println()
	for i, j := 0, 10; i < j; i, j = i+1, j-2 {
		fmt.Print(i, ":", j, " ")
	}
	fmt.Println()
	sum := 0
	for i := 1; i <= 100; i++ {
		if i%3 != 0 && i%5 != 0 {
			continue
		}
		sum += i
	}
	fmt.Println("sum of multiples of 3 or 5:", sum)
	for i := 1; i <= 15; i++ {
		switch {
		case i%15 == 0:
			fmt.Println("FizzBuzz")
		case i%3 == 0:
			fmt.Println("Fizz")
		case i%5 == 0:
			fmt.Println("Buzz")
		default:
			fmt.Println(i)
		}
	}
	var i int
	for i = 10; i > 0; i /= 2 {
	}
	fmt.Println("i after loop", i)
}
