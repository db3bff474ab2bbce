package main

func main() {
	var a struct {
		Name string `json:"name"`
	}
	var b struct{ Name string }
	a = b
	_ = a
}
