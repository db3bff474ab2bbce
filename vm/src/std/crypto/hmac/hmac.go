// Package hmac implements the Keyed-Hash Message Authentication Code (HMAC)
// as defined in U.S. Federal Information Processing Standards Publication
// 198, over any hash.Hash constructor.
package hmac

import (
	"crypto/subtle"
	"errors"
	"hash"
)

type hmac struct {
	opad, ipad   []byte
	outer, inner hash.Hash
}

// New returns a new HMAC hash using the given hash.Hash type and key.
// New functions like sha256.New can be used as h.
// Note that unlike other hash implementations in the standard library,
// the returned Hash does not implement encoding.BinaryMarshaler
// or encoding.BinaryUnmarshaler.
func New(h func() hash.Hash, key []byte) hash.Hash {
	hm := &hmac{}
	hm.outer = h()
	hm.inner = h()
	unique := true
	func() {
		defer func() {
			// The comparison might panic if the underlying types are not comparable.
			_ = recover()
		}()
		if hm.outer == hm.inner {
			unique = false
		}
	}()
	if !unique {
		panic("crypto/hmac: hash generation function does not produce unique values")
	}
	blocksize := hm.inner.BlockSize()
	hm.ipad = make([]byte, blocksize)
	hm.opad = make([]byte, blocksize)
	if len(key) > blocksize {
		// If key is too big, hash it.
		hm.outer.Write(key)
		key = hm.outer.Sum(nil)
	}
	copy(hm.ipad, key)
	copy(hm.opad, key)
	for i := range hm.ipad {
		hm.ipad[i] ^= 0x36
	}
	for i := range hm.opad {
		hm.opad[i] ^= 0x5c
	}
	hm.inner.Write(hm.ipad)
	return hm
}

func (h *hmac) Sum(in []byte) []byte {
	origLen := len(in)
	in = h.inner.Sum(in)
	h.outer.Reset()
	h.outer.Write(h.opad)
	h.outer.Write(in[origLen:])
	return h.outer.Sum(in[:origLen])
}

func (h *hmac) Write(p []byte) (n int, err error) { return h.inner.Write(p) }
func (h *hmac) Size() int                         { return h.outer.Size() }
func (h *hmac) BlockSize() int                    { return h.inner.BlockSize() }

func (h *hmac) Reset() {
	h.inner.Reset()
	h.inner.Write(h.ipad)
}

type errCloneUnsupported struct{}

func (e errCloneUnsupported) Error() string {
	return "crypto/hmac: hash does not support hash.Cloner"
}

func (e errCloneUnsupported) Unwrap() error { return errors.ErrUnsupported }

// Clone implements hash.Cloner when the underlying hashes do; otherwise
// it returns an error wrapping errors.ErrUnsupported.
func (h *hmac) Clone() (hash.Cloner, error) {
	r := *h
	ic, ok := h.inner.(hash.Cloner)
	if !ok {
		return nil, errCloneUnsupported{}
	}
	oc, ok := h.outer.(hash.Cloner)
	if !ok {
		return nil, errCloneUnsupported{}
	}
	var err error
	if r.inner, err = ic.Clone(); err != nil {
		return nil, errCloneUnsupported{}
	}
	if r.outer, err = oc.Clone(); err != nil {
		return nil, errCloneUnsupported{}
	}
	return &r, nil
}

// Equal compares two MACs for equality without leaking timing information.
func Equal(mac1, mac2 []byte) bool {
	// We don't have to be constant time if the lengths of the MACs are
	// different as that suggests that a completely different hash function
	// was used.
	return subtle.ConstantTimeCompare(mac1, mac2) == 1
}
