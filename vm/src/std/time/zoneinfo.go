package time

import (
	"errors"
	"sync"
)

// A Location is a time zone: its periods (zones) and the instants at
// which it moves from one to another, then a POSIX TZ rule for the
// instants after the last one, as in a TZif file.
type Location struct {
	name   string
	zones  []zone
	tx     []zoneTrans
	extend string
}

type zone struct {
	name   string // abbreviation, e.g. "CET"
	offset int    // seconds east of UTC
	isDST  bool
}

type zoneTrans struct {
	when  int64 // Unix seconds
	index int   // into zones
}

const (
	alpha = -1 << 63  // the start of time
	omega = 1<<63 - 1 // the end of time
)

var utcLoc = Location{name: "UTC"}

// UTC is Coordinated Universal Time.
var UTC *Location = &utcLoc

var localLoc Location
var localOnce sync.Once

// Local is the system's time zone: $TZ if set (a zone name, or a path
// after ':' or '/'), else /etc/localtime, else UTC.
var Local *Location = &localLoc

// getenv and readFile are native: the process environment (as os.Setenv
// leaves it) and a whole file.
func getenv(key string) (string, bool)
func readFile(name string) ([]byte, bool)

// embeddedZone is zone name of the database of package time/tzdata, if
// the program imports it.
func embeddedZone(name string) ([]byte, bool)

func initLocal() {
	tz, ok := getenv("TZ")
	switch {
	case !ok:
		if z, err := loadFrom("localtime", []string{"/etc/"}); err == nil {
			localLoc = *z
			localLoc.name = "Local"
			return
		}
	case tz != "":
		if tz[0] == ':' {
			tz = tz[1:]
		}
		if tz != "" && tz[0] == '/' {
			if z, err := loadFrom(tz, []string{""}); err == nil {
				localLoc = *z
				if tz == "/etc/localtime" {
					localLoc.name = "Local"
				} else {
					localLoc.name = tz
				}
				return
			}
		} else if tz != "" && tz != "UTC" {
			if z, err := loadFrom(tz, zoneSources()); err == nil {
				localLoc = *z
				return
			}
		}
	}
	localLoc = Location{name: "UTC"}
}

func (l *Location) get() *Location {
	if l == nil {
		return &utcLoc
	}
	if l == &localLoc {
		localOnce.Do(initLocal)
	}
	return l
}

// String returns the Location's name ("UTC", "Local", "Europe/Paris").
func (l *Location) String() string {
	return l.get().name
}

// FixedZone returns a Location that is always offset seconds east of
// UTC and calls its zone name.
func FixedZone(name string, offset int) *Location {
	return &Location{
		name:  name,
		zones: []zone{{name, offset, false}},
		tx:    []zoneTrans{{alpha, 0}},
	}
}

func zoneSources() []string {
	dirs := []string{"/usr/share/zoneinfo/", "/usr/share/lib/zoneinfo/", "/usr/lib/locale/TZ/", "/etc/zoneinfo/"}
	if z, ok := getenv("ZONEINFO"); ok && z != "" {
		dirs = append([]string{z + "/"}, dirs...)
	}
	return dirs
}

// LoadLocation returns the Location of a zone of the IANA database
// ("America/New_York"), read from the system's zoneinfo; "" and "UTC"
// give UTC and "Local" gives Local.
func LoadLocation(name string) (*Location, error) {
	if name == "" || name == "UTC" {
		return UTC, nil
	}
	if name == "Local" {
		return Local, nil
	}
	if containsDotDot(name) || name[0] == '/' || name[0] == '\\' {
		return nil, errors.New("time: invalid location name")
	}
	return loadFrom(name, zoneSources())
}

func containsDotDot(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '.' && s[i+1] == '.' {
			return true
		}
	}
	return false
}

func loadFrom(name string, dirs []string) (*Location, error) {
	for _, d := range dirs {
		if data, ok := readFile(d + name); ok {
			if l, ok := parseTZif(name, data); ok {
				return l, nil
			}
		}
	}
	if data, ok := embeddedZone(name); ok {
		if l, ok := parseTZif(name, data); ok {
			return l, nil
		}
	}
	return nil, errors.New("unknown time zone " + name)
}

// LoadLocationFromTZData returns a Location from the contents of a TZif
// file.
func LoadLocationFromTZData(name string, data []byte) (*Location, error) {
	if l, ok := parseTZif(name, data); ok {
		return l, nil
	}
	return nil, errors.New("malformed time zone information")
}

// tzReader reads the big-endian fields of a TZif file.
type tzReader struct {
	b   []byte
	bad bool
}

func (r *tzReader) take(n int) []byte {
	if n < 0 || len(r.b) < n {
		r.bad = true
		r.b = nil
		return make([]byte, n)
	}
	p := r.b[:n]
	r.b = r.b[n:]
	return p
}

func (r *tzReader) u32() uint32 {
	p := r.take(4)
	return uint32(p[0])<<24 | uint32(p[1])<<16 | uint32(p[2])<<8 | uint32(p[3])
}

func (r *tzReader) i64() int64 {
	hi := r.u32()
	lo := r.u32()
	return int64(uint64(hi)<<32 | uint64(lo))
}

// parseTZif reads a TZif file (RFC 8536): its 64-bit body when the file
// has one, and the footer's TZ rule.
func parseTZif(name string, data []byte) (*Location, bool) {
	r := &tzReader{b: data}
	header := func() (int, [6]int) {
		var n [6]int
		if string(r.take(4)) != "TZif" {
			r.bad = true
		}
		version := int(r.take(1)[0])
		r.take(15)
		for i := range n {
			n[i] = int(r.u32())
		}
		return version, n
	}
	const (
		nUTCLocal = iota
		nStdWall
		nLeap
		nTime
		nZone
		nChar
	)
	version, n := header()
	if r.bad {
		return nil, false
	}
	size := 4
	if version >= '2' {
		// Skip the 32-bit body for the 64-bit one after it.
		r.take(n[nTime]*5 + n[nZone]*6 + n[nChar] + n[nLeap]*8 + n[nStdWall] + n[nUTCLocal])
		_, n = header()
		size = 8
	}
	if r.bad || n[nZone] == 0 {
		return nil, false
	}
	when := make([]int64, n[nTime])
	for i := range when {
		if size == 8 {
			when[i] = r.i64()
		} else {
			when[i] = int64(int32(r.u32()))
		}
	}
	index := r.take(n[nTime])
	zinfo := r.take(n[nZone] * 6)
	chars := r.take(n[nChar])
	r.take(n[nLeap]*(size+4) + n[nStdWall] + n[nUTCLocal])
	if r.bad {
		return nil, false
	}
	l := &Location{name: name}
	for i := 0; i < n[nZone]; i++ {
		p := zinfo[i*6:]
		off := int(int32(uint32(p[0])<<24 | uint32(p[1])<<16 | uint32(p[2])<<8 | uint32(p[3])))
		start := int(p[5])
		if start > len(chars) {
			return nil, false
		}
		end := start
		for end < len(chars) && chars[end] != 0 {
			end++
		}
		l.zones = append(l.zones, zone{string(chars[start:end]), off, p[4] != 0})
	}
	for i, w := range when {
		if int(index[i]) >= len(l.zones) {
			return nil, false
		}
		l.tx = append(l.tx, zoneTrans{w, int(index[i])})
	}
	if len(l.tx) == 0 {
		l.tx = append(l.tx, zoneTrans{alpha, 0})
	}
	if version >= '2' && len(r.b) > 2 && r.b[0] == '\n' {
		for i := 1; i < len(r.b); i++ {
			if r.b[i] == '\n' {
				l.extend = string(r.b[1:i])
				break
			}
		}
	}
	return l, true
}

// lookup returns the zone in effect at Unix second sec, and the
// interval [start, end) in which it is.
func (l *Location) lookup(sec int64) (name string, offset int, start int64, end int64, isDST bool) {
	l = l.get()
	if len(l.zones) == 0 {
		return "UTC", 0, alpha, omega, false
	}
	if len(l.tx) == 0 || sec < l.tx[0].when {
		z := &l.zones[l.firstZone()]
		end = omega
		if len(l.tx) > 0 {
			end = l.tx[0].when
		}
		return z.name, z.offset, alpha, end, z.isDST
	}
	// The last transition at or before sec.
	lo, hi := 0, len(l.tx)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if sec < l.tx[m].when {
			hi = m
		} else {
			lo = m
		}
	}
	z := &l.zones[l.tx[lo].index]
	name, offset, start, end, isDST = z.name, z.offset, l.tx[lo].when, omega, z.isDST
	if lo+1 < len(l.tx) {
		end = l.tx[lo+1].when
	} else if l.extend != "" {
		if n, o, s, e, d, ok := tzset(l.extend, start, sec); ok {
			return n, o, s, e, d
		}
	}
	return
}

// firstZone is the zone before the first transition: the first zone if
// no transition uses it, else the first standard-time zone (before the
// first transition's zone, if that one is daylight time).
func (l *Location) firstZone() int {
	used := false
	for _, t := range l.tx {
		if t.index == 0 {
			used = true
		}
	}
	if !used {
		return 0
	}
	if len(l.tx) > 0 && l.zones[l.tx[0].index].isDST {
		for zi := l.tx[0].index - 1; zi >= 0; zi-- {
			if !l.zones[zi].isDST {
				return zi
			}
		}
	}
	for zi := range l.zones {
		if !l.zones[zi].isDST {
			return zi
		}
	}
	return 0
}

// lookupName returns the offset of the zone called name in effect at
// the wall clock unix, or of any zone of that name.
func (l *Location) lookupName(name string, unix int64) (offset int, ok bool) {
	l = l.get()
	for i := range l.zones {
		z := &l.zones[i]
		if z.name == name {
			if n, o, _, _, _ := l.lookup(unix - int64(z.offset)); n == z.name {
				return o, true
			}
		}
	}
	for i := range l.zones {
		if l.zones[i].name == name {
			return l.zones[i].offset, true
		}
	}
	return 0, false
}

// A tzRule is one end of daylight time in a POSIX TZ string: a day
// (Jn: 1-365 ignoring February 29; n: 0-365; Mm.w.d: weekday d of week w
// of month m) and a time of day.
type tzRule struct {
	kind byte // 'J', 'N' or 'M'
	day  int
	week int
	mon  int
	time int // seconds
}

// tzName reads a zone abbreviation: letters, or anything in <>.
func tzName(s string) (string, string, bool) {
	if s == "" {
		return "", "", false
	}
	if s[0] == '<' {
		for i := 1; i < len(s); i++ {
			if s[i] == '>' {
				return s[1:i], s[i+1:], true
			}
		}
		return "", "", false
	}
	i := 0
	for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
		i++
	}
	if i < 3 {
		return "", "", false
	}
	return s[:i], s[i:], true
}

// tzNum reads a decimal number.
func tzNum(s string) (int, string, bool) {
	n, i := 0, 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		n = n*10 + int(s[i]-'0')
		if n > 1000000 {
			return 0, "", false
		}
		i++
	}
	return n, s[i:], i > 0
}

// tzOffset reads [+-]hh[:mm[:ss]] as seconds.
func tzOffset(s string) (int, string, bool) {
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	h, s, ok := tzNum(s)
	if !ok || h > 24*7 {
		return 0, "", false
	}
	off := h * 3600
	for _, mul := range []int{60, 1} {
		if s == "" || s[0] != ':' {
			break
		}
		var v int
		v, s, ok = tzNum(s[1:])
		if !ok || v > 59 {
			return 0, "", false
		}
		off += v * mul
	}
	if neg {
		off = -off
	}
	return off, s, true
}

func tzParseRule(s string) (tzRule, string, bool) {
	var r tzRule
	var ok bool
	switch {
	case s == "":
		return r, "", false
	case s[0] == 'J':
		r.kind = 'J'
		r.day, s, ok = tzNum(s[1:])
		if !ok || r.day < 1 || r.day > 365 {
			return r, "", false
		}
	case s[0] == 'M':
		r.kind = 'M'
		r.mon, s, ok = tzNum(s[1:])
		if !ok || r.mon < 1 || r.mon > 12 || s == "" || s[0] != '.' {
			return r, "", false
		}
		r.week, s, ok = tzNum(s[1:])
		if !ok || r.week < 1 || r.week > 5 || s == "" || s[0] != '.' {
			return r, "", false
		}
		r.day, s, ok = tzNum(s[1:])
		if !ok || r.day > 6 {
			return r, "", false
		}
	default:
		r.kind = 'N'
		r.day, s, ok = tzNum(s)
		if !ok || r.day > 365 {
			return r, "", false
		}
	}
	r.time = 2 * 3600
	if s != "" && s[0] == '/' {
		r.time, s, ok = tzOffset(s[1:])
		if !ok {
			return r, "", false
		}
	}
	return r, s, true
}

// at returns the seconds from the start of year (UTC) at which the rule
// fires, on a clock offset seconds east of UTC.
func (r tzRule) at(year int64, offset int) int64 {
	var day int64
	switch r.kind {
	case 'J':
		day = int64(r.day - 1)
		if isLeap(year) && r.day >= 60 {
			day++
		}
	case 'N':
		day = int64(r.day)
	default:
		first := daysFromCivil(year, int64(r.mon), 1)
		_, wd := floorDiv(first+4, 7) // weekday of the month's first day
		d := (int64(r.day) - wd + 7) % 7
		d += int64(r.week-1) * 7
		for d >= daysIn(Month(r.mon), year) {
			d -= 7
		}
		day = first - daysFromCivil(year, 1, 1) + d
	}
	return day*secondsPerDay + int64(r.time) - int64(offset)
}

// tzset applies the TZ rule s to Unix second sec (not before lastTx, the
// last transition of the table): the zone then and its interval.
func tzset(s string, lastTx int64, sec int64) (name string, offset int, start, end int64, isDST, ok bool) {
	stdName, s, ok := tzName(s)
	if !ok {
		return
	}
	stdOffset, s, ok := tzOffset(s)
	if !ok {
		return
	}
	stdOffset = -stdOffset // POSIX offsets are west of UTC
	if s == "" || s[0] == ',' {
		return stdName, stdOffset, lastTx, omega, false, true
	}
	dstName, s, ok := tzName(s)
	if !ok {
		return
	}
	dstOffset := stdOffset + 3600
	if s != "" && s[0] != ',' {
		dstOffset, s, ok = tzOffset(s)
		if !ok {
			return
		}
		dstOffset = -dstOffset
	}
	if s == "" {
		s = ",M3.2.0,M11.1.0" // the US rule, POSIX's default
	}
	if s[0] != ',' {
		return "", 0, 0, 0, false, false
	}
	startRule, s, ok := tzParseRule(s[1:])
	if !ok || s == "" || s[0] != ',' {
		return "", 0, 0, 0, false, false
	}
	endRule, s, ok := tzParseRule(s[1:])
	if !ok || s != "" {
		return "", 0, 0, 0, false, false
	}
	days, _ := floorDiv(sec, secondsPerDay)
	year, _, _ := civilFromDays(days)
	ystart := daysFromCivil(year, 1, 1) * secondsPerDay
	ysec := sec - ystart
	startSec := startRule.at(year, stdOffset)
	endSec := endRule.at(year, dstOffset)
	dstIsDST, stdIsDST := true, false
	if endSec < startSec {
		// Southern hemisphere: daylight time spans the new year.
		startSec, endSec = endSec, startSec
		stdName, dstName = dstName, stdName
		stdOffset, dstOffset = dstOffset, stdOffset
		stdIsDST, dstIsDST = dstIsDST, stdIsDST
	}
	switch {
	case ysec < startSec:
		return stdName, stdOffset, ystart, startSec + ystart, stdIsDST, true
	case ysec >= endSec:
		return stdName, stdOffset, endSec + ystart, ystart + 365*secondsPerDay, stdIsDST, true
	}
	return dstName, dstOffset, startSec + ystart, endSec + ystart, dstIsDST, true
}
