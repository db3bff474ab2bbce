package main

import "fmt"

func Kind[T any](v T) string {
	switch x := any(v).(type) {
	case int:
		return fmt.Sprint("int ", x+1)
	case string:
		return "string " + x
	case []T:
		return "slice of T"
	case fmt.Stringer:
		return "stringer " + x.String()
	case nil:
		return "nil"
	}
	return "other"
}

func IsInt[T any](v T) bool {
	_, ok := any(v).(int)
	return ok
}

func AsString[T any](v T) string {
	if s, ok := any(v).(string); ok {
		return s
	}
	return "?"
}

type Name string

func (n Name) String() string { return "N:" + string(n) }

func main() {
	fmt.Println(Kind(41), Kind("s"), Kind(Name("x")), Kind(2.5))
	var e error
	fmt.Println(Kind(e))
	fmt.Println(IsInt(1), IsInt(int64(1)), IsInt("1"))
	fmt.Println(AsString("yes"), AsString(3))
}
