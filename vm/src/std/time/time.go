// Package time as minigo provides it, written in Go over three natives:
// the clock (now), the sleeping and the timers (on the runtime's timer
// heap). Calendar arithmetic, formatting, parsing and time zones are here
// and in format.go and zoneinfo.go.
//
// A Time is an instant (seconds since January 1, year 1 UTC, and
// nanoseconds), an optional monotonic clock reading, and the Location
// it is shown in (nil means UTC). The zero Time is year 1 in UTC, as in Go.
package time

import "errors"

// Time's layout is known to the natives (std/time/mod.rs, new_time):
// keep the fields and their order in step.
type Time struct {
	sec     int64 // seconds since January 1, year 1 00:00:00 UTC
	nsec    int64 // [0, 999999999]
	mono    int64 // monotonic reading: nanoseconds since the process started
	hasMono bool
	loc     *Location // nil means UTC
}

const (
	// Seconds from January 1, year 1 to the Unix epoch.
	unixToInternal int64 = (1969*365 + 1969/4 - 1969/100 + 1969/400) * secondsPerDay
	internalToUnix int64 = -unixToInternal

	secondsPerMinute = 60
	secondsPerHour   = 60 * secondsPerMinute
	secondsPerDay    = 24 * secondsPerHour
)

type Month int

const (
	January Month = 1 + iota
	February
	March
	April
	May
	June
	July
	August
	September
	October
	November
	December
)

var longMonthNames = []string{
	"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December",
}

var shortMonthNames = []string{
	"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
}

// String returns the English name of the month ("January", ...).
func (m Month) String() string {
	if January <= m && m <= December {
		return longMonthNames[m-1]
	}
	return "%!Month(" + itoa(int64(m)) + ")"
}

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	Wednesday
	Thursday
	Friday
	Saturday
)

var longDayNames = []string{
	"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
}

var shortDayNames = []string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}

// String returns the English name of the day ("Sunday", ...).
func (d Weekday) String() string {
	if Sunday <= d && d <= Saturday {
		return longDayNames[d]
	}
	return "%!Weekday(" + itoa(int64(d)) + ")"
}

func itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	neg := v < 0
	u := uint64(v)
	if neg {
		u = -u
	}
	var b [20]byte
	i := len(b)
	for u > 0 {
		i--
		b[i] = byte('0' + u%10)
		u /= 10
	}
	if neg {
		return "-" + string(b[i:])
	}
	return string(b[i:])
}

// floorDiv returns the quotient and remainder of a/b rounded toward
// minus infinity (b > 0).
func floorDiv(a, b int64) (int64, int64) {
	q, r := a/b, a%b
	if r < 0 {
		q--
		r += b
	}
	return q, r
}

// daysFromCivil returns the days from 1970-01-01 to the given proleptic
// Gregorian date (month 1..12, day from 1; larger days roll over).
func daysFromCivil(y int64, m int64, d int64) int64 {
	if m <= 2 {
		y--
	}
	era, yoe := floorDiv(y, 400)
	mp := (m + 9) % 12 // March = 0
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// civilFromDays is the inverse of daysFromCivil.
func civilFromDays(z int64) (year int64, month int64, day int64) {
	era, doe := floorDiv(z+719468, 146097)
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	day = doy - (153*mp+2)/5 + 1
	month = mp + 3
	if month > 12 {
		month -= 12
	}
	year = yoe + era*400
	if month <= 2 {
		year++
	}
	return
}

func isLeap(year int64) bool {
	return year%4 == 0 && (year%100 != 0 || year%400 == 0)
}

var daysBefore = []int64{0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365}

func daysIn(m Month, year int64) int64 {
	if m == February && isLeap(year) {
		return 29
	}
	return daysBefore[m] - daysBefore[m-1]
}

func (t Time) unixSec() int64 { return t.sec + internalToUnix }

func (t *Time) location() *Location {
	if t.loc == nil {
		return &utcLoc
	}
	return t.loc
}

// local returns the seconds since the Unix epoch on the wall clock of
// t's location, and the zone's name and offset.
func (t Time) local() (int64, string, int) {
	unix := t.unixSec()
	if t.loc == nil || t.loc == &utcLoc {
		return unix, "UTC", 0
	}
	name, offset, _, _, _ := t.loc.lookup(unix)
	return unix + int64(offset), name, offset
}

// civil returns t's date and seconds of the day in its location.
func (t Time) civil() (year int64, month Month, day int64, sod int64, days int64) {
	l, _, _ := t.local()
	days, sod = floorDiv(l, secondsPerDay)
	y, m, d := civilFromDays(days)
	return y, Month(m), d, sod, days
}

// Date returns the year, month and day in which t occurs.
func (t Time) Date() (year int, month Month, day int) {
	y, m, d, _, _ := t.civil()
	return int(y), m, int(d)
}

func (t Time) Year() int {
	y, _, _, _, _ := t.civil()
	return int(y)
}

func (t Time) Month() Month {
	_, m, _, _, _ := t.civil()
	return m
}

func (t Time) Day() int {
	_, _, d, _, _ := t.civil()
	return int(d)
}

func (t Time) Weekday() Weekday {
	_, _, _, _, days := t.civil()
	_, wd := floorDiv(days+4, 7) // 1970-01-01 was a Thursday
	return Weekday(wd)
}

// YearDay returns the day of the year, in [1, 365] or [1, 366].
func (t Time) YearDay() int {
	y, _, _, _, days := t.civil()
	return int(days - daysFromCivil(y, 1, 1) + 1)
}

// ISOWeek returns the ISO 8601 year and week number: weeks start on
// Monday, and week 1 is the one holding the year's first Thursday.
func (t Time) ISOWeek() (year, week int) {
	_, _, _, _, days := t.civil()
	_, wd := floorDiv(days+3, 7) // Monday = 0
	thursday := days - wd + 3
	y, _, _ := civilFromDays(thursday)
	return int(y), int((thursday-daysFromCivil(y, 1, 1))/7 + 1)
}

// Clock returns the hour, minute and second within the day of t.
func (t Time) Clock() (hour, min, sec int) {
	_, _, _, sod, _ := t.civil()
	return int(sod / 3600), int(sod % 3600 / 60), int(sod % 60)
}

func (t Time) Hour() int {
	_, _, _, sod, _ := t.civil()
	return int(sod / 3600)
}

func (t Time) Minute() int {
	_, _, _, sod, _ := t.civil()
	return int(sod % 3600 / 60)
}

func (t Time) Second() int {
	_, _, _, sod, _ := t.civil()
	return int(sod % 60)
}

func (t Time) Nanosecond() int { return int(t.nsec) }

// Location returns t's time zone.
func (t Time) Location() *Location {
	l := t.loc
	if l == nil {
		l = UTC
	}
	return l
}

// Zone returns the abbreviation and the offset east of UTC in seconds of
// the zone in effect at t.
func (t Time) Zone() (name string, offset int) {
	_, name, offset = t.local()
	return
}

// ZoneBounds returns the bounds of the zone in effect at t (zero Times
// for an unbounded side).
func (t Time) ZoneBounds() (start, end Time) {
	loc := t.location()
	_, _, s, e, _ := loc.lookup(t.unixSec())
	if s != alpha {
		start = unixTime(s, 0).In(loc)
	}
	if e != omega {
		end = unixTime(e, 0).In(loc)
	}
	return
}

// IsDST reports whether daylight saving time is in effect at t.
func (t Time) IsDST() bool {
	_, _, _, _, dst := t.location().lookup(t.unixSec())
	return dst
}

func (t Time) IsZero() bool { return t.sec == 0 && t.nsec == 0 }

func (t Time) Unix() int64 { return t.unixSec() }

func (t Time) UnixMilli() int64 { return t.unixSec()*1e3 + t.nsec/1e6 }

func (t Time) UnixMicro() int64 { return t.unixSec()*1e6 + t.nsec/1e3 }

func (t Time) UnixNano() int64 { return t.unixSec()*1e9 + t.nsec }

func (t Time) After(u Time) bool {
	if t.hasMono && u.hasMono {
		return t.mono > u.mono
	}
	return t.sec > u.sec || t.sec == u.sec && t.nsec > u.nsec
}

func (t Time) Before(u Time) bool {
	if t.hasMono && u.hasMono {
		return t.mono < u.mono
	}
	return t.sec < u.sec || t.sec == u.sec && t.nsec < u.nsec
}

// Compare returns -1, 0 or +1 as t is before, equal to or after u.
func (t Time) Compare(u Time) int {
	if t.Before(u) {
		return -1
	}
	if t.After(u) {
		return 1
	}
	return 0
}

// Equal reports whether t and u are the same instant (in any zones).
func (t Time) Equal(u Time) bool {
	if t.hasMono && u.hasMono {
		return t.mono == u.mono
	}
	return t.sec == u.sec && t.nsec == u.nsec
}

func (t Time) Add(d Duration) Time {
	dsec := int64(d / 1e9)
	nsec := t.nsec + int64(d%1e9)
	if nsec >= 1e9 {
		dsec++
		nsec -= 1e9
	} else if nsec < 0 {
		dsec--
		nsec += 1e9
	}
	t.sec += dsec
	t.nsec = nsec
	if t.hasMono {
		m := t.mono + int64(d)
		if d < 0 && m > t.mono || d > 0 && m < t.mono {
			t.hasMono, t.mono = false, 0
		} else {
			t.mono = m
		}
	}
	return t
}

const (
	minDuration Duration = -1 << 63
	maxDuration Duration = 1<<63 - 1
)

// Sub returns t-u, saturated at the Duration range.
func (t Time) Sub(u Time) Duration {
	if t.hasMono && u.hasMono {
		d := Duration(t.mono - u.mono)
		if t.mono >= u.mono && d < 0 {
			return maxDuration
		}
		if t.mono < u.mono && d > 0 {
			return minDuration
		}
		return d
	}
	d := Duration(t.sec-u.sec)*Second + Duration(t.nsec-u.nsec)
	if u.Add(d).Equal(t) {
		return d
	}
	if t.Before(u) {
		return minDuration
	}
	return maxDuration
}

// AddDate adds years, months and days to t's date, normalizing as Date
// does (October 31 plus one month is December 1).
func (t Time) AddDate(years int, months int, days int) Time {
	year, month, day := t.Date()
	hour, min, sec := t.Clock()
	return Date(year+years, month+Month(months), day+days, hour, min, sec, int(t.nsec), t.Location())
}

func (t Time) stripMono() Time {
	t.hasMono, t.mono = false, 0
	return t
}

func (t Time) setLoc(loc *Location) Time {
	if loc == &utcLoc {
		loc = nil
	}
	t = t.stripMono()
	t.loc = loc
	return t
}

func (t Time) UTC() Time { return t.setLoc(&utcLoc) }

func (t Time) Local() Time { return t.setLoc(Local) }

// In returns t shown in loc; it panics if loc is nil.
func (t Time) In(loc *Location) Time {
	if loc == nil {
		panic("time: missing Location in call to Time.In")
	}
	return t.setLoc(loc)
}

// Round returns t rounded to a multiple of d since the zero time
// (halfway rounds up), without its monotonic reading.
func (t Time) Round(d Duration) Time {
	t = t.stripMono()
	if d <= 0 {
		return t
	}
	r := t.mod(d)
	if r+r < d {
		return t.Add(-r)
	}
	return t.Add(d - r)
}

// Truncate returns t rounded down to a multiple of d since the zero time.
func (t Time) Truncate(d Duration) Time {
	t = t.stripMono()
	if d <= 0 {
		return t
	}
	return t.Add(-t.mod(d))
}

// mod returns the time since the zero time modulo d, without overflow:
// (sec*1e9 + nsec) mod d with the product reduced step by step.
func (t Time) mod(d Duration) Duration {
	m := uint64(d)
	sec := uint64(t.sec)
	neg := t.sec < 0
	if neg {
		sec = -sec
	}
	// (a*b) mod m by doubling; every value stays below m < 2^63.
	a, b, p := sec%m, uint64(1e9)%m, uint64(0)
	for b > 0 {
		if b&1 == 1 {
			p = (p + a) % m
		}
		a = (a + a) % m
		b >>= 1
	}
	if neg && p != 0 {
		p = m - p
	}
	return Duration((p + uint64(t.nsec)) % m)
}

// now is native: the wall clock (Unix seconds and nanoseconds) and the
// monotonic clock (nanoseconds since the process started).
func now() (sec int64, nsec int64, mono int64)

// Now returns the current local time, with a monotonic clock reading.
func Now() Time {
	sec, nsec, mono := now()
	return Time{sec + unixToInternal, nsec, mono, true, Local}
}

func unixTime(sec int64, nsec int64) Time {
	return Time{sec + unixToInternal, nsec, 0, false, Local}
}

// Unix returns the local Time of sec seconds and nsec nanoseconds since
// January 1, 1970 UTC; nsec may be outside [0, 999999999].
func Unix(sec int64, nsec int64) Time {
	if nsec < 0 || nsec >= 1e9 {
		n := nsec / 1e9
		sec += n
		nsec -= n * 1e9
		if nsec < 0 {
			nsec += 1e9
			sec--
		}
	}
	return unixTime(sec, nsec)
}

func UnixMilli(msec int64) Time { return Unix(msec/1e3, (msec%1e3)*1e6) }

func UnixMicro(usec int64) Time { return Unix(usec/1e6, (usec%1e6)*1e3) }

// Date returns the Time of the given wall clock in loc. Values outside
// their usual ranges are normalized (October 32 is November 1); a wall
// clock that a zone transition skips or repeats gets one of the two
// instants, as in Go.
func Date(year int, month Month, day, hour, min, sec, nsec int, loc *Location) Time {
	if loc == nil {
		panic("time: missing Location in call to Date")
	}
	m := int64(month) - 1
	y := int64(year)
	q, r := floorDiv(m, 12)
	y += q
	m = r + 1
	s := int64(sec)
	ns := int64(nsec)
	q, ns = floorDiv(ns, 1e9)
	s += q
	days := daysFromCivil(y, m, 1) + int64(day) - 1
	unix := days*secondsPerDay + int64(hour)*secondsPerHour + int64(min)*secondsPerMinute + s
	// The offset in effect at the wall clock read as UTC, corrected once
	// if the instant it gives lies in another zone period.
	_, offset, start, end, _ := loc.lookup(unix)
	if offset != 0 {
		utc := unix - int64(offset)
		if utc < start || utc >= end {
			_, offset, _, _, _ = loc.lookup(utc)
		}
		unix -= int64(offset)
	}
	return Time{unix + unixToInternal, ns, 0, false, nil}.setLoc(loc)
}

// Since returns the time elapsed since t.
func Since(t Time) Duration {
	if t.hasMono {
		_, _, mono := now()
		return Duration(mono - t.mono)
	}
	return Now().Sub(t)
}

// Until returns the duration until t.
func Until(t Time) Duration {
	if t.hasMono {
		_, _, mono := now()
		return Duration(t.mono - mono)
	}
	return t.Sub(Now())
}

// String formats t as "2006-01-02 15:04:05.999999999 -0700 MST", then the
// monotonic reading as " m=±seconds" if t has one.
func (t Time) String() string {
	s := t.Format("2006-01-02 15:04:05.999999999 -0700 MST")
	if !t.hasMono {
		return s
	}
	m := uint64(t.mono)
	sign := "+"
	if t.mono < 0 {
		sign = "-"
		m = -m
	}
	frac := itoa(int64(m % 1e9))
	for len(frac) < 9 {
		frac = "0" + frac
	}
	return s + " m=" + sign + itoa(int64(m/1e9)) + "." + frac
}

// GoString formats t as Go syntax for fmt's %#v.
func (t Time) GoString() string {
	y, mo, d := t.Date()
	h, mi, s := t.Clock()
	out := "time.Date(" + itoa(int64(y)) + ", time." + mo.String() + ", " + itoa(int64(d)) + ", " +
		itoa(int64(h)) + ", " + itoa(int64(mi)) + ", " + itoa(int64(s)) + ", " + itoa(t.nsec) + ", "
	switch loc := t.Location(); loc {
	case UTC:
		out += "time.UTC"
	case Local:
		out += "time.Local"
	default:
		out += "time.Location(" + quote(loc.name) + ")"
	}
	return out + ")"
}

// MarshalText formats t as RFC 3339 with nanoseconds.
func (t Time) MarshalText() ([]byte, error) {
	return t.appendRFC3339Strict(make([]byte, 0, len(RFC3339Nano)), "Time.MarshalText: ")
}

// AppendText appends t formatted as RFC 3339 with nanoseconds to b.
func (t Time) AppendText(b []byte) ([]byte, error) {
	return t.appendRFC3339Strict(b, "Time.AppendText: ")
}

// appendRFC3339Strict: RFC 3339 refuses years outside [0,9999] and zone
// offsets of 24 hours or more.
func (t Time) appendRFC3339Strict(b []byte, prefix string) ([]byte, error) {
	if y := t.Year(); y < 0 || y > 9999 {
		return nil, errors.New(prefix + "year outside of range [0,9999]")
	}
	if _, off := t.Zone(); off <= -24*3600 || off >= 24*3600 {
		return nil, errors.New(prefix + "timezone hour outside of range [0,23]")
	}
	return t.AppendFormat(b, RFC3339Nano), nil
}

// The binary encoding's versions: 1 for offsets in whole minutes, 2 with
// a byte of seconds more (local mean times).
const (
	binaryV1 byte = 1
	binaryV2 byte = 2
)

// AppendBinary appends the binary encoding of t to b: the version, the
// seconds since year 1 (8 bytes, big endian), the nanoseconds (4), the
// zone offset in minutes (2; -1 for UTC) and, in version 2, the offset's
// remaining seconds.
func (t Time) AppendBinary(b []byte) ([]byte, error) {
	version := binaryV1
	offMin := -1
	offSec := 0
	if t.Location() != UTC {
		_, off := t.Zone()
		if off%60 != 0 {
			version = binaryV2
			offSec = off % 60
		}
		off /= 60
		if off < -32768 || off == -1 || off > 32767 {
			return b, errors.New("Time.MarshalBinary: unexpected zone offset")
		}
		offMin = off
	}
	s, ns := t.sec, t.nsec
	b = append(b, version,
		byte(s>>56), byte(s>>48), byte(s>>40), byte(s>>32),
		byte(s>>24), byte(s>>16), byte(s>>8), byte(s),
		byte(ns>>24), byte(ns>>16), byte(ns>>8), byte(ns),
		byte(offMin>>8), byte(offMin))
	if version == binaryV2 {
		b = append(b, byte(offSec))
	}
	return b, nil
}

// MarshalBinary returns the binary encoding of t (see AppendBinary).
func (t Time) MarshalBinary() ([]byte, error) {
	b, err := t.AppendBinary(make([]byte, 0, 16))
	if err != nil {
		return nil, err
	}
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary made: UTC, Local when the
// offset is Local's at that instant, else a FixedZone without a name.
func (t *Time) UnmarshalBinary(data []byte) error {
	if len(data) == 0 {
		return errors.New("Time.UnmarshalBinary: no data")
	}
	version := data[0]
	if version != binaryV1 && version != binaryV2 {
		return errors.New("Time.UnmarshalBinary: unsupported version")
	}
	want := 15
	if version == binaryV2 {
		want = 16
	}
	if len(data) != want {
		return errors.New("Time.UnmarshalBinary: invalid length")
	}
	var s int64
	for _, c := range data[1:9] {
		s = s<<8 | int64(c)
	}
	ns := int32(data[9])<<24 | int32(data[10])<<16 | int32(data[11])<<8 | int32(data[12])
	off := int(int16(data[13])<<8|int16(data[14])) * 60
	if version == binaryV2 {
		off += int(int8(data[15]))
	}
	*t = Time{sec: s, nsec: int64(ns)}
	if off == -60 {
		t.loc = nil
	} else if _, local, _, _, _ := Local.lookup(t.unixSec()); off == local {
		t.loc = Local
	} else {
		t.loc = FixedZone("", off)
	}
	return nil
}

// GobEncode is MarshalBinary (gob's interface).
func (t Time) GobEncode() ([]byte, error) { return t.MarshalBinary() }

// GobDecode is UnmarshalBinary (gob's interface).
func (t *Time) GobDecode(data []byte) error { return t.UnmarshalBinary(data) }

// UnmarshalText parses an RFC 3339 time.
func (t *Time) UnmarshalText(data []byte) error {
	u, err := Parse(RFC3339, string(data))
	if err == nil {
		*t = u
	}
	return err
}

// MarshalJSON formats t as a quoted RFC 3339 time.
func (t Time) MarshalJSON() ([]byte, error) {
	if y := t.Year(); y < 0 || y > 9999 {
		return nil, errors.New("Time.MarshalJSON: year outside of range [0,9999]")
	}
	return []byte("\"" + t.Format(RFC3339Nano) + "\""), nil
}

// UnmarshalJSON parses a quoted RFC 3339 time; null leaves t alone.
func (t *Time) UnmarshalJSON(data []byte) error {
	s := string(data)
	if s == "null" {
		return nil
	}
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return errors.New("Time.UnmarshalJSON: input is not a JSON string")
	}
	u, err := Parse(RFC3339, s[1:len(s)-1])
	if err == nil {
		*t = u
	}
	return err
}

func Sleep(d Duration)

// Native timers: startTimer arms a timer that sends the current Time
// (shown in loc, which must stay reachable: it is &localLoc) on c after d
// (then every period if period > 0) and returns its id; stopTimer
// disarms it and reports whether it was still pending; resetTimer
// re-arms it.
func startTimer(c chan Time, d Duration, period Duration, loc *Location) int64
func stopTimer(id int64) bool
func resetTimer(id int64, d Duration, period Duration) bool

type Timer struct {
	C  <-chan Time
	id int64
	// AfterFunc's: the function, and the channel that anchors its native
	// timer (never sent on; C stays nil, as in Go).
	f  func()
	fc chan Time
}

func NewTimer(d Duration) *Timer {
	c := make(chan Time, 1)
	return &Timer{C: c, id: startTimer(c, d, 0, &localLoc)}
}

func (t *Timer) Stop() bool {
	if t.id == 0 {
		panic("time: Stop called on uninitialized Timer")
	}
	return stopTimer(t.id)
}

func (t *Timer) Reset(d Duration) bool {
	if t.id == 0 {
		panic("time: Reset called on uninitialized Timer")
	}
	return resetTimer(t.id, d, 0)
}

func After(d Duration) <-chan Time { return NewTimer(d).C }

// AfterFunc runs f in its own goroutine after d; as in Go, that goroutine
// is started when the timer fires.
func AfterFunc(d Duration, f func()) *Timer {
	c := make(chan Time, 1)
	t := &Timer{f: f, fc: c}
	t.id = startFuncTimer(c, f, d)
	return t
}

// startFuncTimer arms AfterFunc's native timer, anchored to c.
func startFuncTimer(c chan Time, f func(), d Duration) int64

type Ticker struct {
	C  <-chan Time
	id int64
}

func NewTicker(d Duration) *Ticker {
	if d <= 0 {
		panic("non-positive interval for NewTicker")
	}
	c := make(chan Time, 1)
	return &Ticker{C: c, id: startTimer(c, d, d, &localLoc)}
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
