package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"time"
)

func main() {
	srv, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		fmt.Println("listen:", err)
		return
	}
	defer srv.Close()
	la := srv.LocalAddr().(*net.UDPAddr)
	fmt.Println("server:", la.Network(), la.IP, la.Port > 0, srv.RemoteAddr())

	cli, err := net.DialUDP("udp", nil, la)
	if err != nil {
		fmt.Println("dial:", err)
		return
	}
	defer cli.Close()
	ra := cli.RemoteAddr().(*net.UDPAddr)
	fmt.Println("client remote:", ra.IP, ra.Port == la.Port)

	n, err := cli.Write([]byte("hello"))
	fmt.Println("write:", n, err)
	buf := make([]byte, 64)
	n, from, err := srv.ReadFromUDP(buf)
	fmt.Println("read:", n, string(buf[:n]), err, from.IP, from.Port == cli.LocalAddr().(*net.UDPAddr).Port)

	n, err = srv.WriteToUDP([]byte("world!"), from)
	fmt.Println("reply:", n, err)
	n, err = cli.Read(buf)
	fmt.Println("client read:", n, string(buf[:n]), err)

	// A datagram longer than the buffer is cut.
	cli.Write([]byte("0123456789"))
	small := make([]byte, 4)
	n, addr, err := srv.ReadFrom(small)
	fmt.Println("short read:", n, string(small[:n]), err, addr.Network())

	// An empty datagram is a datagram.
	cli.Write(nil)
	n, _, err = srv.ReadFrom(buf)
	fmt.Println("empty:", n, err)

	// WriteTo on a connected socket, and without an address.
	_, err = cli.WriteTo([]byte("x"), from)
	fmt.Println("connected WriteTo:", errors.Is(err, net.ErrWriteToConnected))
	_, err = srv.WriteToUDP([]byte("x"), nil)
	var oe *net.OpError
	fmt.Println("nil addr:", errors.As(err, &oe), oe.Op, oe.Net, oe.Err)
	_, err = srv.WriteTo([]byte("x"), &net.TCPAddr{})
	fmt.Println("tcp addr:", errors.As(err, &oe), oe.Err)

	// A read deadline.
	srv.SetReadDeadline(time.Now().Add(30 * time.Millisecond))
	_, _, err = srv.ReadFrom(buf)
	var ne net.Error
	fmt.Println("deadline:", errors.As(err, &ne) && ne.Timeout(), errors.Is(err, os.ErrDeadlineExceeded))
	srv.SetReadDeadline(time.Time{})

	// A PacketConn from ListenPacket, and messages both ways.
	pc, err := net.ListenPacket("udp4", "127.0.0.1:0")
	fmt.Println("ListenPacket:", err, pc.LocalAddr().Network())
	for i := 0; i < 3; i++ {
		srv.WriteTo([]byte{byte('a' + i)}, pc.LocalAddr())
	}
	for i := 0; i < 3; i++ {
		n, a, err := pc.ReadFrom(buf)
		fmt.Println("pc got:", string(buf[:n]), a.(*net.UDPAddr).Port == la.Port, err)
	}
	pc.Close()
	_, _, err = pc.ReadFrom(buf)
	fmt.Println("after close:", errors.Is(err, net.ErrClosed))
	fmt.Println("close again:", errors.Is(pc.Close(), net.ErrClosed))

	// Dial through net.Dial.
	c, err := net.Dial("udp", la.String())
	fmt.Println("Dial:", err, c.RemoteAddr().String() == la.String())
	c.Write([]byte("via Dial"))
	n, _, _ = srv.ReadFrom(buf)
	fmt.Println("srv:", string(buf[:n]))
	c.Close()

	// Wildcard listeners.
	w, _ := net.ListenUDP("udp4", nil)
	fmt.Println("udp4 wildcard:", w.LocalAddr().(*net.UDPAddr).IP)
	w.Close()

	// Errors.
	_, err = net.ListenUDP("tcp", nil)
	fmt.Println(err)
	_, err = net.DialUDP("udp", nil, nil)
	fmt.Println(err)
	_, err = net.ListenPacket("ip9", "")
	fmt.Println(err)
	_, err = net.ResolveUDPAddr("udp", "127.0.0.1:99999")
	fmt.Println(err)
}
