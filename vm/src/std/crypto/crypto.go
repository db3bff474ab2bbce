// Package crypto collects common cryptographic constants.
package crypto

import (
	"hash"
	"io"
	"strconv"
)

// Hash identifies a cryptographic hash function that is implemented in
// another package.
type Hash uint

// HashFunc simply returns the value of h so that Hash implements
// SignerOpts.
func (h Hash) HashFunc() Hash { return h }

var hashNames = [...]string{
	MD4:         "MD4",
	MD5:         "MD5",
	SHA1:        "SHA-1",
	SHA224:      "SHA-224",
	SHA256:      "SHA-256",
	SHA384:      "SHA-384",
	SHA512:      "SHA-512",
	MD5SHA1:     "MD5+SHA1",
	RIPEMD160:   "RIPEMD-160",
	SHA3_224:    "SHA3-224",
	SHA3_256:    "SHA3-256",
	SHA3_384:    "SHA3-384",
	SHA3_512:    "SHA3-512",
	SHA512_224:  "SHA-512/224",
	SHA512_256:  "SHA-512/256",
	BLAKE2s_256: "BLAKE2s-256",
	BLAKE2b_256: "BLAKE2b-256",
	BLAKE2b_384: "BLAKE2b-384",
	BLAKE2b_512: "BLAKE2b-512",
	MLDSAMu:     "ML-DSA μ message representative",
}

func (h Hash) String() string {
	if h > 0 && h < maxHash {
		return hashNames[h]
	}
	return "unknown hash value " + strconv.Itoa(int(h))
}

const (
	MD4         Hash = 1 + iota // import golang.org/x/crypto/md4
	MD5                         // import crypto/md5
	SHA1                        // import crypto/sha1
	SHA224                      // import crypto/sha256
	SHA256                      // import crypto/sha256
	SHA384                      // import crypto/sha512
	SHA512                      // import crypto/sha512
	MD5SHA1                     // no implementation; MD5+SHA1 used for TLS RSA
	RIPEMD160                   // import golang.org/x/crypto/ripemd160
	SHA3_224                    // import crypto/sha3
	SHA3_256                    // import crypto/sha3
	SHA3_384                    // import crypto/sha3
	SHA3_512                    // import crypto/sha3
	SHA512_224                  // import crypto/sha512
	SHA512_256                  // import crypto/sha512
	BLAKE2s_256                 // import golang.org/x/crypto/blake2s
	BLAKE2b_256                 // import golang.org/x/crypto/blake2b
	BLAKE2b_384                 // import golang.org/x/crypto/blake2b
	BLAKE2b_512                 // import golang.org/x/crypto/blake2b
	// MLDSAMu is the ML-DSA "message representative" μ, a 64-byte value
	// that is computed by signers instead of hashing the message.
	MLDSAMu
	maxHash
)

var digestSizes = [...]uint8{
	MD4:         16,
	MD5:         16,
	SHA1:        20,
	SHA224:      28,
	SHA256:      32,
	SHA384:      48,
	SHA512:      64,
	SHA512_224:  28,
	SHA512_256:  32,
	SHA3_224:    28,
	SHA3_256:    32,
	SHA3_384:    48,
	SHA3_512:    64,
	MD5SHA1:     36,
	RIPEMD160:   20,
	BLAKE2s_256: 32,
	BLAKE2b_256: 32,
	BLAKE2b_384: 48,
	BLAKE2b_512: 64,
	MLDSAMu:     64,
}

// Size returns the length, in bytes, of a digest resulting from the given
// hash function. It doesn't require that the hash function in question be
// linked into the program.
func (h Hash) Size() int {
	if h > 0 && h < maxHash {
		return int(digestSizes[h])
	}
	panic("crypto: Size of unknown hash function")
}

var hashes = make([]func() hash.Hash, maxHash)

// New returns a new hash.Hash calculating the given hash function. New
// panics if the hash function is not linked into the binary.
func (h Hash) New() hash.Hash {
	if h > 0 && h < maxHash {
		if f := hashes[h]; f != nil {
			return f()
		}
	}
	panic("crypto: requested hash function unavailable: " + h.String())
}

// Available reports whether the given hash function is linked into the
// binary.
func (h Hash) Available() bool {
	return h < maxHash && hashes[h] != nil
}

// RegisterHash registers a function that returns a new instance of the
// given hash function. This is intended to be called from the init
// function in packages that implement hash functions.
func RegisterHash(h Hash, f func() hash.Hash) {
	if h == 0 || h >= maxHash {
		panic("crypto: RegisterHash of unknown hash function")
	}
	if h == MLDSAMu {
		panic("crypto: cannot RegisterHash for MLDSAMu")
	}
	hashes[h] = f
}

// PublicKey represents a public key using an unspecified algorithm.
type PublicKey any

// PrivateKey represents a private key using an unspecified algorithm.
type PrivateKey any

// Signer is an interface for an opaque private key that can be used for
// signing operations.
type Signer interface {
	// Public returns the public key corresponding to the opaque,
	// private key.
	Public() PublicKey

	// Sign signs digest with the private key.
	Sign(rand io.Reader, digest []byte, opts SignerOpts) (signature []byte, err error)
}

// MessageSigner is an interface for an opaque private key that can be
// used for signing operations where the message is not pre-hashed by the
// caller.
type MessageSigner interface {
	Signer
	SignMessage(rand io.Reader, msg []byte, opts SignerOpts) (signature []byte, err error)
}

// SignerOpts contains options for signing with a Signer.
type SignerOpts interface {
	// HashFunc returns an identifier for the hash function used to produce
	// the message passed to Signer.Sign, or else zero to indicate that no
	// hashing was done.
	HashFunc() Hash
}

// Decrypter is an interface for an opaque private key that can be used for
// asymmetric decryption operations.
type Decrypter interface {
	// Public returns the public key corresponding to the opaque,
	// private key.
	Public() PublicKey

	// Decrypt decrypts msg.
	Decrypt(rand io.Reader, msg []byte, opts DecrypterOpts) (plaintext []byte, err error)
}

// DecrypterOpts holds options for a Decrypter.
type DecrypterOpts any

// SignMessage signs msg with signer. If signer implements MessageSigner,
// SignMessage calls signer.SignMessage. Otherwise, SignMessage hashes msg
// with opts.HashFunc() and calls signer.Sign.
func SignMessage(signer Signer, rand io.Reader, msg []byte, opts SignerOpts) (signature []byte, err error) {
	if ms, ok := signer.(MessageSigner); ok {
		return ms.SignMessage(rand, msg, opts)
	}
	if hf := opts.HashFunc(); hf != 0 {
		if !hf.Available() {
			return nil, hashUnavailableError(hf)
		}
		h := hf.New()
		h.Write(msg)
		msg = h.Sum(nil)
	}
	return signer.Sign(rand, msg, opts)
}

type hashUnavailableError Hash

func (h hashUnavailableError) Error() string {
	return "crypto: requested hash function unavailable: " + Hash(h).String()
}

// Decapsulator is an interface for an opaque private KEM key that can be
// used for decapsulation operations.
type Decapsulator interface {
	Encapsulator() Encapsulator
	Decapsulate(ciphertext []byte) (sharedKey []byte, err error)
}

// Encapsulator is an interface for a public KEM key that can be used for
// encapsulation operations.
type Encapsulator interface {
	Bytes() []byte
	Encapsulate() (sharedKey, ciphertext []byte)
}
