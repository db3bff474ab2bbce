package main

func Make[S ~[]E, E any](e E) S { return S{e} }

func main() {
	_ = Make(1)
}
