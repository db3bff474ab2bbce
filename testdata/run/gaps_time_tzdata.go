package main

import (
	"fmt"
	"time"
	_ "time/tzdata"
)

func main() {
	t := time.Date(2024, 7, 1, 12, 0, 0, 0, time.UTC)
	w := time.Date(2024, 1, 15, 12, 0, 0, 0, time.UTC)
	for _, name := range []string{"America/New_York", "Europe/Paris", "Asia/Kolkata", "Australia/Lord_Howe", "US/Pacific", "UTC", "Etc/GMT+5"} {
		loc, err := time.LoadLocation(name)
		if err != nil {
			fmt.Println(name, err)
			continue
		}
		fmt.Println(loc, t.In(loc).Format(time.RFC3339+" MST"), w.In(loc).Format(time.RFC3339+" MST"))
	}
	_, err := time.LoadLocation("Mars/Olympus_Mons")
	fmt.Println(err)
	_, err = time.LoadLocation("../etc/passwd")
	fmt.Println(err)
}
