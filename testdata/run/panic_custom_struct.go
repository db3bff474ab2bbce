package main

import "fmt"

type ValidationError struct {
	Field string
	Code  int
}

func (e ValidationError) Error() string {
	return fmt.Sprintf("validation failed on %q (code %d)", e.Field, e.Code)
}

func validate(fields map[string]string) {
	for _, f := range []string{"name", "email", "age"} {
		if fields[f] == "" {
			panic(ValidationError{f, 400})
		}
		fmt.Println("field ok:", f)
	}
}

func main() {
	validate(map[string]string{"name": "a", "email": "b", "age": "3"})
	fmt.Println("first record valid")
	validate(map[string]string{"name": "x"})
}
