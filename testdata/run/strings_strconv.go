package main

import (
	"fmt"
	"strconv"
)

func main() {
	fmt.Println(strconv.Itoa(123), strconv.Itoa(-45)+"!", len(strconv.Itoa(1000)))
	n, err := strconv.Atoi("789")
	fmt.Println(n, err)
	n, err = strconv.Atoi("12a")
	fmt.Println(n, err)
	n, err = strconv.Atoi("")
	fmt.Println(n, err)
	n, err = strconv.Atoi("99999999999999999999")
	fmt.Println(n, err)
	i64, err := strconv.ParseInt("-ff", 16, 64)
	fmt.Println(i64, err)
	i64, err = strconv.ParseInt("0x1f", 0, 64)
	fmt.Println(i64, err)
	i64, err = strconv.ParseInt("300", 10, 8)
	fmt.Println(i64, err)
	f, err := strconv.ParseFloat("3.25", 64)
	fmt.Println(f, err)
	f, err = strconv.ParseFloat("1e400", 64)
	fmt.Println(f, err)
	f, err = strconv.ParseFloat("abc", 64)
	fmt.Println(f, err)
	b, err := strconv.ParseBool("true")
	fmt.Println(b, err)
	_, err = strconv.ParseBool("yes")
	fmt.Println(err)
	fmt.Println(strconv.FormatInt(255, 2), strconv.FormatInt(-255, 16), strconv.FormatInt(35, 36))
	fmt.Println(strconv.FormatFloat(3.14159, 'f', 2, 64), strconv.FormatFloat(1e21, 'g', -1, 64), strconv.FormatFloat(0.5, 'e', 3, 64))
	fmt.Println(strconv.FormatBool(false))
	fmt.Println(strconv.Quote("hi\n\"there\""), strconv.Quote("日本"), strconv.Quote("tab\there"))
	_, err = strconv.Atoi("x")
	if ne, ok := err.(*strconv.NumError); ok {
		fmt.Println(ne.Func, ne.Num, ne.Err)
	}
	fmt.Println(strconv.Itoa(-7) + strconv.FormatInt(42, 10))
}
