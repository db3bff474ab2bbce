package main

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"fmt"
	"hash"
)

func main() {
	for _, f := range []func() hash.Hash{md5.New, sha1.New, sha256.New, sha256.New224, sha512.New, sha512.New384} {
		h := f()
		h.Write([]byte("abc"))
		c, err := h.(hash.Cloner).Clone()
		c.Write([]byte("d"))
		h.Write([]byte("d"))
		fmt.Printf("%T %v %x %x\n", c, err, c.Sum(nil)[:4], h.Sum(nil)[:4])
		m := hmac.New(f, []byte("k"))
		m.Write([]byte("abc"))
		mc, err := m.(hash.Cloner).Clone()
		fmt.Println(err)
		if err == nil {
			mc.Write([]byte("x"))
			m.Write([]byte("x"))
			fmt.Printf("%x %x\n", mc.Sum(nil)[:4], m.Sum(nil)[:4])
		}
	}
}
