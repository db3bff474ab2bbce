// time.Time's binary encoding (MarshalBinary, AppendBinary, GobEncode)
// byte for byte, its decoding, and the text appenders' errors.
package main

import (
	"fmt"
	"time"
)

func main() {
	zones := []*time.Location{
		time.UTC,
		time.FixedZone("IST", 5*3600+30*60),
		time.FixedZone("W", -8*3600),
		time.FixedZone("LMT", 3600+17*60+5), // seconds: version 2
		time.FixedZone("NEG", -(3*3600 + 7)),
		time.FixedZone("MIN1", -60), // -1 minute: reserved for UTC
		time.FixedZone("HUGE", 40000*60),
	}
	base := time.Date(2024, time.February, 29, 13, 4, 5, 123456789, time.UTC)
	for _, loc := range zones {
		t := base.In(loc)
		b, err := t.MarshalBinary()
		fmt.Printf("%-5s % x %v\n", loc, b, err)
		var u time.Time
		if err == nil {
			err = u.UnmarshalBinary(b)
			_, off := u.Zone()
			fmt.Println("  ", u.Equal(t), off, u.Location() == time.UTC, err)
		}
	}
	for _, t := range []time.Time{{}, time.Date(-5, 1, 1, 0, 0, 0, 0, time.UTC), time.Unix(1<<40, 999999999).UTC()} {
		b, _ := t.MarshalBinary()
		fmt.Printf("% x\n", b)
	}

	b, err := base.AppendBinary([]byte("prefix:"))
	fmt.Printf("%q %v\n", b, err)
	g, err := base.GobEncode()
	fmt.Printf("% x %v\n", g, err)
	var d time.Time
	fmt.Println(d.GobDecode(g), d)

	bad := [][]byte{
		nil,
		{3},
		{1, 2, 3},
		{2, 0, 0, 0, 14, 221, 117, 119, 229, 7, 91, 205, 21, 255, 255},
		{1, 0, 0, 0, 14, 221, 117, 119, 229, 7, 91, 205, 21, 255, 255, 0},
	}
	for _, in := range bad {
		var t time.Time
		fmt.Println(t.UnmarshalBinary(in))
	}
	// A hand-made version 2 encoding: +01:00:30.
	var v2 time.Time
	err = v2.UnmarshalBinary([]byte{2, 0, 0, 0, 14, 221, 117, 119, 229, 0, 0, 0, 0, 0, 60, 30})
	_, off := v2.Zone()
	fmt.Println(v2.UTC(), off, err)
	// Negative nanoseconds in the data are kept as they are.
	var odd time.Time
	fmt.Println(odd.UnmarshalBinary([]byte{1, 0, 0, 0, 14, 221, 117, 119, 229, 0, 0, 0, 7, 255, 255}), odd.Nanosecond())

	tx, err := base.AppendText([]byte("t="))
	fmt.Printf("%s %v\n", tx, err)
	for _, t := range []time.Time{
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC),
		base.In(time.FixedZone("X", 24*3600)),
		base.In(time.FixedZone("Y", -(23*3600 + 59*60))),
	} {
		a, err := t.AppendText(nil)
		m, err2 := t.MarshalText()
		fmt.Printf("%q %v | %q %v\n", a, err, m, err2)
	}
}
