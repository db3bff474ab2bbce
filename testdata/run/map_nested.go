package main

import "fmt"

type point struct{ x, y int }

func main() {
	graph := map[string][]string{}
	edges := [][2]string{{"a", "b"}, {"a", "c"}, {"b", "c"}, {"c", "a"}}
	for _, e := range edges {
		graph[e[0]] = append(graph[e[0]], e[1])
	}
	fmt.Println(graph)
	nested := map[string]map[string]int{}
	add := func(a, b string, n int) {
		inner, ok := nested[a]
		if !ok {
			inner = map[string]int{}
			nested[a] = inner
		}
		inner[b] += n
	}
	add("x", "y", 1)
	add("x", "z", 2)
	add("w", "y", 3)
	add("x", "y", 4)
	fmt.Println(nested)
	pts := map[point]string{{1, 2}: "A", {0, 0}: "O", {1, -1}: "B"}
	fmt.Println(pts)
	fmt.Println(pts[point{1, 2}])
	sp := map[string]*point{"p": {1, 1}}
	sp["p"].x = 50
	fmt.Println(*sp["p"])
	structs := map[string]point{"q": {2, 2}}
	q := structs["q"]
	q.x = 99
	fmt.Println(structs["q"], q)
	structs["q"] = q
	fmt.Println(structs)
	ifaceKeys := map[interface{}]int{1: 1, "a": 2, 2.5: 3}
	fmt.Println(len(ifaceKeys), ifaceKeys[1], ifaceKeys["a"], ifaceKeys[2.5])
	alias := nested["x"]
	alias["new"] = 7
	fmt.Println(nested["x"])
}
