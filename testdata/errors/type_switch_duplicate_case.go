package main

func main() {
	var i interface{}
	switch i.(type) {
	case int:
	case string, int:
	}
}
