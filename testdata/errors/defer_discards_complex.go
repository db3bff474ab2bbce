package main

func main() {
	defer complex(1, 2)
}
