package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

func main() {
	c := exec.Command("true")
	c.Dir = "/nope"
	fmt.Println(c.Run())
	fmt.Println(exec.Command("").Run())
	fmt.Println(exec.Command("/etc/passwd").Run())
	fmt.Println(exec.Command("/tmp").Run())
	_, err := exec.LookPath("/etc/passwd")
	fmt.Println(err, errors.Is(err, os.ErrPermission))
	c = exec.Command("sh", "-c", "cat; echo done >&2")
	c.Stdin = strings.NewReader(strings.Repeat("x", 200000))
	out, err := c.CombinedOutput()
	fmt.Println(len(out), err)
	c = exec.Command("echo", "a")
	c.Stdout = os.Stdout
	_, err = c.Output()
	fmt.Println(err)
	c = exec.Command("sh", "-c", "exit 7")
	err = c.Run()
	fmt.Println(err, c.ProcessState.ExitCode(), c.ProcessState.Success(), c.ProcessState)
	var ee *exec.ExitError
	fmt.Println(errors.As(err, &ee), ee.String())
	fmt.Println(exec.Command("ls").Environ() != nil)
}
