package main

import "fmt"

func two() (int, string) { return 1, "a" }
func cs() ([]byte, string) { return make([]byte, 3), "hello" }
func fl() (float64, float64) { return 1, 2 }
func fl32() (float32, float32) { return 3, -4 }
func ss() ([]int, []int) { return make([]int, 2), []int{7, 8, 9} }



func main() {
	println(two())
	print(two())
	println()
	fmt.Println(copy(cs()), copy(ss()))
	fmt.Println(complex(fl()), complex(fl32()))
	defer println(two())
	b, s := cs()
	defer print(copy(b, s), "\n")
	defer func() { fmt.Println(string(b)) }()
	defer copy(cs())
	c := complex(fl())
	fmt.Printf("%T %v\n", c, c)
}
