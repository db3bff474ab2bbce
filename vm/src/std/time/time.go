// Package time as minigo sees it. A Time is nanoseconds since the Unix
// epoch; timers are native (the runtime's timer heap sends the current
// Time on the channel when one fires).
package time

type Duration int64

const (
	Nanosecond  Duration = 1
	Microsecond          = 1000 * Nanosecond
	Millisecond          = 1000 * Microsecond
	Second               = 1000 * Millisecond
	Minute               = 60 * Second
	Hour                 = 60 * Minute
)

// String is native (Go's exact formatting, e.g. 1.5s, 2m0s, 100ms).
func (d Duration) String() string

func (d Duration) Nanoseconds() int64 { return int64(d) }

func (d Duration) Microseconds() int64 { return int64(d) / 1e3 }

func (d Duration) Milliseconds() int64 { return int64(d) / 1e6 }

func (d Duration) Seconds() float64 {
	sec := d / Second
	nsec := d % Second
	return float64(sec) + float64(nsec)/1e9
}

func (d Duration) Minutes() float64 {
	min := d / Minute
	nsec := d % Minute
	return float64(min) + float64(nsec)/(60*1e9)
}

func (d Duration) Hours() float64 {
	hour := d / Hour
	nsec := d % Hour
	return float64(hour) + float64(nsec)/(60*60*1e9)
}

type Time struct {
	ns int64
}

type Month int

type Weekday int

func now() int64

func Now() Time { return Time{now()} }

func Unix(sec int64, nsec int64) Time { return Time{sec*1e9 + nsec} }

func Since(t Time) Duration { return Duration(now() - t.ns) }

func Until(t Time) Duration { return Duration(t.ns - now()) }

func (t Time) Sub(u Time) Duration { return Duration(t.ns - u.ns) }

func (t Time) Add(d Duration) Time { return Time{t.ns + int64(d)} }

func (t Time) After(u Time) bool { return t.ns > u.ns }

func (t Time) Before(u Time) bool { return t.ns < u.ns }

func (t Time) Equal(u Time) bool { return t.ns == u.ns }

func (t Time) IsZero() bool { return t.ns == 0 }

func (t Time) Unix() int64 { return t.ns / 1e9 }

func (t Time) UnixMilli() int64 { return t.ns / 1e6 }

func (t Time) UnixMicro() int64 { return t.ns / 1e3 }

func (t Time) UnixNano() int64 { return t.ns }

func (t Time) Nanosecond() int { return int(t.ns % 1e9) }

// Format is native (a subset of Go's layouts).
func (t Time) Format(layout string) string

func (t Time) String() string { return t.Format("2006-01-02 15:04:05.999999999 -0700 MST") }

func Sleep(d Duration)

// Native timers: startTimer arms a timer that sends Now() on c after d
// (then every period if period > 0) and returns its id; stopTimer disarms
// it and reports whether it was still pending; resetTimer re-arms it.
func startTimer(c chan Time, d Duration, period Duration) int64
func stopTimer(id int64) bool
func resetTimer(id int64, d Duration, period Duration) bool

type Timer struct {
	C  <-chan Time
	id int64
}

func NewTimer(d Duration) *Timer {
	c := make(chan Time, 1)
	return &Timer{C: c, id: startTimer(c, d, 0)}
}

func (t *Timer) Stop() bool { return stopTimer(t.id) }

func (t *Timer) Reset(d Duration) bool { return resetTimer(t.id, d, 0) }

func After(d Duration) <-chan Time { return NewTimer(d).C }

func AfterFunc(d Duration, f func()) *Timer {
	t := NewTimer(d)
	go func() {
		<-t.C
		f()
	}()
	return t
}

type Ticker struct {
	C  <-chan Time
	id int64
}

func NewTicker(d Duration) *Ticker {
	if d <= 0 {
		panic("non-positive interval for NewTicker")
	}
	c := make(chan Time, 1)
	return &Ticker{C: c, id: startTimer(c, d, d)}
}

func (t *Ticker) Stop() { stopTimer(t.id) }

func (t *Ticker) Reset(d Duration) {
	if d <= 0 {
		panic("non-positive interval for Ticker.Reset")
	}
	resetTimer(t.id, d, d)
}

func Tick(d Duration) <-chan Time {
	if d <= 0 {
		return nil
	}
	return NewTicker(d).C
}

// Truncate rounds d toward zero to a multiple of m.
func (d Duration) Truncate(m Duration) Duration {
	if m <= 0 {
		return d
	}
	return d - d%m
}

// Round rounds d to the nearest multiple of m (halfway away from zero).
func (d Duration) Round(m Duration) Duration {
	if m <= 0 {
		return d
	}
	r := d % m
	if d < 0 {
		r = -r
		if r+r < m {
			return d + r
		}
		return d - m + r
	}
	if r+r < m {
		return d - r
	}
	return d + m - r
}

func (d Duration) Abs() Duration {
	if d < 0 {
		return -d
	}
	return d
}
