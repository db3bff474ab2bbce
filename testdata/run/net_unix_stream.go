package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"
)

func main() {
	dir, _ := os.MkdirTemp("", "unixs")
	defer os.RemoveAll(dir)
	clean := func(v any) string { return strings.ReplaceAll(fmt.Sprint(v), dir, "D") }
	path := dir + "/sock"

	l, err := net.Listen("unix", path)
	if err != nil {
		fmt.Println(clean(err))
		return
	}
	fmt.Println("listen:", l.Addr().Network(), clean(l.Addr()))
	fi, err := os.Stat(path)
	fmt.Println("socket file:", err, fi.Mode()&os.ModeSocket != 0)

	done := make(chan bool)
	var clientLog []string
	go func() {
		c, err := net.Dial("unix", path)
		if err != nil {
			clientLog = append(clientLog, "dial: "+clean(err))
			done <- true
			return
		}
		uc := c.(*net.UnixConn)
		clientLog = append(clientLog, fmt.Sprintf("client: local %q remote %s", uc.LocalAddr().String(), clean(uc.RemoteAddr())))
		c.Write([]byte("ping"))
		uc.CloseWrite()
		b, err := io.ReadAll(c)
		clientLog = append(clientLog, fmt.Sprint("client got: ", string(b), " ", err))
		c.Close()
		done <- true
	}()

	c, err := l.Accept()
	fmt.Println("accept:", err)
	fmt.Printf("server: local %s remote %q\n", clean(c.LocalAddr()), c.RemoteAddr().String())
	b, err := io.ReadAll(c)
	fmt.Println("server got:", string(b), err)
	c.Write([]byte("pong"))
	c.Close()
	<-done
	for _, line := range clientLog {
		fmt.Println(line)
	}

	_, err = c.Write([]byte("x"))
	fmt.Println("write after close:", errors.Is(err, net.ErrClosed))

	// Accept with a deadline.
	ul := l.(*net.UnixListener)
	ul.SetDeadline(time.Now().Add(20 * time.Millisecond))
	_, err = ul.AcceptUnix()
	fmt.Println("accept deadline:", errors.Is(err, os.ErrDeadlineExceeded))

	// Close removes the socket file.
	l.Close()
	_, err = os.Stat(path)
	fmt.Println("after close:", os.IsNotExist(err))

	// Unless told not to.
	ul2, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	fmt.Println("ListenUnix:", err)
	ul2.SetUnlinkOnClose(false)
	ul2.Close()
	_, err = os.Stat(path)
	fmt.Println("kept:", err == nil)

	// Binding an existing path fails.
	_, err = net.Listen("unix", path)
	fmt.Println(clean(err))
	os.Remove(path)

	// Errors.
	_, err = net.Dial("unix", dir+"/nope")
	fmt.Println(clean(err))
	_, err = net.DialUnix("unix", nil, nil)
	fmt.Println(err)
	_, err = net.ResolveUnixAddr("tcp", "x")
	fmt.Println(err)
	a, _ := net.ResolveUnixAddr("unixgram", "/x/y")
	fmt.Println(a.Network(), a)
	_, err = net.Listen("unix", dir+"/no/such/dir/s")
	fmt.Println(clean(err))
}
