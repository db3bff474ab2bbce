package main

import "fmt"

// goto backward (a loop), forward (skipping code), out of nested blocks
// and loops, and in functions with defers and closures.

func countdown(n int) {
loop:
	if n == 0 {
		fmt.Println("liftoff")
		return
	}
	fmt.Println(n)
	n--
	goto loop
}

func find(grid [][]int, want int) (int, int) {
	var r, c int
	for r = range grid {
		for c = range grid[r] {
			if grid[r][c] == want {
				goto found
			}
		}
	}
	return -1, -1
found:
	return r, c
}

func withDefer() (out int) {
	defer func() { out *= 10 }()
	i := 0
again:
	defer fmt.Println("deferred", i)
	i++
	if i < 3 {
		goto again
	}
	out = i
	return
}

func skip(x int) string {
	s := "start"
	if x > 0 {
		goto positive
	}
	s += " nonpositive"
	goto end
positive:
	s += " positive"
end:
	return s
}

func closures() {
	var fs []func() int
	i := 0
next:
	j := i * i
	fs = append(fs, func() int { return j })
	i++
	if i < 4 {
		goto next
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}

func switchOut(xs []int) int {
	sum := 0
	for _, x := range xs {
		switch {
		case x < 0:
			goto bad
		case x == 0:
			continue
		default:
			sum += x
		}
	}
	return sum
bad:
	return -1
}

func selectGoto(ch chan int) (n int) {
recv:
	select {
	case v, ok := <-ch:
		if !ok {
			goto out
		}
		n += v
		goto recv
	}
out:
	return
}

func main() {
	countdown(3)
	fmt.Println(find([][]int{{1, 2}, {3, 4}, {5, 6}}, 4))
	fmt.Println(find([][]int{{1, 2}}, 9))
	fmt.Println(withDefer())
	fmt.Println(skip(1), "|", skip(-1))
	closures()
	fmt.Println(switchOut([]int{1, 0, 2}), switchOut([]int{1, -1, 2}))
	ch := make(chan int, 3)
	ch <- 1
	ch <- 2
	close(ch)
	fmt.Println(selectGoto(ch))
	{
		k := 0
	inner:
		if k < 2 {
			k++
			goto inner
		}
		fmt.Println("k", k)
	}
	var nested func(int) int
	nested = func(n int) int {
		acc := 0
	top:
		if n > 0 {
			acc += n
			n--
			goto top
		}
		return acc
	}
	fmt.Println(nested(4))
}
