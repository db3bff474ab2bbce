package main

import (
	"bufio"
	"fmt"
	"io"
	"net/textproto"
	"strings"
	"sync"
)

// rwc is a scripted connection: reads come from in, writes go to out.
type rwc struct {
	io.Reader
	out    strings.Builder
	closed bool
}

func (c *rwc) Write(p []byte) (int, error) { return c.out.Write(p) }
func (c *rwc) Close() error                { c.closed = true; return nil }

func main() {
	conn := &rwc{Reader: strings.NewReader("220 hello\r\n250-ok\r\n250 fine\r\n221 bye\r\n")}
	c := textproto.NewConn(conn)
	code, msg, err := c.ReadCodeLine(220)
	fmt.Println(code, msg, err)

	id, err := c.Cmd("EHLO %s", "me")
	fmt.Println(id, err)
	c.StartResponse(id)
	code, msg, err = c.ReadResponse(250)
	c.EndResponse(id)
	fmt.Println(code, msg, err)

	id, err = c.Cmd("QUIT")
	fmt.Println(id, err)
	c.StartResponse(id)
	code, msg, err = c.ReadCodeLine(221)
	c.EndResponse(id)
	fmt.Println(code, msg, err)
	fmt.Printf("%q\n", conn.out.String())
	fmt.Println(c.Close(), conn.closed)

	// The pipeline orders requests by id whatever the goroutines' order.
	var p textproto.Pipeline
	var mu sync.Mutex
	var order []uint
	var wg sync.WaitGroup
	ids := []uint{p.Next(), p.Next(), p.Next(), p.Next()}
	for i := len(ids) - 1; i >= 0; i-- {
		wg.Add(1)
		go func(id uint) {
			defer wg.Done()
			p.StartRequest(id)
			mu.Lock()
			order = append(order, id)
			mu.Unlock()
			p.EndRequest(id)
		}(ids[i])
	}
	wg.Wait()
	fmt.Println(order)

	_, err = textproto.Dial("tcp", "127.0.0.1:1")
	fmt.Println(err != nil)
	_ = bufio.NewReader
}
