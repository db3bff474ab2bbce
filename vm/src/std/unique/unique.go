// Package unique canonicalizes comparable values: Make returns a Handle
// that compares equal to another exactly when the values do.
//
// minigo keeps every canonical value for the life of the program (Go
// drops one once no Handle to it is left): a program that makes handles
// for an unbounded stream of distinct values grows.
package unique

import "sync"

// Handle is a globally unique identity for some value of type T. Two
// handles compare equal exactly if the values used to create them are
// equal.
type Handle[T comparable] struct {
	value *T
}

// Value returns a shallow copy of the T value that produced the Handle.
func (h Handle[T]) Value() T {
	return *h.value
}

// key is a canonical map's key: the value with its type parameter, so
// Make[any](1) and Make[int](1) are different handles.
type key struct {
	typ any // a nil *T
	val any
}

var (
	mu        sync.Mutex
	canonical = map[key]any{}
)

// Make returns a globally unique handle for a value of type T.
func Make[T comparable](value T) Handle[T] {
	k := key{(*T)(nil), value}
	mu.Lock()
	defer mu.Unlock()
	if p, ok := canonical[k]; ok {
		return Handle[T]{p.(*T)}
	}
	p := new(T)
	*p = value
	canonical[k] = p
	return Handle[T]{p}
}
