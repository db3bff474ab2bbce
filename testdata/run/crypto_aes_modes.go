package main

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
)

// wrapped hides the AES block behind a program's own type, so that the
// generic (non-native) code paths of every mode run too.
type wrapped struct{ b cipher.Block }

func (w wrapped) BlockSize() int          { return w.b.BlockSize() }
func (w wrapped) Encrypt(dst, src []byte) { w.b.Encrypt(dst, src) }
func (w wrapped) Decrypt(dst, src []byte) { w.b.Decrypt(dst, src) }

// xor8 is a toy 8-byte block cipher: the modes must work with any size.
type xor8 struct{ k byte }

func (x xor8) BlockSize() int { return 8 }
func (x xor8) Encrypt(dst, src []byte) {
	for i := 0; i < 8; i++ {
		dst[i] = (src[i] ^ x.k) + byte(i)
	}
}
func (x xor8) Decrypt(dst, src []byte) {
	for i := 0; i < 8; i++ {
		dst[i] = (src[i] - byte(i)) ^ x.k
	}
}

func streams(name string, blk cipher.Block, iv, msg []byte) {
	mk := []struct {
		n string
		f func() cipher.Stream
	}{
		{"ctr", func() cipher.Stream { return cipher.NewCTR(blk, iv) }},
		{"ofb", func() cipher.Stream { return cipher.NewOFB(blk, iv) }},
		{"cfb", func() cipher.Stream { return cipher.NewCFBEncrypter(blk, iv) }},
	}
	for _, m := range mk {
		s := m.f()
		out := make([]byte, len(msg))
		// In uneven pieces, to cross block and buffer boundaries.
		for i, step := 0, 1; i < len(msg); i, step = i+step, step*3+1 {
			j := min(i+step, len(msg))
			s.XORKeyStream(out[i:j], msg[i:j])
		}
		fmt.Printf("%s %s %s\n", name, m.n, hex.EncodeToString(out[:min(48, len(out))]))
		var back []byte
		switch m.n {
		case "cfb":
			d := cipher.NewCFBDecrypter(blk, iv)
			back = make([]byte, len(out))
			d.XORKeyStream(back, out)
		default:
			d := m.f()
			back = append([]byte(nil), out...)
			d.XORKeyStream(back, back) // in place
		}
		fmt.Println("  round trip:", bytes.Equal(back, msg))
	}
}

func main() {
	key := []byte("0123456789abcdef0123456789abcdef")
	msg := []byte(strings.Repeat("The quick brown fox jumps over the lazy dog. ", 20))
	for _, n := range []int{16, 24, 32} {
		b, err := aes.NewCipher(key[:n])
		fmt.Println("AES", n*8, err, b.BlockSize())
		one := make([]byte, aes.BlockSize)
		b.Encrypt(one, []byte("exampleplaintext"))
		fmt.Println("  block:", hex.EncodeToString(one))
		b.Decrypt(one, one)
		fmt.Printf("  back: %q\n", one)
		iv := []byte("initial vector!!")
		for _, blk := range []cipher.Block{b, wrapped{b}} {
			name := fmt.Sprintf("aes%d/%T", n*8, blk)[:6]
			if _, ok := blk.(wrapped); ok {
				name += "-wrapped"
			}
			pt := msg[:16*7]
			ct := make([]byte, len(pt))
			enc := cipher.NewCBCEncrypter(blk, iv)
			enc.CryptBlocks(ct[:32], pt[:32])
			enc.CryptBlocks(ct[32:], pt[32:])
			fmt.Println(name, "cbc", hex.EncodeToString(ct[len(ct)-32:]))
			dec := cipher.NewCBCDecrypter(blk, iv)
			got := append([]byte(nil), ct...)
			dec.CryptBlocks(got[:48], got[:48])
			dec.CryptBlocks(got[48:], got[48:])
			fmt.Println("  cbc round trip:", bytes.Equal(got, pt), enc.BlockSize())
			streams(name, blk, iv, msg)
		}
	}
	toy := xor8{0x5a}
	iv8 := []byte("8bytesIV")
	ct := make([]byte, 24)
	cipher.NewCBCEncrypter(toy, iv8).CryptBlocks(ct, []byte("twenty-four byte message"))
	fmt.Println("toy cbc", hex.EncodeToString(ct))
	streams("toy", toy, iv8, msg[:50])

	// SetIV on the CBC modes.
	b, _ := aes.NewCipher(key[:16])
	enc := cipher.NewCBCEncrypter(b, make([]byte, 16))
	enc.(interface{ SetIV([]byte) }).SetIV([]byte("another IV 16 by"))
	out := make([]byte, 16)
	enc.CryptBlocks(out, msg[:16])
	fmt.Println("setiv", hex.EncodeToString(out))

	// StreamReader and StreamWriter.
	var sink bytes.Buffer
	w := cipher.StreamWriter{S: cipher.NewCTR(b, make([]byte, 16)), W: &sink}
	io.WriteString(w, "streamed through a writer")
	fmt.Println("writer", hex.EncodeToString(sink.Bytes()), w.Close())
	r := cipher.StreamReader{S: cipher.NewCTR(b, make([]byte, 16)), R: &sink}
	plain, err := io.ReadAll(r)
	fmt.Printf("reader %q %v\n", plain, err)

	// A 16-byte counter that wraps around.
	ff := bytes.Repeat([]byte{0xff}, 16)
	s := cipher.NewCTR(b, ff)
	ks := make([]byte, 40)
	s.XORKeyStream(ks, ks)
	fmt.Println("wrap", hex.EncodeToString(ks))
	s = cipher.NewCTR(wrapped{b}, ff)
	ks2 := make([]byte, 40)
	s.XORKeyStream(ks2, ks2)
	fmt.Println("wrap same:", bytes.Equal(ks, ks2))

	_, err = aes.NewCipher(key[:7])
	fmt.Println(err)
	var kse aes.KeySizeError = 33
	fmt.Println(kse.Error())
}
