package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"
)

func main() {
	l, err := net.ListenTCP("tcp", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer l.Close()
	la := l.Addr().(*net.TCPAddr)
	fmt.Println("listen:", la.IP, la.Port > 0)

	done := make(chan bool)
	var serverLog []string
	logf := func(a ...any) { serverLog = append(serverLog, fmt.Sprintln(a...)) }
	go func() {
		c, err := l.AcceptTCP()
		if err != nil {
			logf("accept:", err)
			return
		}
		// Echo everything back, then close our side for writing.
		var buf bytes.Buffer
		n, err := c.WriteTo(&buf)
		logf("server WriteTo:", n, err)
		n, err = c.ReadFrom(strings.NewReader(strings.ToUpper(buf.String())))
		logf("server ReadFrom:", n, err)
		logf("server CloseWrite:", c.CloseWrite())
		c.Close()
		done <- true
	}()

	c, err := net.DialTCP("tcp", nil, la)
	fmt.Println("dial:", err, c.RemoteAddr().String() == la.String())
	fmt.Println("SetNoDelay:", c.SetNoDelay(false), c.SetNoDelay(true))
	fmt.Println("SetKeepAlive:", c.SetKeepAlive(true))
	fmt.Println("SetKeepAlivePeriod:", c.SetKeepAlivePeriod(30*time.Second))
	fmt.Println("SetLinger:", c.SetLinger(-1), c.SetLinger(5))
	fmt.Println("buffers:", c.SetReadBuffer(1<<16), c.SetWriteBuffer(1<<16))
	fmt.Println("KeepAliveConfig:", c.SetKeepAliveConfig(net.KeepAliveConfig{Enable: true, Idle: 10 * time.Second, Interval: 5 * time.Second, Count: 3}))
	c.Write([]byte("some text"))
	fmt.Println("CloseWrite:", c.CloseWrite())
	b, err := io.ReadAll(c)
	fmt.Printf("client got %q %v\n", b, err)
	<-done
	for _, line := range serverLog {
		fmt.Print(line)
	}
	c.CloseRead()
	c.Close()
	err = c.SetNoDelay(true)
	fmt.Println("after close:", errors.Is(err, net.ErrClosed))

	// Accept with a deadline.
	l.SetDeadline(time.Now().Add(20 * time.Millisecond))
	_, err = l.Accept()
	fmt.Println("accept deadline:", errors.Is(err, os.ErrDeadlineExceeded))

	// ListenConfig and Dialer.
	var lc net.ListenConfig
	fmt.Println("mptcp:", lc.MultipathTCP())
	l2, err := lc.Listen(nil, "tcp", "127.0.0.1:0")
	fmt.Println("ListenConfig.Listen:", err)
	var d net.Dialer
	fmt.Println("dialer mptcp:", d.MultipathTCP())
	go func() {
		c, err := l2.Accept()
		if err == nil {
			c.Write([]byte("hi"))
			c.Close()
		}
	}()
	c2, err := d.Dial("tcp", l2.Addr().String())
	fmt.Println("dialer:", err)
	b, _ = io.ReadAll(c2)
	fmt.Println(string(b))
	c2.Close()
	l2.Close()

	_, err = net.DialTCP("tcp", nil, nil)
	fmt.Println(err)
	_, err = net.ListenTCP("udp", nil)
	fmt.Println(err)
}
