package main

import (
	"fmt"
	"time"
)

func main() {
	for _, name := range []string{"America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata",
		"America/Sao_Paulo", "Pacific/Chatham", "Asia/Tokyo", "Europe/London", "UTC", "", "Etc/GMT+5", "/etc/localtime",
		"Mars/Olympus", "../etc/passwd"} {
		loc, err := time.LoadLocation(name)
		if err != nil {
			fmt.Printf("%q: %v\n", name, err)
			continue
		}
		fmt.Printf("%q: %v\n", name, loc)
		for _, u := range []int64{-5e9, 0, 1e9, 1710054000, 1710057600, 1730613600, 1730617200, 1.9e9, 2.2e9, 4e9} {
			t := time.Unix(u, 0).In(loc)
			s, e := t.ZoneBounds()
			fmt.Println("  ", t, t.IsDST(), s.Unix(), e.Unix())
		}
	}
	ny, _ := time.LoadLocation("America/New_York")
	// A wall clock that does not exist, and one that happens twice.
	fmt.Println(time.Date(2024, 3, 10, 2, 30, 0, 0, ny))
	fmt.Println(time.Date(2024, 11, 3, 1, 30, 0, 0, ny))
	fmt.Println(time.Date(2024, 11, 3, 0, 30, 0, 0, ny).Add(2 * time.Hour))
	fmt.Println(time.Date(2024, 3, 9, 12, 0, 0, 0, ny).AddDate(0, 0, 1))
	t, err := time.ParseInLocation("2006-01-02 15:04 MST", "2024-07-04 09:00 EDT", ny)
	fmt.Println(t, err)
	t, err = time.ParseInLocation("2006-01-02 15:04 MST", "2024-07-04 09:00 EST", ny)
	fmt.Println(t, err)
	t, err = time.ParseInLocation("2006-01-02 15:04 -0700", "2024-07-04 09:00 -0400", ny)
	fmt.Println(t, err, t.Location())
	t, err = time.ParseInLocation(time.DateTime, "2030-01-15 08:00:00", ny)
	fmt.Println(t, err, t.Format(time.RFC1123Z))
	syd, _ := time.LoadLocation("Australia/Sydney")
	fmt.Println(t.In(syd), t.In(syd).Equal(t))
	fmt.Printf("%#v\n", t.In(syd))
	fmt.Println(time.FixedZone("", 0), time.FixedZone("X", 1).String() == "X")
	ist := time.FixedZone("IST", 19800)
	fmt.Println(time.Date(2000, 1, 1, 0, 0, 0, 0, ist), time.Date(2000, 1, 1, 0, 0, 0, 0, ist).UTC())
}
