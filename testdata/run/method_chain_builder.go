package main

import (
	"fmt"
	"strings"
)

type Query struct {
	table  string
	wheres []string
	limit  int
	order  string
}

func From(t string) *Query { return &Query{table: t, limit: -1} }

func (q *Query) Where(cond string) *Query {
	q.wheres = append(q.wheres, cond)
	return q
}

func (q *Query) Limit(n int) *Query { q.limit = n; return q }
func (q *Query) OrderBy(c string) *Query { q.order = c; return q }

func (q *Query) String() string {
	var b strings.Builder
	b.WriteString("SELECT * FROM ")
	b.WriteString(q.table)
	if len(q.wheres) > 0 {
		b.WriteString(" WHERE ")
		b.WriteString(strings.Join(q.wheres, " AND "))
	}
	if q.order != "" {
		b.WriteString(" ORDER BY " + q.order)
	}
	if q.limit >= 0 {
		fmt.Fprintf(&b, " LIMIT %d", q.limit)
	}
	return b.String()
}

func main() {
	fmt.Println(From("users"))
	fmt.Println(From("users").Where("age > 18").Where("active").Limit(10))
	q := From("orders").OrderBy("id")
	q.Where("total > 100")
	fmt.Println(q.String())
	fmt.Printf("%s|%v\n", q, q)
	qs := []*Query{From("a").Limit(0), From("b").Where("x")}
	fmt.Println(qs)
}
