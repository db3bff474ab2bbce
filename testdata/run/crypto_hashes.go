// crypto/sha256, crypto/sha512, crypto/sha1 and crypto/md5: streaming
// digests (Write, Sum appending without finishing, Reset, Size,
// BlockSize), the one-shot Sum functions and the constants.
package main

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"fmt"
	"hash"
	"io"
	"strings"
)

func main() {
	// Go by Example: SHA256 hashes.
	s := "sha256 this string"
	h := sha256.New()
	h.Write([]byte(s))
	bs := h.Sum(nil)
	fmt.Println(s)
	fmt.Printf("%x\n", bs)

	inputs := []string{"", "abc", strings.Repeat("The quick brown fox jumps over the lazy dog. ", 50)}
	makers := []func() hash.Hash{sha256.New, sha256.New224, sha1.New, md5.New,
		sha512.New, sha512.New384, sha512.New512_224, sha512.New512_256}
	for _, mk := range makers {
		h := mk()
		fmt.Printf("%T size=%d block=%d\n", h, h.Size(), h.BlockSize())
		for _, in := range inputs {
			h.Reset()
			io.WriteString(h, in)
			a := h.Sum(nil)
			h.Write([]byte("more"))
			b := h.Sum([]byte("prefix"))
			fmt.Printf("  %x\n  %x\n", a, b)
		}
	}
	data := []byte("abc")
	fmt.Printf("%x\n%x\n", sha256.Sum256(data), sha256.Sum224(data))
	fmt.Printf("%x\n%x\n", sha1.Sum(data), md5.Sum(data))
	fmt.Printf("%x\n%x\n", sha512.Sum512(data), sha512.Sum384(data))
	fmt.Printf("%x\n%x\n", sha512.Sum512_224(data), sha512.Sum512_256(data))
	sum := sha256.Sum256(nil)
	fmt.Printf("%T %d %d\n", sum, len(sum), sum[0])
	fmt.Println(sha256.Size, sha256.Size224, sha256.BlockSize, sha1.Size, sha1.BlockSize,
		md5.Size, md5.BlockSize, sha512.Size, sha512.Size224, sha512.Size256, sha512.Size384, sha512.BlockSize)

	// Writing in pieces gives the digest of the whole.
	d := sha1.New()
	for _, part := range []string{"The quick ", "brown fox ", "jumps over the lazy dog"} {
		d.Write([]byte(part))
	}
	fmt.Printf("%x\n", d.Sum(nil))
}
