package main

import "fmt"

type Resetter interface{ Reset() }

type Buf struct{ data []byte }

func (b *Buf) Reset() { b.data = b.data[:0] }

func main() {
	var r Resetter = Buf{}
	r.Reset()
	fmt.Println("reset")
}
