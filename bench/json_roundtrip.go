package main

import (
	"encoding/json"
	"fmt"
)

type Rec struct {
	ID    int               `json:"id"`
	Name  string            `json:"name"`
	Score float64           `json:"score"`
	Tags  []string          `json:"tags"`
	Attrs map[string]string `json:"attrs"`
}

func main() {
	var recs []Rec
	for i := 0; i < 2000; i++ {
		recs = append(recs, Rec{i, fmt.Sprint("name", i), float64(i) / 3, []string{"a", "b"}, map[string]string{"k": "v"}})
	}
	total := 0
	for r := 0; r < 5; r++ {
		b, _ := json.Marshal(recs)
		var back []Rec
		if err := json.Unmarshal(b, &back); err != nil {
			panic(err)
		}
		total += len(b) + len(back)
	}
	fmt.Println(total)
}
