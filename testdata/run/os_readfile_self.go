package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// This program reads its own source three ways (os.ReadFile, os.Open with
// Read in 100-byte chunks, a bufio.Scanner over the *os.File) and checks that
// they agree; then it uses the File after Close.

const marker = "MARKER-7f3a" // found in the source text below

func main() {
	const name = "os_readfile_self.go"
	data, err := os.ReadFile(name)
	whole := string(data)
	fmt.Println("ReadFile err:", err, "nonempty:", len(whole) > 1000)
	fmt.Println("first line:", whole[:strings.IndexByte(whole, '\n')])
	fmt.Println("has marker:", strings.Contains(whole, marker))

	f, err := os.Open(name)
	fmt.Println("Open err:", err, "name:", f.Name())
	var chunks []string
	buf := make([]byte, 100)
	reads := 0
	for {
		n, err := f.Read(buf)
		reads++
		chunks = append(chunks, string(buf[:n]))
		if err == io.EOF {
			fmt.Println("EOF with n =", n)
			break
		}
		if err != nil {
			fmt.Println("read error:", err)
			break
		}
	}
	fmt.Println("chunked equals ReadFile:", strings.Join(chunks, "") == whole)
	fmt.Println("reads as expected:", reads == (len(whole)+99)/100+1)
	fmt.Println("close:", f.Close())

	_, err = f.Read(buf)
	fmt.Println("read after close:", err)
	fmt.Println("close again:", f.Close())

	f, _ = os.Open(name)
	sc := bufio.NewScanner(f)
	lines, funcs := 0, 0
	for sc.Scan() {
		lines++
		if strings.HasPrefix(sc.Text(), "func ") {
			funcs++
		}
	}
	f.Close()
	fmt.Println("lines:", lines, "equal:", lines == strings.Count(whole, "\n"), "funcs:", funcs, "err:", sc.Err())

	all, err := io.ReadAll(bufio.NewReader(mustOpen(name)))
	fmt.Println("ReadAll:", len(all) == len(whole), err)
}

func mustOpen(name string) *os.File {
	f, err := os.Open(name)
	if err != nil {
		panic(err)
	}
	return f
}
