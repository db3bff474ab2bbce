package time

import "errors"

// A Duration is an elapsed time in nanoseconds.
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

// Truncate rounds d toward zero to a multiple of m.
func (d Duration) Truncate(m Duration) Duration {
	if m <= 0 {
		return d
	}
	return d - d%m
}

// Round rounds d to the nearest multiple of m (halfway away from zero),
// saturating at the Duration range.
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
		if d1 := d - m + r; d1 < d {
			return d1
		}
		return minDuration
	}
	if r+r < m {
		return d - r
	}
	if d1 := d + m - r; d1 > d {
		return d1
	}
	return maxDuration
}

func (d Duration) Abs() Duration {
	switch {
	case d >= 0:
		return d
	case d == minDuration:
		return maxDuration
	}
	return -d
}

var unitMap = map[string]uint64{
	"ns": uint64(Nanosecond),
	"us": uint64(Microsecond),
	"µs": uint64(Microsecond), // U+00B5 micro sign
	"μs": uint64(Microsecond), // U+03BC Greek letter mu
	"ms": uint64(Millisecond),
	"s":  uint64(Second),
	"m":  uint64(Minute),
	"h":  uint64(Hour),
}

// ParseDuration parses a signed sequence of decimal numbers with units,
// such as "300ms", "-1.5h" or "2h45m". Units: ns, us (or µs), ms, s, m, h.
func ParseDuration(s string) (Duration, error) {
	orig := s
	invalid := errors.New("time: invalid duration " + quote(orig))
	var d uint64
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "0" {
		return 0, nil
	}
	if s == "" {
		return 0, invalid
	}
	for s != "" {
		// The integer part, then an optional fraction.
		var v, f uint64
		scale := 1.0
		if !(s[0] == '.' || '0' <= s[0] && s[0] <= '9') {
			return 0, invalid
		}
		pl := len(s)
		i := 0
		for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
			if v > 1<<63/10 {
				return 0, invalid
			}
			v = v*10 + uint64(s[i]-'0')
			if v > 1<<63 {
				return 0, invalid
			}
		}
		s = s[i:]
		pre := pl != len(s)
		post := false
		if s != "" && s[0] == '.' {
			s = s[1:]
			pl := len(s)
			overflow := false
			i := 0
			for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
				if overflow {
					continue
				}
				if f > (1<<63-1)/10 {
					overflow = true
					continue
				}
				y := f*10 + uint64(s[i]-'0')
				if y > 1<<63 {
					overflow = true
					continue
				}
				f = y
				scale *= 10
			}
			s = s[i:]
			post = pl != len(s)
		}
		if !pre && !post {
			return 0, invalid
		}
		// The unit.
		i = 0
		for ; i < len(s); i++ {
			c := s[i]
			if c == '.' || '0' <= c && c <= '9' {
				break
			}
		}
		if i == 0 {
			return 0, errors.New("time: missing unit in duration " + quote(orig))
		}
		u := s[:i]
		s = s[i:]
		unit, ok := unitMap[u]
		if !ok {
			return 0, errors.New("time: unknown unit " + quote(u) + " in duration " + quote(orig))
		}
		if v > 1<<63/unit {
			return 0, invalid
		}
		v *= unit
		if f > 0 {
			v += uint64(float64(f) * (float64(unit) / scale))
			if v > 1<<63 {
				return 0, invalid
			}
		}
		d += v
		if d > 1<<63 {
			return 0, invalid
		}
	}
	if neg {
		return -Duration(d), nil
	}
	if d > 1<<63-1 {
		return 0, invalid
	}
	return Duration(d), nil
}
