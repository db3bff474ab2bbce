package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	fmt.Println("before")
	p, err := os.StartProcess("/bin/sh", []string{"sh", "-c", "echo hi; exit 3"}, &os.ProcAttr{Files: []*os.File{nil, os.Stdout, os.Stderr}})
	st, err2 := p.Wait()
	fmt.Println(err)
	err = err2
	fmt.Println(st, err, st.ExitCode(), st.Success(), st.Exited())
	r, w, err := os.Pipe()
	fmt.Println(err)
	p, err = os.StartProcess("/bin/echo", []string{"echo", "piped", "x"}, &os.ProcAttr{Files: []*os.File{nil, w, nil}})
	w.Close()
	b, err := io.ReadAll(r)
	fmt.Printf("%q %v\n", b, err)
	st, _ = p.Wait()
	fmt.Println(st)
	_, err = os.StartProcess("/nonexist", []string{"x"}, &os.ProcAttr{})
	fmt.Println(err)
	_, err = os.StartProcess("/bin/sh", []string{"x"}, &os.ProcAttr{Dir: "/nope"})
	fmt.Println(err)
	p, _ = os.StartProcess("/bin/sleep", []string{"sleep", "10"}, &os.ProcAttr{})
	fmt.Println(p.Kill())
	st, err = p.Wait()
	fmt.Println(st, err, st.ExitCode())
	fmt.Println(p.Kill())
}
