package main

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
)

type Rec struct {
	ID   int
	Name string
	Sub  *Rec
	List []map[string]any
}

func main() {
	var wg sync.WaitGroup
	errs := make(chan string, 100)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 300; i++ {
				r := Rec{ID: i, Name: fmt.Sprint("n", g, i), Sub: &Rec{ID: -i}, List: []map[string]any{{"a": float64(i), "b": []any{"x", true}}}}
				b, err := json.Marshal(r)
				if err != nil {
					errs <- err.Error()
					return
				}
				var back Rec
				if err := json.Unmarshal(b, &back); err != nil {
					errs <- err.Error()
					return
				}
				if !reflect.DeepEqual(r, back) {
					errs <- fmt.Sprintf("mismatch %s", b)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	n := 0
	for e := range errs {
		fmt.Println(e)
		n++
	}
	fmt.Println("errors:", n)
}
