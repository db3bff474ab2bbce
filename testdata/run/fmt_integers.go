package main

import "fmt"

func main() {
	n := 255
	fmt.Printf("%d|%5d|%-5d|%05d|%+d|% d\n", n, n, n, n, n, n)
	fmt.Printf("%x|%X|%#x|%#X|%08x|%o|%#o|%O|%b|%#b\n", n, n, n, n, n, n, n, n, n, n)
	m := -42
	fmt.Printf("%d|%5d|%-5d|%05d|%+d|% d|%x|%o|%b\n", m, m, m, m, m, m, m, m, m)
	fmt.Printf("%c|%c|%c|%U|%#U|%q\n", 65, 0x65E5, 'ñ', 0x1F600, 'x', 'y')
	fmt.Printf("%d %d %d %d\n", int8(-128), uint8(255), int64(-9223372036854775808), uint64(18446744073709551615))
	fmt.Printf("%x %X\n", uint64(18446744073709551615), int64(-1))
	fmt.Printf("[%3c][%-3c]\n", 'a', 'b')
	fmt.Printf("%.3d|%8.3d|%-8.3d|%+.3d\n", 7, 7, 7, 7)
	fmt.Printf("%v %v\n", 1e6, 100000000)
	fmt.Printf("%6.2d|%x|%X\n", 3, "hi", []byte("hi"))
	fmt.Printf("% x|% X|%#x\n", "abc", []byte{1, 171}, "abc")
	fmt.Printf("%08b|%-8b|\n", 5, 5)
	fmt.Printf("%d%%\n", 50)
	fmt.Printf("%t %v %5t|%-6t|\n", true, false, true, false)
}
