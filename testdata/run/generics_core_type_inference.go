package main

import "fmt"

type Setter[T any] interface {
	Set(string)
	*T
}

type Settable struct{ s string }

func (p *Settable) Set(s string) { p.s = s }

func FromStrings[T any, PT Setter[T]](s []string) []T {
	result := make([]T, len(s))
	for i, v := range s {
		p := PT(&result[i])
		p.Set(v)
	}
	return result
}

func Deref[P *E, E any](p P) E { return *p }

func First[S []E, E any](s S) E { return s[0] }

func Pick[F func(int) int | func(int) string](f F) F { return f }

func main() {
	fmt.Println(FromStrings[Settable]([]string{"a", "b"}))
	x := 5
	fmt.Println(Deref(&x))
	fmt.Println(First([]string{"z"}))
	fmt.Println(Pick(func(i int) int { return i * 2 })(4))
}

// Inferred from the element type through the constraint's core type.
func Wrap[P *E, E any](e E) P { return &e }

func Single[M map[K]V, K comparable, V any](k K, v V) M { return M{k: v} }

func init() {
	p := Wrap(7)
	fmt.Printf("%T %v\n", p, *p)
	fmt.Println(Single("k", 1.5))
}
