// Package ed25519 implements the Ed25519 signature algorithm (RFC 8032),
// with its Ed25519ph and Ed25519ctx variants. The group arithmetic is
// native (curve25519-dalek, vm/src/std/crypto/ed25519).
package ed25519

import (
	"crypto"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"io"
	"strconv"
)

const (
	// PublicKeySize is the size, in bytes, of public keys as used in this package.
	PublicKeySize = 32
	// PrivateKeySize is the size, in bytes, of private keys as used in this package.
	PrivateKeySize = 64
	// SignatureSize is the size, in bytes, of signatures generated and verified by this package.
	SignatureSize = 64
	// SeedSize is the size, in bytes, of private key seeds. These are the private key representations used by RFC 8032.
	SeedSize = 32
)

// Natives: keyFromSeed expands a 32-byte seed into seed||A; sign signs
// with a 64-byte key under a domain (0 pure, 1 ph, 2 ctx); pubOK tells
// whether a 32-byte key decodes to a curve point; verify checks a 64-byte
// signature whose S is below 2^253.
func keyFromSeed(seed []byte) []byte
func sign(priv, message []byte, dom int, context string) []byte
func pubOK(pub []byte) bool
func verify(pub, message, sig []byte, dom int, context string) bool

const (
	domPure = 0
	domPh   = 1
	domCtx  = 2
)

// PublicKey is the type of Ed25519 public keys.
type PublicKey []byte

// Equal reports whether pub and x have the same value.
func (pub PublicKey) Equal(x crypto.PublicKey) bool {
	xx, ok := x.(PublicKey)
	if !ok {
		return false
	}
	return subtle.ConstantTimeCompare(pub, xx) == 1
}

// PrivateKey is the type of Ed25519 private keys. It implements
// crypto.Signer.
type PrivateKey []byte

// Public returns the PublicKey corresponding to priv.
func (priv PrivateKey) Public() crypto.PublicKey {
	pub := make([]byte, PublicKeySize)
	copy(pub, priv[32:])
	return PublicKey(pub)
}

// Equal reports whether priv and x have the same value.
func (priv PrivateKey) Equal(x crypto.PrivateKey) bool {
	xx, ok := x.(PrivateKey)
	if !ok {
		return false
	}
	return subtle.ConstantTimeCompare(priv, xx) == 1
}

// Seed returns the private key seed corresponding to priv. It is provided
// for interoperability with RFC 8032. RFC 8032's private keys correspond
// to seeds in this package.
func (priv PrivateKey) Seed() []byte {
	s := make([]byte, SeedSize, SeedSize)
	copy(s, priv[:SeedSize])
	return s
}

func badKeyLength(l int) error {
	return errors.New("ed25519: bad private key length: " + strconv.Itoa(l))
}

// Sign signs the given message with priv. rand is ignored and can be nil.
//
// If opts.HashFunc() is crypto.SHA512, the pre-hashed variant Ed25519ph is
// used and message is expected to be a SHA-512 hash, otherwise opts.HashFunc()
// must be crypto.Hash(0) and the message must not be hashed, as Ed25519
// performs two passes over messages to be signed.
//
// A value of type Options can be used as opts, or crypto.Hash(0) or
// crypto.SHA512 directly to select plain Ed25519 or Ed25519ph,
// respectively.
func (priv PrivateKey) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) (signature []byte, err error) {
	if len(priv) != PrivateKeySize {
		return nil, badKeyLength(len(priv))
	}
	h := opts.HashFunc()
	context := ""
	if o, ok := opts.(*Options); ok {
		context = o.Context
	}
	switch {
	case h == crypto.SHA512:
		if l := len(message); l != 64 {
			return nil, errors.New("ed25519: bad Ed25519ph message hash length: " + strconv.Itoa(l))
		}
		if l := len(context); l > 255 {
			return nil, errors.New("ed25519: bad Ed25519ph context length: " + strconv.Itoa(l))
		}
		return sign(priv, message, domPh, context), nil
	case h == crypto.Hash(0) && context != "":
		if l := len(context); l > 255 {
			return nil, errors.New("ed25519: bad Ed25519ctx context length: " + strconv.Itoa(l))
		}
		return sign(priv, message, domCtx, context), nil
	case h == crypto.Hash(0):
		return sign(priv, message, domPure, ""), nil
	default:
		return nil, errors.New("ed25519: expected opts.HashFunc() zero (unhashed message, for standard Ed25519) or SHA-512 (for Ed25519ph)")
	}
}

// Options can be used with PrivateKey.Sign or VerifyWithOptions
// to select Ed25519 variants.
type Options struct {
	// Hash can be zero for regular Ed25519, or crypto.SHA512 for Ed25519ph.
	Hash crypto.Hash

	// Context, if not empty, selects Ed25519ctx or provides the context
	// string for Ed25519ph. It can be at most 255 bytes in length.
	Context string
}

// HashFunc returns o.Hash.
func (o *Options) HashFunc() crypto.Hash { return o.Hash }

// GenerateKey generates a public/private key pair using entropy from
// random. If random is nil, a secure random source is used.
//
// The output of this function is deterministic, and equivalent to reading
// SeedSize bytes from random, and passing them to NewKeyFromSeed, when
// random is not the default crypto/rand.Reader.
func GenerateKey(random io.Reader) (PublicKey, PrivateKey, error) {
	if random == nil {
		random = rand.Reader
	}
	seed := make([]byte, SeedSize)
	if _, err := io.ReadFull(random, seed); err != nil {
		return nil, nil, err
	}
	priv := NewKeyFromSeed(seed)
	return priv.Public().(PublicKey), priv, nil
}

// NewKeyFromSeed calculates a private key from a seed. It will panic if
// len(seed) is not SeedSize. This function is provided for
// interoperability with RFC 8032. RFC 8032's private keys correspond to
// seeds in this package.
func NewKeyFromSeed(seed []byte) PrivateKey {
	if l := len(seed); l != SeedSize {
		panic("ed25519: bad seed length: " + strconv.Itoa(l))
	}
	return PrivateKey(keyFromSeed(seed))
}

// Sign signs the message with privateKey and returns a signature. It will
// panic if len(privateKey) is not PrivateKeySize.
func Sign(privateKey PrivateKey, message []byte) []byte {
	if len(privateKey) != PrivateKeySize {
		panic("ed25519: bad private key: " + badKeyLength(len(privateKey)).Error())
	}
	return sign(privateKey, message, domPure, "")
}

// Verify reports whether sig is a valid signature of message by
// publicKey. It will panic if len(publicKey) is not PublicKeySize.
func Verify(publicKey PublicKey, message, sig []byte) bool {
	return VerifyWithOptions(publicKey, message, sig, &Options{Hash: crypto.Hash(0)}) == nil
}

// VerifyWithOptions reports whether sig is a valid signature of message
// by publicKey. A valid signature is indicated by returning a nil error.
// It will panic if len(publicKey) is not PublicKeySize.
//
// If opts.Hash is crypto.SHA512, the pre-hashed variant Ed25519ph is used
// and message is expected to be a SHA-512 hash, otherwise opts.Hash must
// be crypto.Hash(0) and the message must not be hashed, as Ed25519
// performs two passes over messages to be signed.
func VerifyWithOptions(publicKey PublicKey, message, sig []byte, opts *Options) error {
	if l := len(publicKey); l != PublicKeySize {
		panic("ed25519: bad public key length: " + strconv.Itoa(l))
	}
	if !pubOK(publicKey) {
		return errors.New("ed25519: bad public key")
	}
	dom := domPure
	switch {
	case opts.Hash == crypto.SHA512:
		if l := len(message); l != 64 {
			return errors.New("ed25519: bad Ed25519ph message hash length: " + strconv.Itoa(l))
		}
		if l := len(opts.Context); l > 255 {
			return errors.New("ed25519: bad Ed25519ph context length: " + strconv.Itoa(l))
		}
		dom = domPh
	case opts.Hash == crypto.Hash(0) && opts.Context != "":
		if l := len(opts.Context); l > 255 {
			return errors.New("ed25519: bad Ed25519ctx context length: " + strconv.Itoa(l))
		}
		dom = domCtx
	case opts.Hash == crypto.Hash(0):
	default:
		return errors.New("ed25519: expected opts.Hash zero (unhashed message, for standard Ed25519) or SHA-512 (for Ed25519ph)")
	}
	if l := len(sig); l != SignatureSize {
		return errors.New("ed25519: bad signature length: " + strconv.Itoa(l))
	}
	if sig[63]&224 != 0 || !verify(publicKey, message, sig, dom, opts.Context) {
		return errors.New("ed25519: invalid signature")
	}
	return nil
}
