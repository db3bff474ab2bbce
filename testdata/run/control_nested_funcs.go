package main

import "fmt"

func collatz(n int) (steps int) {
	for n != 1 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	return
}

func primes(limit int) []int {
	sieve := make([]bool, limit+1)
	var out []int
	for i := 2; i <= limit; i++ {
		if sieve[i] {
			continue
		}
		out = append(out, i)
		for j := i * i; j <= limit; j += i {
			sieve[j] = true
		}
	}
	return out
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func main() {
	best, bestN := 0, 0
	for n := 1; n < 1000; n++ {
		if s := collatz(n); s > best {
			best, bestN = s, n
		}
	}
	fmt.Println("longest collatz below 1000:", bestN, best)
	ps := primes(100)
	fmt.Println(len(ps), ps)
	fmt.Println(gcd(48, 18), gcd(17, 5), gcd(0, 9))
	triangle := [][]int{}
	for i := 0; i < 6; i++ {
		row := make([]int, i+1)
		row[0], row[i] = 1, 1
		for j := 1; j < i; j++ {
			row[j] = triangle[i-1][j-1] + triangle[i-1][j]
		}
		triangle = append(triangle, row)
	}
	for _, r := range triangle {
		fmt.Println(r)
	}
}
