package main

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"hash"
	"hash/fnv"
	"strings"
)

// sum8 is a program's own hash.Hash: HMAC works over it too.
type sum8 struct{ s [8]byte; n int }

func (h *sum8) Write(p []byte) (int, error) {
	for _, c := range p {
		h.s[h.n%8] += c ^ byte(h.n)
		h.n++
	}
	return len(p), nil
}
func (h *sum8) Sum(b []byte) []byte { return append(b, h.s[:]...) }
func (h *sum8) Reset()              { *h = sum8{} }
func (h *sum8) Size() int           { return 8 }
func (h *sum8) BlockSize() int      { return 16 }

func main() {
	news := []struct {
		name string
		f    func() hash.Hash
	}{
		{"md5", md5.New}, {"sha1", sha1.New}, {"sha224", sha256.New224}, {"sha256", sha256.New},
		{"sha384", sha512.New384}, {"sha512", sha512.New}, {"sha512/256", sha512.New512_256},
		{"sha3-256", func() hash.Hash { return sha3.New256() }},
		{"fnv64", func() hash.Hash { return fnv.New64a() }},
		{"sum8", func() hash.Hash { return &sum8{} }},
	}
	long := []byte(strings.Repeat("k", 200))
	for _, n := range news {
		for _, key := range [][]byte{nil, []byte("key"), long} {
			m := hmac.New(n.f, key)
			m.Write([]byte("The quick brown fox "))
			m.Write([]byte("jumps over the lazy dog"))
			a := m.Sum([]byte("x"))
			b := m.Sum(nil)
			m.Reset()
			m.Write([]byte("The quick brown fox jumps over the lazy dog"))
			c := m.Sum(nil)
			fmt.Printf("%-10s %3d %s %v %v %d %d\n", n.name, len(key), hex.EncodeToString(b), hmac.Equal(a[1:], b), hmac.Equal(b, c), m.Size(), m.BlockSize())
		}
	}
	fmt.Println(hmac.Equal([]byte("a"), []byte("ab")), hmac.Equal(nil, []byte{}))
	func() {
		defer func() { fmt.Println("panic:", recover()) }()
		h := sha256.New()
		hmac.New(func() hash.Hash { return h }, nil)
	}()

	fmt.Println(subtle.ConstantTimeCompare([]byte("abc"), []byte("abc")), subtle.ConstantTimeCompare([]byte("abc"), []byte("abd")), subtle.ConstantTimeCompare([]byte("abc"), []byte("ab")), subtle.ConstantTimeCompare(nil, nil))
	fmt.Println(subtle.ConstantTimeSelect(1, 10, 20), subtle.ConstantTimeSelect(0, 10, 20), subtle.ConstantTimeSelect(-3, 10, 20))
	fmt.Println(subtle.ConstantTimeByteEq(200, 200), subtle.ConstantTimeByteEq(1, 2), subtle.ConstantTimeEq(-5, -5), subtle.ConstantTimeEq(0, 1<<31-1))
	fmt.Println(subtle.ConstantTimeLessOrEq(3, 3), subtle.ConstantTimeLessOrEq(-1, 0), subtle.ConstantTimeLessOrEq(5, 4), subtle.ConstantTimeLessOrEq(1<<40, 1))
	x := []byte("keep")
	subtle.ConstantTimeCopy(0, x, []byte("swap"))
	fmt.Printf("%s ", x)
	subtle.ConstantTimeCopy(1, x, []byte("swap"))
	fmt.Printf("%s\n", x)
	dst := make([]byte, 6)
	n := subtle.XORBytes(dst, []byte{1, 2, 3, 4, 5}, []byte{0xf0, 0xf0, 0xf0, 0xf0, 0xf0, 0xf0, 0xf0})
	fmt.Println(n, dst)
	buf := []byte{1, 2, 3, 4}
	fmt.Println(subtle.XORBytes(buf, buf, buf), buf, subtle.XORBytes(nil, nil, buf))
	ran := false
	subtle.WithDataIndependentTiming(func() { ran = true })
	fmt.Println("ran:", ran)
	for _, f := range []func(){
		func() { subtle.ConstantTimeCopy(1, make([]byte, 2), make([]byte, 3)) },
		func() { subtle.XORBytes(make([]byte, 2), make([]byte, 3), make([]byte, 3)) },
		func() { b := make([]byte, 8); subtle.XORBytes(b[1:5], b[:4], b[:4]) },
	} {
		func() {
			defer func() { fmt.Println("panic:", recover()) }()
			f()
		}()
	}
}
