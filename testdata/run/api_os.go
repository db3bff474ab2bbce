package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

func main() {
	fmt.Println(os.IsPathSeparator('/'), os.IsPathSeparator('\\'), os.IsPathSeparator('a'))
	var pe *os.PathError
	_, err := os.Stat("/nonexistent/x")
	fmt.Println(errors.As(err, &pe), pe.Op)
	var m os.FileMode = fs.ModeDir | 0o755
	fmt.Println(m)
}
