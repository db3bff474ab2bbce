package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
)

// When the peer closes its end, reads return what was sent and then io.EOF
// itself (not wrapped): raw Conn.Read, bufio.Reader.ReadString (which hands
// back the unterminated tail with io.EOF), and the server side seeing the
// client hang up.

func main() {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	defer ln.Close()
	serverSaw := make(chan string)
	go func() {
		for i := 0; i < 2; i++ {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			if i == 0 {
				c.Write([]byte("line one\nno newline at the end"))
				c.Close()
				continue
			}
			// The second client sends a little and hangs up.
			buf := make([]byte, 100)
			got := ""
			for {
				n, err := c.Read(buf)
				got += string(buf[:n])
				if err != nil {
					serverSaw <- fmt.Sprintf("%q then %v (EOF: %v)", got, err, err == io.EOF)
					break
				}
			}
			c.Close()
		}
	}()

	c1, _ := net.Dial("tcp", ln.Addr().String())
	r := bufio.NewReader(c1)
	for i := 0; i < 3; i++ {
		s, err := r.ReadString('\n')
		fmt.Printf("ReadString: %q %v (EOF: %v)\n", s, err, err == io.EOF)
	}
	n, err := c1.Read(make([]byte, 10))
	fmt.Println("raw Read after EOF:", n, err, err == io.EOF)
	c1.Close()

	c2, _ := net.Dial("tcp", ln.Addr().String())
	fmt.Fprintf(c2, "%s=%d;", "a", 1)
	fmt.Fprint(c2, "b=", 2)
	c2.Close()
	fmt.Println("server:", <-serverSaw)
}
