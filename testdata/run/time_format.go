package main

import (
	"fmt"
	"time"
)

func main() {
	t := time.Date(2009, 11, 7, 8, 4, 5, 123456789, time.UTC)
	layouts := []string{time.Layout, time.ANSIC, time.UnixDate, time.RubyDate, time.RFC822, time.RFC822Z,
		time.RFC850, time.RFC1123, time.RFC1123Z, time.RFC3339, time.RFC3339Nano, time.Kitchen,
		time.Stamp, time.StampMilli, time.StampMicro, time.StampNano, time.DateTime, time.DateOnly, time.TimeOnly,
		"2006-01-02T15:04:05.000Z07:00", "Jan 2, 2006 at 3:04pm (MST)", "Monday 02/01/06", "__2 002 _2 2 02",
		"15:04:05,000 .999 ,9 .0", "-07 -0700 -07:00 -070000 -07:00:00 Z07 Z0700 Z07:00 Z070000 Z07:00:00",
		"Janx Monx Jan. January", "_2006 2006 06 1 01 3 03 4 04 5 05 PM pm", "12345", "05.00012", "hello"}
	zones := []*time.Location{time.UTC, time.FixedZone("", -(3*3600 + 30*60)), time.FixedZone("XST", 5*3600+45*60+15)}
	for _, l := range layouts {
		for _, z := range zones {
			fmt.Printf("%-40q %q\n", l, t.In(z).Format(l))
		}
	}
	fmt.Println(string(t.AppendFormat([]byte("at: "), time.Kitchen)))
	pm := time.Date(2009, 11, 7, 0, 4, 5, 0, time.UTC)
	fmt.Println(pm.Format(time.Kitchen), pm.Add(12*time.Hour).Format("03:04 pm"))

	parses := [][2]string{
		{time.RFC3339, "2012-11-01T22:08:41+00:00"},
		{time.RFC3339, "2012-11-01T22:08:41Z"},
		{time.RFC3339, "2012-11-01T22:08:41+05:30"},
		{time.RFC3339, "2012-11-01T22:08:41.123456-07:00"},
		{time.RFC3339Nano, "2012-11-01T22:08:41.5Z"},
		{time.RFC1123, "Mon, 02 Jan 2006 15:04:05 MST"},
		{time.RFC1123, "Mon, 02 Jan 2006 15:04:05 PST"},
		{time.RFC1123, "Mon, 02 Jan 2006 15:04:05 GMT+3"},
		{time.RFC1123Z, "Mon, 02 Jan 2006 15:04:05 +0100"},
		{time.UnixDate, "Sat Mar  7 11:06:39 UTC 2015"},
		{time.ANSIC, "Thu Feb  4 21:00:57 2010"},
		{"3 04 PM", "8 41 PM"},
		{"3 04 PM", "12 41 AM"},
		{time.Kitchen, "3:04pm"},
		{time.DateTime, "2023-02-29 10:00:00"},
		{time.DateTime, "2024-02-29 10:00:00"},
		{time.DateOnly, "2023-13-01"},
		{time.DateOnly, "2023-12-32"},
		{time.DateOnly, "2023-1-5"},
		{"2006-1-2", "2023-1-5"},
		{time.TimeOnly, "25:00:00"},
		{time.TimeOnly, "23:60:00"},
		{time.TimeOnly, "23:59:60"},
		{time.TimeOnly, "23:59:59.987654321"},
		{time.DateOnly, "2023-01-05 extra"},
		{"Mon Jan _2 15:04:05 2006", "8:41PM"},
		{"2006-01-02", "20x3-01-01"},
		{"January 2, 2006", "february 3, 2013"},
		{"Jan 2 06", "Feb 3 70"},
		{"Jan 2 06", "Feb 3 68"},
		{"2006 002", "2024 060"},
		{"2006 002", "2023 366"},
		{"2006 __2", "2024  61"},
		{"2006-01-02 002", "2024-03-01 061"},
		{"2006-01-02 002", "2024-03-02 061"},
		{"15:04:05.000", "10:00:00.12"},
		{"15:04:05.000", "10:00:00.123"},
		{"15:04:05 -07", "10:00:00 +05"},
		{"15:04:05 -07:00:00", "10:00:00 +05:30:15"},
		{"15:04:05 Z07:00", "10:00:00 +25:00"},
		{"15:04:05 MST", "10:00:00 AB"},
		{"15:04:05 MST", "10:00:00 CEST"},
		{"2006  01  02", "2023 01     02"},
		{"2006-01-02", ""},
		{"", ""},
		{"", "x"},
		{"PM", "XX"},
		{"Monday", "Funday"},
		{"2006\t01", "2006 01"},
		{"02 Jan 2006", "02 jAN 2006"},
	}
	for _, p := range parses {
		v, err := time.Parse(p[0], p[1])
		if err != nil {
			fmt.Printf("%q %q: error %v\n", p[0], p[1], err)
			continue
		}
		name, off := v.Zone()
		fmt.Printf("%q %q: %v [%s %d %v]\n", p[0], p[1], v, name, off, v.Location())
	}
	_, err := time.Parse(time.RFC3339, "bad\"\xff")
	fmt.Println(err)
	if pe, ok := err.(*time.ParseError); ok {
		fmt.Printf("%q %q %q %q %q\n", pe.Layout, pe.Value, pe.LayoutElem, pe.ValueElem, pe.Message)
	}
	loc := time.FixedZone("ABC", 7200)
	v, err := time.ParseInLocation(time.DateTime, "2020-06-01 12:00:00", loc)
	fmt.Println(v, err, v.UTC())
	v, err = time.ParseInLocation("2006-01-02 15:04 MST", "2020-06-01 12:00 ABC", loc)
	fmt.Println(v, err)
}
