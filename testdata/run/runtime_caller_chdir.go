// runtime.Caller, FuncForPC and log's file names are the source file's
// absolute path as it was compiled: an os.Chdir before the call does not
// move them (the file can still be opened by that name).
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

func where() string {
	_, file, line, ok := runtime.Caller(1)
	if !ok {
		return "no caller"
	}
	_, err := os.Stat(file)
	return fmt.Sprintf("%s:%d abs=%v exists=%v", filepath.Base(file), line, filepath.IsAbs(file), err == nil)
}

func main() {
	fmt.Println(where())
	if err := os.Chdir(os.TempDir()); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(where())
	pc, _, _, _ := runtime.Caller(0)
	f := runtime.FuncForPC(pc)
	file, line := f.FileLine(pc)
	_, err := os.Stat(file)
	fmt.Println(f.Name(), filepath.Base(file), line, err == nil)

	var b strings.Builder
	log.SetOutput(&b)
	log.SetFlags(log.Llongfile)
	log.Print("here")
	out := b.String()
	name, _, _ := strings.Cut(out, ":")
	_, err = os.Stat(name)
	fmt.Println(filepath.Base(name), filepath.IsAbs(name), err == nil, strings.HasSuffix(out, ": here\n"))
}
