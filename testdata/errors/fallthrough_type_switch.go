package main

func main() {
	var i interface{} = 1
	switch i.(type) {
	case int:
		fallthrough
	case string:
	}
}
