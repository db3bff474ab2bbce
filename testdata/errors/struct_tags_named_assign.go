package main

type A struct {
	Name string `json:"name"`
}

func main() {
	var x struct{ Name string } = A{}
	_ = x
}
