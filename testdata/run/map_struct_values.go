package main

import (
	"fmt"
	"sort"
)

type Employee struct {
	Name   string
	Dept   string
	Salary int
}

func main() {
	emps := []Employee{
		{"Ann", "eng", 120}, {"Bob", "eng", 100}, {"Cid", "ops", 90},
		{"Dee", "ops", 95}, {"Eve", "sales", 70},
	}
	byDept := map[string][]Employee{}
	totals := map[string]int{}
	for _, e := range emps {
		byDept[e.Dept] = append(byDept[e.Dept], e)
		totals[e.Dept] += e.Salary
	}
	depts := make([]string, 0)
	for d := range byDept {
		depts = append(depts, d)
	}
	sort.Strings(depts)
	for _, d := range depts {
		fmt.Printf("%s: %d people, total %d, avg %.2f\n", d, len(byDept[d]), totals[d],
			float64(totals[d])/float64(len(byDept[d])))
	}
	fmt.Println(totals)
	fmt.Printf("%+v\n", byDept["ops"])
	idx := map[string]*Employee{}
	for i := range emps {
		idx[emps[i].Name] = &emps[i]
	}
	idx["Bob"].Salary += 50
	fmt.Println(emps[1])
	if e, ok := idx["Zed"]; !ok {
		fmt.Println("no Zed", e == nil)
	}
}
