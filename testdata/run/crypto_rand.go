package main

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"
)

type failing struct{}

func (failing) Read(p []byte) (int, error) { return 0, errors.New("no entropy") }

func main() {
	b := make([]byte, 64)
	n, err := rand.Read(b)
	fmt.Println(n, err, !bytes.Equal(b, make([]byte, 64)))
	n, err = rand.Read(nil)
	fmt.Println(n, err)
	n, err = io.ReadFull(rand.Reader, b[:10])
	fmt.Println(n, err)
	t := rand.Text()
	fmt.Println(len(t), strings.Trim(t, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") == "", t != rand.Text())

	max := big.NewInt(1000)
	ok := true
	seen := map[int64]bool{}
	for i := 0; i < 200; i++ {
		v, err := rand.Int(rand.Reader, max)
		if err != nil || v.Sign() < 0 || v.Cmp(max) >= 0 {
			ok = false
		}
		seen[v.Int64()] = true
	}
	fmt.Println("Int in range:", ok, len(seen) > 100)
	one, err := rand.Int(rand.Reader, big.NewInt(1))
	fmt.Println(one, err)
	huge := new(big.Int).Lsh(big.NewInt(1), 200)
	h, err := rand.Int(rand.Reader, huge)
	fmt.Println(h.Cmp(huge) < 0, err)
	// Int reads from the reader it is given.
	v, err := rand.Int(bytes.NewReader([]byte{0x01, 0x02}), big.NewInt(1<<16))
	fmt.Println(v, err)
	_, err = rand.Int(failing{}, big.NewInt(10))
	fmt.Println(err)
	_, err = rand.Int(bytes.NewReader(nil), big.NewInt(10))
	fmt.Println(err)

	for _, bits := range []int{2, 3, 8, 17, 64, 128} {
		p, err := rand.Prime(rand.Reader, bits)
		fmt.Println(bits, p.BitLen(), p.ProbablyPrime(20), err)
	}
	_, err = rand.Prime(rand.Reader, 1)
	fmt.Println(err)
	func() {
		defer func() { fmt.Println("panic:", recover()) }()
		rand.Int(rand.Reader, big.NewInt(0))
	}()
}
