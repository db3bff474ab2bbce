package main

import "fmt"

func main() {
	n := 0
	if n > 0 {
		goto done
	}
	msg := "positive"
	fmt.Println(msg)
done:
	fmt.Println("done")
}
