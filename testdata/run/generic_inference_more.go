package main

// Generic code that gc checks once against its type parameters: cases
// and assertions on a type parameter are never duplicates or impossible,
// whatever an instance makes of them; core types inferred through
// constraints declared as types or as interface literals with methods;
// a multi-valued call as a generic function's arguments; unions of
// constraint interfaces.

import (
	"fmt"
	"sort"
	"strconv"
)

func Must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func Pair[A, B any](a A, b B) string { return fmt.Sprintf("%T/%T", a, b) }

func two() (int, string) { return 1, "x" }

func Kind[T any](x any) string {
	switch x.(type) {
	case T, int:
		return "T or int"
	case string:
		return "string"
	}
	return "other"
}

func Which[T, U int | string]() []string {
	var out []string
	for _, v := range []any{0, "", 1} {
		switch v {
		case T(0), U(0):
			out = append(out, "zero")
		default:
			out = append(out, "other")
		}
	}
	m := map[any]int{int(1): 1, T(1): 2}
	out = append(out, fmt.Sprint(len(m)))
	return out
}

type Shower interface{ Show() string }

type Plain struct{}

func As[T any](s Shower) (T, bool) {
	t, ok := s.(T)
	return t, ok
}

func (Plain) Show() string { return "plain" }

type SliceOf[E any] interface{ ~[]E }

func Double[S SliceOf[E], E int | float64](s S) S {
	r := make(S, len(s))
	for i, v := range s {
		r[i] = v + v
	}
	return r
}

type MySlice []int

func Keys[M interface{ ~map[K]V }, K comparable, V any](m M) []K {
	var out []K
	for k := range m {
		out = append(out, k)
	}
	return out
}

type Ledger[T ~string, K int | float64] struct {
	ID     T
	Amount K
}

func (l Ledger[T, K]) Name() T { return l.ID }

func Describe[T ~string, K int | float64, L interface {
	~struct {
		ID     T
		Amount K
	}
	Name() T
}](l L) string {
	return fmt.Sprintf("%v:%T", l.Name(), *new(K))
}

type Ordered interface {
	~int | ~float64 | ~string
}

type Complex interface{ ~complex64 | ~complex128 }

type Number interface{ Ordered | Complex }

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

// Constraints declared by naming another: comparable, a type set.
type Cmp comparable
type Num Number

func Eq[T Cmp](a, b T) bool { return a == b }
func Twice[T Num](x T) T    { return x + x }

// A single non-tilde type in the constraint fixes T before untyped
// arguments take their default types.
func Inc[T byte](t T) T { return t + 1 }

func main() {
	fmt.Println(Must(strconv.Atoi("41")) + 1)
	fmt.Println(Must(strconv.ParseBool("true")))
	fmt.Println(Pair(two()))

	fmt.Println(Kind[int](3), Kind[string]("s"), Kind[float64](2.5), Kind[bool](1.5))
	fmt.Println(Which[int, string]())

	_, ok := As[int](Plain{})
	p, ok2 := As[Plain](Plain{})
	fmt.Println(ok, ok2, p.Show())

	d := Double(MySlice{1, 2, 3})
	fmt.Printf("%v %T\n", d, d)
	ks := Keys(map[string]bool{"b": true, "a": false})
	sort.Strings(ks)
	fmt.Println(ks)
	fmt.Println(Describe(Ledger[string, float64]{"acct", 2.5}))
	fmt.Println(Sum(1, 2, 3), Sum(1.5, 2), Sum("a", "b"), Sum(1+2i, 3i))
	// Untyped constants for one type parameter: the largest kind wins.
	fmt.Printf("%T %v\n", Inc(0), Inc(255))
	fmt.Println(Eq("a", "a"), Eq(1, 2), Twice(1.25), Twice("ab"))
	fmt.Printf("%T %T %T %T\n", Pair(1, 'a'), Sum(1, 2.5), Sum(1, 'a', 2.5), Sum(2.5, 'a', 1i))
}
