package main

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	dir, _ := os.MkdirTemp("", "unixg")
	defer os.RemoveAll(dir)
	rel := func(a net.Addr) string {
		if a == nil {
			return "<nil>"
		}
		return strings.ReplaceAll(a.String(), dir, "D")
	}
	srvPath := filepath.Join(dir, "srv")
	srv, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: srvPath, Net: "unixgram"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	fmt.Println("server:", rel(srv.LocalAddr()), rel(srv.RemoteAddr()))

	// An unnamed client: the server sees no sender address.
	cli, err := net.DialUnix("unixgram", nil, &net.UnixAddr{Name: srvPath, Net: "unixgram"})
	fmt.Println("dial:", err, rel(cli.LocalAddr()), rel(cli.RemoteAddr()))
	cli.Write([]byte("one"))
	cli.Write([]byte("two"))
	buf := make([]byte, 16)
	for i := 0; i < 2; i++ {
		n, from, err := srv.ReadFromUnix(buf)
		fmt.Println("got:", string(buf[:n]), from == nil, err)
	}
	cli.Close()

	// A named peer gets replies.
	peerPath := filepath.Join(dir, "peer")
	peer, err := net.ListenPacket("unixgram", peerPath)
	fmt.Println("peer:", err, rel(peer.LocalAddr()))
	n, err := peer.WriteTo([]byte("hello"), &net.UnixAddr{Name: srvPath, Net: "unixgram"})
	fmt.Println("sent:", n, err)
	n, from, err := srv.ReadFrom(buf)
	fmt.Println("server got:", string(buf[:n]), rel(from), err)
	srv.WriteTo([]byte("hi back"), from)
	n, from, err = peer.ReadFrom(buf)
	fmt.Println("peer got:", string(buf[:n]), rel(from), err)
	peer.Close()

	// Messages keep their boundaries through Read too.
	c2, _ := net.Dial("unixgram", srvPath)
	c2.Write([]byte("abc"))
	c2.Write([]byte("defgh"))
	for i := 0; i < 2; i++ {
		n, err := srv.Read(buf)
		fmt.Println("read:", string(buf[:n]), err)
	}
	c2.Close()

	_, err = net.DialUnix("unixgram", nil, &net.UnixAddr{Name: filepath.Join(dir, "none"), Net: "unixgram"})
	fmt.Println(strings.ReplaceAll(err.Error(), dir, "D"))
}
