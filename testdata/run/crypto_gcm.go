package main

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/hex"
	"errors"
	"fmt"
)

type wrapped struct{ b cipher.Block }

func (w wrapped) BlockSize() int          { return w.b.BlockSize() }
func (w wrapped) Encrypt(dst, src []byte) { w.b.Encrypt(dst, src) }
func (w wrapped) Decrypt(dst, src []byte) { w.b.Decrypt(dst, src) }

type des8 struct{}

func (des8) BlockSize() int          { return 8 }
func (des8) Encrypt(dst, src []byte) {}
func (des8) Decrypt(dst, src []byte) {}

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panics:", r)
		}
	}()
	f()
}

func main() {
	key, _ := hex.DecodeString("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
	plain := []byte("GCM seals and opens; any length of plaintext works, 61 bytes.")
	aad := []byte("header")
	for _, n := range []int{16, 24, 32} {
		b, _ := aes.NewCipher(key[:n])
		for _, blk := range []cipher.Block{b, wrapped{b}} {
			for _, cfg := range []struct{ nonce, tag int }{{12, 16}, {8, 16}, {16, 16}, {1, 16}, {12, 12}, {12, 14}} {
				var g cipher.AEAD
				var err error
				if cfg.tag != 16 {
					g, err = cipher.NewGCMWithTagSize(blk, cfg.tag)
				} else {
					g, err = cipher.NewGCMWithNonceSize(blk, cfg.nonce)
				}
				if err != nil {
					fmt.Println(err)
					continue
				}
				nonce := bytes.Repeat([]byte{0xca}, g.NonceSize())
				sealed := g.Seal([]byte("prefix:"), nonce, plain, aad)
				fmt.Printf("%d %T %d/%d %s\n", n*8, blk, g.NonceSize(), g.Overhead(), hex.EncodeToString(sealed[7:]))
				opened, err := g.Open(nil, nonce, sealed[7:], aad)
				fmt.Printf("  open: %q %v\n", opened[:10], err)
				_, err = g.Open(nil, nonce, sealed[7:], []byte("other"))
				fmt.Println("  wrong aad:", err)
				// In place: the plaintext's buffer receives the ciphertext.
				buf := append([]byte(nil), plain...)
				ct := g.Seal(buf[:0], nonce, buf, nil)
				pt, err := g.Open(ct[:0], nonce, ct, nil)
				fmt.Println("  in place:", bytes.Equal(pt, plain), err)
			}
		}
	}
	b, _ := aes.NewCipher(key[:16])
	g, _ := cipher.NewGCM(b)
	empty := g.Seal(nil, make([]byte, 12), nil, nil)
	fmt.Println("empty:", hex.EncodeToString(empty))
	_, err := g.Open(nil, make([]byte, 12), empty[:15], nil)
	fmt.Println("short:", err, errors.Is(err, err))
	tampered := append([]byte(nil), empty...)
	tampered[0] ^= 1
	out, err := g.Open(nil, make([]byte, 12), tampered, nil)
	fmt.Println("tampered:", out == nil, err)

	_, err = cipher.NewGCMWithTagSize(b, 11)
	fmt.Println(err)
	_, err = cipher.NewGCMWithTagSize(b, 17)
	fmt.Println(err)
	_, err = cipher.NewGCMWithNonceSize(b, 0)
	fmt.Println(err)
	_, err = cipher.NewGCM(des8{})
	fmt.Println(err)
	_, err = cipher.NewGCMWithRandomNonce(wrapped{b})
	fmt.Println(err)

	rn, err := cipher.NewGCMWithRandomNonce(b)
	fmt.Println("random nonce:", rn.NonceSize(), rn.Overhead(), err)
	s1 := rn.Seal(nil, nil, plain, aad)
	s2 := rn.Seal(nil, nil, plain, aad)
	fmt.Println("  lengths:", len(s1), len(s2), "differ:", !bytes.Equal(s1, s2))
	p1, err := rn.Open(nil, nil, s1, aad)
	fmt.Println("  open:", bytes.Equal(p1, plain), err)
	_, err = rn.Open(nil, nil, s1[:27], aad)
	fmt.Println("  short:", err)

	try("nonce length", func() { g.Seal(nil, make([]byte, 11), plain, nil) })
	try("open nonce length", func() { g.Open(nil, make([]byte, 13), empty, nil) })
	try("random nonce given", func() { rn.Seal(nil, make([]byte, 12), plain, nil) })
	buf := make([]byte, 100)
	try("overlap", func() { g.Seal(buf[:3], make([]byte, 12), buf[:20], nil) })
	try("aad overlap", func() { g.Seal(buf[:0], make([]byte, 12), buf[50:60], buf[:4]) })
}
