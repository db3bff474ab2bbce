package main

import "fmt"

type pos struct{ r, c int }

func main() {
	grid := []string{
		"S.#.....",
		".##..#..",
		"....#...",
		"#.#...#E",
	}
	var start, end pos
	for r, row := range grid {
		for c, ch := range row {
			switch ch {
			case 'S':
				start = pos{r, c}
			case 'E':
				end = pos{r, c}
			}
		}
	}
	dist := map[pos]int{start: 0}
	prev := map[pos]pos{}
	queue := []pos{start}
	dirs := []pos{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, d := range dirs {
			n := pos{cur.r + d.r, cur.c + d.c}
			if n.r < 0 || n.r >= len(grid) || n.c < 0 || n.c >= len(grid[0]) || grid[n.r][n.c] == '#' {
				continue
			}
			if _, seen := dist[n]; !seen {
				dist[n] = dist[cur] + 1
				prev[n] = cur
				queue = append(queue, n)
			}
		}
	}
	fmt.Println("start", start, "end", end, "distance", dist[end], "reachable cells", len(dist))
	rows := make([][]byte, len(grid))
	for i := range grid {
		rows[i] = []byte(grid[i])
	}
	for p := prev[end]; p != start; p = prev[p] {
		rows[p.r][p.c] = '*'
	}
	for _, r := range rows {
		fmt.Println(string(r))
	}
}
