package main

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
)

func main() {
	fmt.Println(ed25519.PublicKeySize, ed25519.PrivateKeySize, ed25519.SignatureSize, ed25519.SeedSize)
	// RFC 8032, section 7.1, test 2.
	seed, _ := hex.DecodeString("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb")
	priv := ed25519.NewKeyFromSeed(seed)
	pub := priv.Public().(ed25519.PublicKey)
	fmt.Println("pub:", hex.EncodeToString(pub))
	sig := ed25519.Sign(priv, []byte{0x72})
	fmt.Println("sig:", hex.EncodeToString(sig))
	fmt.Println(ed25519.Verify(pub, []byte{0x72}, sig), ed25519.Verify(pub, []byte{0x73}, sig))
	fmt.Println(bytes.Equal(priv.Seed(), seed), priv.Equal(priv), pub.Equal(pub), pub.Equal(priv), priv.Equal(pub))

	// GenerateKey from a fixed reader is deterministic.
	gpub, gpriv, err := ed25519.GenerateKey(bytes.NewReader(bytes.Repeat([]byte{7}, 32)))
	fmt.Println(hex.EncodeToString(gpub), len(gpriv), err)
	_, _, err = ed25519.GenerateKey(bytes.NewReader([]byte{1, 2, 3}))
	fmt.Println(err)
	rpub, rpriv, err := ed25519.GenerateKey(nil)
	msg := []byte("random keys still verify")
	fmt.Println(len(rpub), len(rpriv), err, ed25519.Verify(rpub, msg, ed25519.Sign(rpriv, msg)))

	// crypto.Signer, and the Ed25519ph and Ed25519ctx variants.
	var signer crypto.Signer = priv
	s0, err := signer.Sign(nil, msg, crypto.Hash(0))
	fmt.Println(bytes.Equal(s0, ed25519.Sign(priv, msg)), err)
	digest := sha512.Sum512(msg)
	sph, err := priv.Sign(nil, digest[:], crypto.SHA512)
	fmt.Println("ph:", hex.EncodeToString(sph), err)
	fmt.Println(ed25519.VerifyWithOptions(pub, digest[:], sph, &ed25519.Options{Hash: crypto.SHA512}))
	sphc, _ := priv.Sign(nil, digest[:], &ed25519.Options{Hash: crypto.SHA512, Context: "ctx"})
	fmt.Println("ph+ctx:", hex.EncodeToString(sphc))
	sctx, err := priv.Sign(nil, msg, &ed25519.Options{Context: "example"})
	fmt.Println("ctx:", hex.EncodeToString(sctx), err)
	fmt.Println(ed25519.VerifyWithOptions(pub, msg, sctx, &ed25519.Options{Context: "example"}))
	fmt.Println(ed25519.VerifyWithOptions(pub, msg, sctx, &ed25519.Options{Context: "other"}))
	fmt.Println(ed25519.VerifyWithOptions(pub, msg, sctx, &ed25519.Options{}))
	fmt.Println(ed25519.VerifyWithOptions(pub, msg, sctx[:63], &ed25519.Options{}))
	fmt.Println(ed25519.VerifyWithOptions(pub, msg, sctx, &ed25519.Options{Hash: crypto.SHA256}))
	fmt.Println(ed25519.VerifyWithOptions(pub, msg, sctx, &ed25519.Options{Hash: crypto.SHA512}))
	_, err = priv.Sign(nil, msg, crypto.SHA256)
	fmt.Println(err)
	_, err = priv.Sign(nil, msg, crypto.SHA512)
	fmt.Println(err)
	_, err = ed25519.PrivateKey(seed).Sign(nil, msg, crypto.Hash(0))
	fmt.Println(err)
	opts := &ed25519.Options{Hash: crypto.SHA512}
	fmt.Println(opts.HashFunc())

	// A high bit in S, and a key that is not a curve point.
	bad := append([]byte(nil), sig...)
	bad[63] |= 0x80
	fmt.Println(ed25519.Verify(pub, []byte{0x72}, bad))
	notPoint := make([]byte, 32)
	notPoint[0] = 2
	fmt.Println(ed25519.VerifyWithOptions(notPoint, msg, sig, &ed25519.Options{}))

	for _, f := range []func(){
		func() { ed25519.NewKeyFromSeed(seed[:31]) },
		func() { ed25519.Sign(ed25519.PrivateKey(seed), msg) },
		func() { ed25519.Verify(pub[:31], msg, sig) },
	} {
		func() {
			defer func() { fmt.Println("panic:", recover()) }()
			f()
		}()
	}
}
