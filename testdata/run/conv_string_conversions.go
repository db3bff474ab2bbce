package main

import (
	"fmt"
	"strconv"
)

type Name string
type Bytes []byte

func main() {
	n := Name("alice")
	s := string(n)
	fmt.Println(n, s, len(n), n+"!")
	fmt.Printf("%T %T\n", n, s)
	bs := Bytes("raw")
	fmt.Println(bs, string(bs))
	fmt.Println(string(rune(65)), strconv.Itoa(65), fmt.Sprint(65))
	rs := []rune("héllo")
	fmt.Println(len(rs), rs, string(rs[1:3]))
	b := []byte("héllo")
	fmt.Println(len(b), b[1], b[2], string(b[1:3]))
	fmt.Println(string(rune(-1)), string(rune(0x110000)) == "\uFFFD")
	var buf []byte
	for i := 0; i < 3; i++ {
		buf = append(buf, byte('0'+i))
	}
	fmt.Println(string(buf))
	x := 12345
	digits := []int{}
	for _, c := range strconv.Itoa(x) {
		digits = append(digits, int(c-'0'))
	}
	fmt.Println(digits)
	hex := fmt.Sprintf("%x", 3735928559)
	v, _ := strconv.ParseInt(hex, 16, 64)
	fmt.Println(hex, v)
	f := 2.50
	fmt.Println(strconv.FormatFloat(f, 'f', -1, 64), fmt.Sprint(f), fmt.Sprintf("%.3f", f))
	names := []Name{"b", "a"}
	fmt.Println(names, string(names[0])+string(names[1]))
	var i interface{} = n
	_, isString := i.(string)
	_, isName := i.(Name)
	fmt.Println(isString, isName)
}
