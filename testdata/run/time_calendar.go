package main

import (
	"fmt"
	"time"
)

func main() {
	var zero time.Time
	fmt.Println(zero, zero.IsZero(), zero.Year(), zero.Weekday(), zero.Unix())
	fmt.Println(time.Month(13), time.Weekday(7), time.September, time.Saturday)
	fmt.Printf("%d %v %s %02d\n", time.March, time.March, time.March, time.March)

	t := time.Date(2009, 11, 17, 20, 34, 58, 651387237, time.UTC)
	fmt.Println(t, t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond())
	fmt.Println(t.Location(), t.Weekday(), t.YearDay())
	y, w := t.ISOWeek()
	fmt.Println("isoweek", y, w)
	for _, d := range []time.Time{
		time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2020, 12, 31, 0, 0, 0, 0, time.UTC),
		time.Date(2024, 12, 30, 0, 0, 0, 0, time.UTC),
		time.Date(2027, 1, 3, 0, 0, 0, 0, time.UTC),
	} {
		y, w := d.ISOWeek()
		fmt.Println(d.Format(time.DateOnly), y, w, d.YearDay(), d.Weekday())
	}

	// Normalization.
	fmt.Println(time.Date(2023, 10, 32, 0, 0, 0, 0, time.UTC))
	fmt.Println(time.Date(2023, 14, 1, 25, 61, 61, 1e9+5, time.UTC))
	fmt.Println(time.Date(2023, 0, 0, -1, 0, 0, -1, time.UTC))
	fmt.Println(time.Date(-5, 3, 1, 0, 0, 0, 0, time.UTC))
	fmt.Println(time.Date(12345, 3, 1, 0, 0, 0, 0, time.UTC))
	fmt.Println(time.Date(2024, 2, 29, 12, 0, 0, 0, time.UTC).AddDate(1, 0, 0))
	fmt.Println(time.Date(2023, 10, 31, 12, 0, 0, 0, time.UTC).AddDate(0, 1, 0))
	fmt.Println(t.AddDate(-10, -3, 100))

	// Arithmetic.
	u := t.Add(90*time.Minute + 5*time.Nanosecond)
	fmt.Println(u, u.Sub(t), t.Sub(u), u.After(t), u.Before(t), u.Equal(t), u.Compare(t), t.Compare(u), t.Compare(t))
	fmt.Println(t.Add(-1))
	fmt.Println(time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC).Sub(time.Date(2500, 1, 1, 0, 0, 0, 0, time.UTC)))
	fmt.Println(time.Date(2500, 1, 1, 0, 0, 0, 0, time.UTC).Sub(time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC)))
	for _, d := range []time.Duration{time.Nanosecond, time.Second, 7 * time.Second, time.Hour, 24 * time.Hour, 1500 * time.Millisecond, 0, -time.Second} {
		fmt.Println(d, t.Truncate(d).Format(time.RFC3339Nano), t.Round(d).Format(time.RFC3339Nano))
	}
	fmt.Println(time.Unix(1700000000, 0).UTC(), time.Unix(-1, 0).UTC(), time.Unix(0, -1).UTC(), time.Unix(1, 3e9).UTC())
	fmt.Println(time.UnixMilli(1700000000123).UTC(), time.UnixMicro(-1700000000123456).UTC())
	fmt.Println(t.Unix(), t.UnixMilli(), t.UnixMicro(), t.UnixNano())
	h, m, s := t.Clock()
	yy, mm, dd := t.Date()
	fmt.Println(h, m, s, yy, mm, dd)
	fmt.Printf("%v|%s|%#v\n", t, t, t)
	b, err := t.MarshalJSON()
	fmt.Println(string(b), err)
	var back time.Time
	fmt.Println(back.UnmarshalJSON([]byte(`"2001-02-03T04:05:06.7+01:00"`)), back)
	fmt.Println(back.UnmarshalJSON([]byte(`"nope"`)))
	name, off := t.Zone()
	fmt.Println(name, off, t.IsDST())
	fmt.Println(t == t.Add(0), t.UTC() == t)

	// Durations.
	for _, s := range []string{"1h2m3s", "1.5h", "-300ms", "1us", "1µs", "2h45m30.5s", "0", "+5s", ".5s", "1.s", "",
		"1", "x", "3d", "1.2.3s", "9223372036854775807ns", "9223372036854775808ns", "-9223372036854775808ns", "1e3s", "5m-1s"} {
		d, err := time.ParseDuration(s)
		fmt.Printf("%q %v %v\n", s, d, err)
	}
	d := 3*time.Hour + 25*time.Minute + 45*time.Second + 500*time.Millisecond
	fmt.Println(d.Hours(), d.Minutes(), d.Seconds(), d.Milliseconds(), d.Microseconds(), d.Nanoseconds())
	fmt.Println(d.Round(time.Hour), d.Round(time.Minute), d.Truncate(time.Hour), (-d).Abs(), (-d).Round(time.Hour))
	fmt.Println(time.Duration(-1<<63).Abs(), time.Duration(1<<63-1).Round(time.Hour))
}
