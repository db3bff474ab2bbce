package main

func main() {
	g := func() {}
	h := func() {}
	switch g {
	case nil:
	case h:
	}
}
