package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"sync"
	"time"
)

func main() {
	a, b := net.Pipe()
	fmt.Println(a.LocalAddr().Network(), a.LocalAddr(), b.RemoteAddr())

	// A Write blocks until the reader has taken every byte; each Read
	// takes at most what is left of one Write.
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		n, err := a.Write([]byte("hello, pipe"))
		fmt.Println("write done:", n, err)
	}()
	buf := make([]byte, 4)
	var got []byte
	for len(got) < 11 {
		n, err := b.Read(buf)
		if err != nil {
			fmt.Println("read error:", err)
			break
		}
		got = append(got, buf[:n]...)
	}
	wg.Wait()
	fmt.Printf("read %q\n", got)

	// Both directions.
	go func() {
		b.Write([]byte("reply"))
	}()
	buf = make([]byte, 16)
	n, err := a.Read(buf)
	fmt.Println("a got:", string(buf[:n]), err)

	// Deadlines.
	a.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	_, err = a.Read(buf)
	var ne net.Error
	fmt.Println("read deadline:", err, errors.As(err, &ne) && ne.Timeout(), errors.Is(err, os.ErrDeadlineExceeded))
	a.SetReadDeadline(time.Time{})
	a.SetWriteDeadline(time.Now().Add(-time.Second))
	n, err = a.Write([]byte("x"))
	fmt.Println("write deadline:", n, err)
	a.SetWriteDeadline(time.Time{})

	// A deadline set while a Read waits wakes it.
	done := make(chan error)
	go func() {
		_, err := b.Read(buf)
		done <- err
	}()
	time.Sleep(10 * time.Millisecond)
	b.SetDeadline(time.Now().Add(10 * time.Millisecond))
	fmt.Println("woken:", errors.Is(<-done, os.ErrDeadlineExceeded))
	b.SetDeadline(time.Time{})

	// Closing one end.
	go func() {
		time.Sleep(10 * time.Millisecond)
		a.Close()
	}()
	_, err = b.Read(buf)
	fmt.Println("read after peer close:", err == io.EOF)
	_, err = b.Write([]byte("x"))
	fmt.Println("write after peer close:", err == io.ErrClosedPipe, err)
	_, err = a.Read(buf)
	fmt.Println("read after own close:", err == io.ErrClosedPipe)
	fmt.Println("close twice:", a.Close())
	fmt.Println("deadline after close:", b.SetDeadline(time.Now()))

	// io.Copy through a pipe.
	c, d := net.Pipe()
	go func() {
		for i := 0; i < 3; i++ {
			fmt.Fprintf(c, "line %d\n", i)
		}
		c.Close()
	}()
	all, err := io.ReadAll(d)
	fmt.Printf("%q %v\n", all, err)
}
