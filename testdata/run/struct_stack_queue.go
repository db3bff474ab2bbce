package main

import "fmt"

type Stack struct{ items []string }

func (s *Stack) Push(x string) { s.items = append(s.items, x) }
func (s *Stack) Pop() (string, bool) {
	if len(s.items) == 0 {
		return "", false
	}
	x := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return x, true
}
func (s Stack) Len() int { return len(s.items) }

type Queue struct {
	data       []int
	head, tail int
}

func (q *Queue) Enqueue(v int) { q.data = append(q.data, v); q.tail++ }
func (q *Queue) Dequeue() int {
	v := q.data[q.head]
	q.head++
	return v
}
func (q *Queue) Empty() bool { return q.head == q.tail }

func balanced(s string) bool {
	var st Stack
	pairs := map[rune]rune{')': '(', ']': '[', '}': '{'}
	for _, r := range s {
		switch r {
		case '(', '[', '{':
			st.Push(string(r))
		case ')', ']', '}':
			top, ok := st.Pop()
			if !ok || top != string(pairs[r]) {
				return false
			}
		}
	}
	return st.Len() == 0
}

func main() {
	var s Stack
	for _, w := range []string{"a", "b", "c"} {
		s.Push(w)
	}
	fmt.Println(s.Len(), s)
	for s.Len() > 0 {
		v, _ := s.Pop()
		fmt.Print(v)
	}
	_, ok := s.Pop()
	fmt.Println("", ok)
	q := &Queue{}
	for i := 0; i < 4; i++ {
		q.Enqueue(i * 3)
	}
	for !q.Empty() {
		fmt.Print(q.Dequeue(), " ")
	}
	fmt.Println()
	for _, t := range []string{"([]{})", "([)]", "((", "", "{[()()]}"} {
		fmt.Printf("%q balanced=%t\n", t, balanced(t))
	}
}
