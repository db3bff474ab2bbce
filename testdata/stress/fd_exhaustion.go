package main

import (
	"fmt"
	"os"
)

func main() {
	var files []*os.File
	var err error
	for {
		var f *os.File
		f, err = os.Open("/dev/null")
		if err != nil {
			break
		}
		files = append(files, f)
	}
	fmt.Println(err)
	fmt.Println(len(files) > 100)
	for _, f := range files {
		f.Close()
	}
	f, err := os.Open("/dev/null")
	fmt.Println(err == nil)
	f.Close()
}
