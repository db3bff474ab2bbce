package reflect

import "strconv"

// Types made at run time (typemake.rs): an existing type of that shape
// when the program has one, else a new unnamed one.

// A ChanDir represents a channel type's direction.
type ChanDir int

const (
	RecvDir ChanDir = 1 << iota
	SendDir
	BothDir = RecvDir | SendDir
)

func (d ChanDir) String() string {
	switch d {
	case SendDir:
		return "chan<-"
	case RecvDir:
		return "<-chan"
	case BothDir:
		return "chan"
	}
	return "ChanDir" + strconv.Itoa(int(d))
}

// ChanDir returns a channel type's direction.
func (t rtype) ChanDir() ChanDir {
	if t.Kind() != Chan {
		panic("reflect: ChanDir of non-chan type " + t.String())
	}
	return ChanDir(typeChanDir(t.id))
}

func madeType(id int) Type {
	if id < 0 {
		panic("reflect: minigo's table of types made at run time is full")
	}
	return rtype{id}
}

// SliceOf returns the slice type with element type t.
func SliceOf(t Type) Type {
	return madeType(makeType(int(Slice), t.common(), 0, 0))
}

// MapOf returns the map type with the given key and element types. It
// panics if the key type is not a valid map key type.
func MapOf(key, elem Type) Type {
	if !key.Comparable() {
		panic("reflect.MapOf: invalid key type " + key.String())
	}
	return madeType(makeType(int(Map), elem.common(), key.common(), 0))
}

// ArrayOf returns the array type with the given length and element type.
func ArrayOf(length int, elem Type) Type {
	if length < 0 {
		panic("reflect: negative length passed to ArrayOf")
	}
	if s := elem.Size(); s > 0 && uintptr(length) > ^uintptr(0)/s {
		panic("reflect.ArrayOf: array size would exceed virtual address space")
	}
	return madeType(makeType(int(Array), elem.common(), 0, length))
}

// ChanOf returns the channel type with the given direction and element
// type.
func ChanOf(dir ChanDir, t Type) Type {
	if t.Size() >= 1<<16 {
		panic("reflect.ChanOf: element size too large")
	}
	switch dir {
	case RecvDir, SendDir, BothDir:
	default:
		panic("reflect.ChanOf: invalid dir")
	}
	return madeType(makeType(int(Chan), t.common(), 0, int(dir)))
}

// FuncOf returns the function type with the given argument and result
// types; variadic: the last argument is a ...
func FuncOf(in, out []Type, variadic bool) Type {
	if variadic && (len(in) == 0 || in[len(in)-1].Kind() != Slice) {
		panic("reflect.FuncOf: last arg of variadic func must be slice")
	}
	if len(in)+len(out) > 128 {
		panic("reflect.FuncOf: too many arguments")
	}
	ins := make([]int, len(in))
	for i, t := range in {
		ins[i] = t.common()
	}
	outs := make([]int, len(out))
	for i, t := range out {
		outs[i] = t.common()
	}
	return madeType(makeFuncType(ins, outs, variadic))
}

func structOfValidName(name string) bool {
	for i, c := range name {
		letter := c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
		if i == 0 && !letter {
			return false
		}
		if !letter && !('0' <= c && c <= '9') {
			return false
		}
	}
	return len(name) > 0
}

// StructOf returns the struct type containing fields (minigo: an
// embedded field promotes no methods).
func StructOf(fields []StructField) Type {
	names := make([]string, len(fields))
	types := make([]int, len(fields))
	tags := make([]string, len(fields))
	embedded := make([]int, len(fields))
	seen := map[string]bool{}
	pkgpath := ""
	for i, f := range fields {
		if f.Name == "" {
			panic("reflect.StructOf: field " + strconv.Itoa(i) + " has no name")
		}
		if !structOfValidName(f.Name) {
			panic("reflect.StructOf: field " + strconv.Itoa(i) + " has invalid name")
		}
		if f.Type == nil {
			panic("reflect.StructOf: field " + strconv.Itoa(i) + " has no type")
		}
		if f.Anonymous && f.PkgPath != "" {
			panic("reflect.StructOf: field \"" + f.Name + "\" is anonymous but has PkgPath set")
		}
		if f.PkgPath == "" {
			if c := f.Name[0]; 'a' <= c && c <= 'z' || c == '_' {
				panic("reflect.StructOf: field \"" + f.Name + "\" is unexported but missing PkgPath")
			}
		} else if pkgpath == "" {
			pkgpath = f.PkgPath
		} else if pkgpath != f.PkgPath {
			panic("reflect.StructOf: fields with different PkgPath " + pkgpath + " and " + f.PkgPath)
		}
		if seen[f.Name] && f.Name != "_" {
			panic("reflect.StructOf: duplicate field " + f.Name)
		}
		seen[f.Name] = true
		names[i] = f.Name
		types[i] = f.Type.common()
		tags[i] = string(f.Tag)
		if f.Anonymous {
			embedded[i] = 1
		}
	}
	return madeType(makeStructType(names, types, tags, embedded))
}

func typeChanDir(t int) int
func makeType(kind, elem, key, n int) int
func makeFuncType(in, out []int, variadic bool) int
func makeStructType(names []string, types []int, tags []string, embedded []int) int
