// Package unsafe: gc's sizes and offsets (amd64), and pointer conversions
// that minigo can check. The checker gives Sizeof, Alignof and Offsetof
// their constant values and checks every call here as gc does
// (vm/src/check/unsafe_pkg.rs); the compiler lowers the conversions and
// the other functions to the natives below (vm/src/compile/unsafe_pkg.rs).
//
// A Pointer is minigo's own value: the pointer it was converted from,
// with that pointer's type, so that converting it to another pointer type
// is checked against the memory's real layout. Pointer arithmetic through
// uintptr, and a view minigo cannot represent, panic with a clear message.
package unsafe

// ArbitraryType stands for any Go type (documentation only, as in Go).
type ArbitraryType int

// IntegerType stands for any integer type (documentation only, as in Go).
type IntegerType int

// Pointer is a pointer to a value of any type.
type Pointer *ArbitraryType

func Sizeof(x ArbitraryType) uintptr
func Offsetof(x ArbitraryType) uintptr
func Alignof(x ArbitraryType) uintptr
func Add(ptr Pointer, len IntegerType) Pointer
func Slice(ptr *ArbitraryType, len IntegerType) []ArbitraryType
func SliceData(slice []ArbitraryType) *ArbitraryType
func String(ptr *byte, len IntegerType) string
func StringData(str string) *byte

// The natives the compiler lowers conversions and calls to.

// fromPtr: unsafe.Pointer(p), p boxed with its pointer type.
func fromPtr(p any) Pointer

// toPtr: (*T)(p), to a zero *T boxed: the *T boxed, or a panic when the
// memory cannot be seen as a T.
func toPtr(p Pointer, to any) any

// addr: uintptr(p).
func addr(p Pointer) uintptr

// fromAddr: unsafe.Pointer(u); only 0 (nil) is representable.
func fromAddr(u uintptr) Pointer

// equal: p == q (the same address).
func equal(p, q Pointer) bool

func add(p Pointer, n int) Pointer
func slice(p any, n int, to any) any
func sliceData(s any, to any) any
func str(p *byte, n int) string
func stringData(s string) *byte
