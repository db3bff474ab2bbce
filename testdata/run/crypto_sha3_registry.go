package main

import (
	"crypto"
	_ "crypto/md5"
	_ "crypto/sha1"
	"crypto/sha3"
	_ "crypto/sha512"
	"encoding/hex"
	"fmt"
	"strings"
)

func main() {
	for _, in := range []string{"", "abc", strings.Repeat("a", 200)} {
		a, b := sha3.Sum224([]byte(in)), sha3.Sum256([]byte(in))
		c, d := sha3.Sum384([]byte(in)), sha3.Sum512([]byte(in))
		fmt.Println(hex.EncodeToString(a[:]))
		fmt.Println(hex.EncodeToString(b[:]))
		fmt.Println(hex.EncodeToString(c[:]))
		fmt.Println(hex.EncodeToString(d[:]))
		fmt.Println(hex.EncodeToString(sha3.SumSHAKE128([]byte(in), 32)))
		fmt.Println(hex.EncodeToString(sha3.SumSHAKE256([]byte(in), 200))[:80])
	}
	h := sha3.New512()
	h.Write([]byte("split "))
	state, err := h.MarshalBinary()
	fmt.Println(len(state), err, hex.EncodeToString(state[:5]))
	h.Write([]byte("hashing"))
	want := h.Sum(nil)
	h2 := sha3.New512()
	fmt.Println(h2.UnmarshalBinary(state))
	h2.Write([]byte("hashing"))
	fmt.Println(hex.EncodeToString(h2.Sum(nil)) == hex.EncodeToString(want), h2.Size(), h2.BlockSize())
	fmt.Println(sha3.New256().UnmarshalBinary(state))
	fmt.Println(sha3.New512().UnmarshalBinary(state[:10]))
	fmt.Println(sha3.NewSHAKE128().UnmarshalBinary(state))
	c, _ := h.Clone()
	fmt.Printf("%T\n", c)
	var zero sha3.SHA3
	zero.Write([]byte("abc"))
	fmt.Printf("%x %d\n", zero.Sum(nil), zero.Size())

	x := sha3.NewCSHAKE256([]byte("name"), []byte("customization"))
	x.Write([]byte("input"))
	out := make([]byte, 64)
	x.Read(out[:7])
	x.Read(out[7:])
	fmt.Println(hex.EncodeToString(out))
	x.Reset()
	x.Write([]byte("input"))
	again := make([]byte, 64)
	x.Read(again)
	fmt.Println(hex.EncodeToString(again) == hex.EncodeToString(out), x.BlockSize())
	st, _ := x.MarshalBinary()
	fmt.Println(len(st))
	y := sha3.NewCSHAKE128(nil, nil)
	y.Write([]byte("abc"))
	y.Read(out[:16])
	fmt.Println(hex.EncodeToString(out[:16]))
	func() {
		defer func() { fmt.Println("panic:", recover()) }()
		y.Write([]byte("late"))
	}()

	for _, hf := range []crypto.Hash{crypto.MD5, crypto.SHA1, crypto.SHA224, crypto.SHA256, crypto.SHA384, crypto.SHA512, crypto.SHA512_224, crypto.SHA3_256, crypto.SHA3_512, crypto.BLAKE2b_256, crypto.RIPEMD160, crypto.MD5SHA1, crypto.MLDSAMu, 0, 42} {
		fmt.Printf("%-35v %-5v", hf, hf.Available())
		if hf.Available() {
			m := hf.New()
			m.Write([]byte("abc"))
			fmt.Printf(" %d %x", hf.Size(), m.Sum(nil)[:8])
		}
		fmt.Println()
	}
	for _, f := range []func(){
		func() { crypto.SHA256.New() },
		func() { crypto.Hash(0).Size() },
		func() { crypto.RegisterHash(0, nil) },
		func() { crypto.RegisterHash(crypto.MLDSAMu, nil) },
	} {
		func() {
			defer func() { fmt.Println("panic:", recover()) }()
			f()
		}()
	}
}
