package main

import (
	"bufio"
	"fmt"
	"net"
	"strconv"
	"strings"
)

// The netpoller article's client, `conn, err := net.Dial("tcp",
// "localhost:8000")` then `bufio.NewReader(conn).ReadString('\n')`, against a
// listener in the same program on a port the kernel picks (":0"), so that two
// runs never fight over port 8000.

func main() {
	ln, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		fmt.Println("listen:", err)
		return
	}
	defer ln.Close()
	addr := ln.Addr().String()
	host, port, _ := strings.Cut(addr, ":")
	p, _ := strconv.Atoi(port)
	fmt.Println("listening on", ln.Addr().Network(), host, "with a free port:", p > 0 && p < 65536)

	peers := make(chan string, 1)
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			fmt.Println("accept:", err)
			return
		}
		defer conn.Close()
		peers <- conn.RemoteAddr().String() + " " + conn.LocalAddr().String()
		conn.Write([]byte("hello from the server\n"))
		ack, err := bufio.NewReader(conn).ReadString('\n')
		conn.Write([]byte("got " + ack))
	}()

	conn, err := net.Dial("tcp", "localhost:"+port)
	if err != nil {
		fmt.Println("dial:", err)
		return
	}
	defer conn.Close()

	msg, err := bufio.NewReader(conn).ReadString('\n')
	fmt.Printf("msg=%q err=%v\n", msg, err)

	seen := <-peers
	fmt.Println("server saw the client's address:", seen == conn.LocalAddr().String()+" "+conn.RemoteAddr().String())
	fmt.Println("client dialed the listener:", conn.RemoteAddr().String() == addr)
	fmt.Println("local address is loopback:", strings.HasPrefix(conn.LocalAddr().String(), "127.0.0.1:"))
	fmt.Println("networks:", conn.LocalAddr().Network(), conn.RemoteAddr().Network())

	// The server answers only after our reply, so a fresh reader sees it all.
	fmt.Fprintf(conn, "thanks %d\n", 42)
	r := bufio.NewReader(conn)
	for i := 0; i < 2; i++ {
		line, err := r.ReadString('\n')
		fmt.Printf("next=%q err=%v\n", line, err)
	}
}
