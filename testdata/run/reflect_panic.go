package main

import (
	"fmt"
	"reflect"
)

type T struct{ a int }

func main() {
	v := reflect.ValueOf(&T{}).Elem()
	fmt.Println(v.Field(0).CanSet(), v.Field(0).Int())
	v.Field(0).SetInt(1)
}
