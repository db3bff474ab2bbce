package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

func main() {
	out, err := exec.Command("echo", "hello", "world").Output()
	fmt.Printf("%q %v\n", out, err)
	cmd := exec.Command("sh", "-c", "echo out; echo err >&2; exit 4")
	out, err = cmd.Output()
	fmt.Printf("%q %v\n", out, err)
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		fmt.Printf("code=%d stderr=%q exited=%v\n", ee.ExitCode(), ee.Stderr, ee.Exited())
	}
	out, err = exec.Command("sh", "-c", "echo a; echo b >&2").CombinedOutput()
	fmt.Printf("%q %v\n", out, err)
	_, err = exec.Command("definitely-not-a-command").Output()
	fmt.Println(err, errors.Is(err, exec.ErrNotFound))
	_, err = exec.Command("/no/such/prog").Output()
	fmt.Println(err)
	p, err := exec.LookPath("sh")
	fmt.Println(strings.HasSuffix(p, "/sh"), err)
	_, err = exec.LookPath("nope-nope")
	fmt.Println(err)

	grep := exec.Command("grep", "hello")
	in, _ := grep.StdinPipe()
	rd, _ := grep.StdoutPipe()
	fmt.Println(grep.Start())
	in.Write([]byte("hello grep\ngoodbye grep"))
	in.Close()
	b, _ := io.ReadAll(rd)
	fmt.Println(grep.Wait())
	fmt.Printf("%q\n", b)

	c := exec.Command("cat")
	c.Stdin = strings.NewReader("from a reader\n")
	var sb strings.Builder
	c.Stdout = &sb
	fmt.Println(c.Run(), sb.String())
	fmt.Println(c.Run())
	fmt.Println(exec.Command("true").Wait())

	c = exec.Command("sh", "-c", "echo $FOO; pwd")
	c.Env = []string{"FOO=bar", "FOO=baz"}
	c.Dir = "/tmp"
	out, err = c.Output()
	fmt.Printf("%q %v\n", out, err)
	fmt.Println(exec.Command("/bin/echo", "-l", "x").String())
	fmt.Println(exec.Command("no-such-cmd-x", "-l").String())

	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	err = exec.CommandContext(ctx, "sleep", "5").Run()
	fmt.Println(err)
	c = exec.Command("sh", "-c", "echo to-stdout")
	c.Stdout = os.Stdout
	fmt.Println("before")
	c.Run()
	fmt.Println("after")
	err = exec.Command("sh", "-c", "kill -9 $$").Run()
	fmt.Println(err)
}
