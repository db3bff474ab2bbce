package time

// Layouts are written in the reference time, Mon Jan 2 15:04:05 MST 2006:
// each element of it that appears in a layout stands for that element
// of the time being formatted or parsed.
const (
	Layout      = "01/02 03:04:05PM '06 -0700"
	ANSIC       = "Mon Jan _2 15:04:05 2006"
	UnixDate    = "Mon Jan _2 15:04:05 MST 2006"
	RubyDate    = "Mon Jan 02 15:04:05 -0700 2006"
	RFC822      = "02 Jan 06 15:04 MST"
	RFC822Z     = "02 Jan 06 15:04 -0700"
	RFC850      = "Monday, 02-Jan-06 15:04:05 MST"
	RFC1123     = "Mon, 02 Jan 2006 15:04:05 MST"
	RFC1123Z    = "Mon, 02 Jan 2006 15:04:05 -0700"
	RFC3339     = "2006-01-02T15:04:05Z07:00"
	RFC3339Nano = "2006-01-02T15:04:05.999999999Z07:00"
	Kitchen     = "3:04PM"
	Stamp       = "Jan _2 15:04:05"
	StampMilli  = "Jan _2 15:04:05.000"
	StampMicro  = "Jan _2 15:04:05.000000"
	StampNano   = "Jan _2 15:04:05.000000000"
	DateTime    = "2006-01-02 15:04:05"
	DateOnly    = "2006-01-02"
	TimeOnly    = "15:04:05"
)

// The elements of a layout.
const (
	stdNone = iota
	stdLongMonth
	stdMonth
	stdNumMonth
	stdZeroMonth
	stdLongWeekDay
	stdWeekDay
	stdDay
	stdUnderDay
	stdZeroDay
	stdUnderYearDay
	stdZeroYearDay
	stdHour
	stdHour12
	stdZeroHour12
	stdMinute
	stdZeroMinute
	stdSecond
	stdZeroSecond
	stdLongYear
	stdYear
	stdPM
	stdpm
	stdTZ
	stdISO8601TZ
	stdISO8601SecondsTZ
	stdISO8601ShortTZ
	stdISO8601ColonTZ
	stdISO8601ColonSecondsTZ
	stdNumTZ
	stdNumSecondsTz
	stdNumShortTZ
	stdNumColonTZ
	stdNumColonSecondsTZ
	stdFracSecond0 // ".000": exactly that many digits
	stdFracSecond9 // ".999": trailing zeros cut
)

// chunk is one element of a layout: the literal text before it, the
// element, its text in the layout, and for a fraction its digit count
// and separator.
type chunk struct {
	prefix string
	std    int
	text   string
	digits int
	sep    byte
	rest   string
}

func startsWithLower(s string) bool {
	return s != "" && 'a' <= s[0] && s[0] <= 'z'
}

func isDigitAt(s string, i int) bool {
	return i < len(s) && '0' <= s[i] && s[i] <= '9'
}

// nextChunk splits layout at its first element.
func nextChunk(layout string) chunk {
	for i := 0; i < len(layout); i++ {
		rest := layout[i:]
		has := func(p string) bool { return len(rest) >= len(p) && rest[:len(p)] == p }
		found := func(std int, n int) chunk {
			return chunk{prefix: layout[:i], std: std, text: rest[:n], rest: rest[n:]}
		}
		switch c := layout[i]; c {
		case 'J':
			if has("Jan") {
				if has("January") {
					return found(stdLongMonth, 7)
				}
				if !startsWithLower(rest[3:]) {
					return found(stdMonth, 3)
				}
			}
		case 'M':
			if has("Mon") {
				if has("Monday") {
					return found(stdLongWeekDay, 6)
				}
				if !startsWithLower(rest[3:]) {
					return found(stdWeekDay, 3)
				}
			}
			if has("MST") {
				return found(stdTZ, 3)
			}
		case '0':
			if len(rest) >= 2 && '1' <= rest[1] && rest[1] <= '6' {
				return found([]int{stdZeroMonth, stdZeroDay, stdZeroHour12, stdZeroMinute, stdZeroSecond, stdYear}[rest[1]-'1'], 2)
			}
			if has("002") {
				return found(stdZeroYearDay, 3)
			}
		case '1':
			if has("15") {
				return found(stdHour, 2)
			}
			return found(stdNumMonth, 1)
		case '2':
			if has("2006") {
				return found(stdLongYear, 4)
			}
			return found(stdDay, 1)
		case '_':
			if has("_2") {
				// "_2006" is a literal underscore and then the year.
				if has("_2006") {
					return chunk{prefix: layout[:i+1], std: stdLongYear, text: "2006", rest: rest[5:]}
				}
				return found(stdUnderDay, 2)
			}
			if has("__2") {
				return found(stdUnderYearDay, 3)
			}
		case '3':
			return found(stdHour12, 1)
		case '4':
			return found(stdMinute, 1)
		case '5':
			return found(stdSecond, 1)
		case 'P':
			if has("PM") {
				return found(stdPM, 2)
			}
		case 'p':
			if has("pm") {
				return found(stdpm, 2)
			}
		case '-':
			switch {
			case has("-070000"):
				return found(stdNumSecondsTz, 7)
			case has("-07:00:00"):
				return found(stdNumColonSecondsTZ, 9)
			case has("-0700"):
				return found(stdNumTZ, 5)
			case has("-07:00"):
				return found(stdNumColonTZ, 6)
			case has("-07"):
				return found(stdNumShortTZ, 3)
			}
		case 'Z':
			switch {
			case has("Z070000"):
				return found(stdISO8601SecondsTZ, 7)
			case has("Z07:00:00"):
				return found(stdISO8601ColonSecondsTZ, 9)
			case has("Z0700"):
				return found(stdISO8601TZ, 5)
			case has("Z07:00"):
				return found(stdISO8601ColonTZ, 6)
			case has("Z07"):
				return found(stdISO8601ShortTZ, 3)
			}
		case '.', ',':
			if len(rest) >= 2 && (rest[1] == '0' || rest[1] == '9') {
				d := rest[1]
				j := 1
				for j < len(rest) && rest[j] == d {
					j++
				}
				if !isDigitAt(rest, j) {
					std := stdFracSecond0
					if d == '9' {
						std = stdFracSecond9
					}
					ch := found(std, j)
					ch.digits = j - 1
					ch.sep = c
					return ch
				}
			}
		}
	}
	return chunk{prefix: layout}
}

// appendInt appends x in decimal, zero-padded to width digits.
func appendInt(b []byte, x int, width int) []byte {
	u := uint(x)
	if x < 0 {
		b = append(b, '-')
		u = uint(-x)
	}
	var buf [20]byte
	i := len(buf)
	for u >= 10 {
		i--
		buf[i] = byte('0' + u%10)
		u /= 10
	}
	i--
	buf[i] = byte('0' + u)
	for w := len(buf) - i; w < width; w++ {
		b = append(b, '0')
	}
	return append(b, buf[i:]...)
}

// appendFrac appends the fraction nsec with digits digits after sep;
// trim cuts trailing zeros (and the separator if nothing is left).
func appendFrac(b []byte, nsec int, digits int, sep byte, trim bool) []byte {
	if digits > 9 {
		digits = 9
	}
	var buf [9]byte
	for i := 8; i >= 0; i-- {
		buf[i] = byte('0' + nsec%10)
		nsec /= 10
	}
	n := digits
	if trim {
		for n > 0 && buf[n-1] == '0' {
			n--
		}
		if n == 0 {
			return b
		}
	}
	b = append(b, sep)
	return append(b, buf[:n]...)
}

// Format returns t written in layout (see the layout constants).
func (t Time) Format(layout string) string {
	return string(t.AppendFormat(nil, layout))
}

// AppendFormat is Format, appending to b.
func (t Time) AppendFormat(b []byte, layout string) []byte {
	l, name, offset := t.local()
	days, sod := floorDiv(l, secondsPerDay)
	y64, m64, d64 := civilFromDays(days)
	year, month, day := int(y64), Month(m64), int(d64)
	hour, min, sec := int(sod/3600), int(sod%3600/60), int(sod%60)
	yday := int(days-daysFromCivil(y64, 1, 1)) + 1
	_, wd := floorDiv(days+4, 7)
	for layout != "" {
		ch := nextChunk(layout)
		b = append(b, ch.prefix...)
		if ch.std == stdNone {
			break
		}
		layout = ch.rest
		switch ch.std {
		case stdYear:
			y := year % 100
			if y < 0 {
				y = -y
			}
			b = appendInt(b, y, 2)
		case stdLongYear:
			b = appendInt(b, year, 4)
		case stdMonth:
			b = append(b, shortMonthNames[month-1]...)
		case stdLongMonth:
			b = append(b, longMonthNames[month-1]...)
		case stdNumMonth:
			b = appendInt(b, int(month), 0)
		case stdZeroMonth:
			b = appendInt(b, int(month), 2)
		case stdWeekDay:
			b = append(b, shortDayNames[wd]...)
		case stdLongWeekDay:
			b = append(b, longDayNames[wd]...)
		case stdDay:
			b = appendInt(b, day, 0)
		case stdUnderDay:
			if day < 10 {
				b = append(b, ' ')
			}
			b = appendInt(b, day, 0)
		case stdZeroDay:
			b = appendInt(b, day, 2)
		case stdUnderYearDay:
			if yday < 100 {
				b = append(b, ' ')
				if yday < 10 {
					b = append(b, ' ')
				}
			}
			b = appendInt(b, yday, 0)
		case stdZeroYearDay:
			b = appendInt(b, yday, 3)
		case stdHour:
			b = appendInt(b, hour, 2)
		case stdHour12:
			hr := hour % 12
			if hr == 0 {
				hr = 12
			}
			b = appendInt(b, hr, 0)
		case stdZeroHour12:
			hr := hour % 12
			if hr == 0 {
				hr = 12
			}
			b = appendInt(b, hr, 2)
		case stdMinute:
			b = appendInt(b, min, 0)
		case stdZeroMinute:
			b = appendInt(b, min, 2)
		case stdSecond:
			b = appendInt(b, sec, 0)
		case stdZeroSecond:
			b = appendInt(b, sec, 2)
		case stdPM:
			if hour >= 12 {
				b = append(b, "PM"...)
			} else {
				b = append(b, "AM"...)
			}
		case stdpm:
			if hour >= 12 {
				b = append(b, "pm"...)
			} else {
				b = append(b, "am"...)
			}
		case stdISO8601TZ, stdISO8601ColonTZ, stdISO8601SecondsTZ, stdISO8601ShortTZ, stdISO8601ColonSecondsTZ,
			stdNumTZ, stdNumColonTZ, stdNumSecondsTz, stdNumShortTZ, stdNumColonSecondsTZ:
			iso := ch.std >= stdISO8601TZ && ch.std <= stdISO8601ColonSecondsTZ
			if offset == 0 && iso {
				b = append(b, 'Z')
				break
			}
			zone := offset / 60
			abs := offset
			if zone < 0 {
				b = append(b, '-')
				zone = -zone
				abs = -abs
			} else {
				b = append(b, '+')
			}
			b = appendInt(b, zone/60, 2)
			colon := ch.std == stdISO8601ColonTZ || ch.std == stdNumColonTZ ||
				ch.std == stdISO8601ColonSecondsTZ || ch.std == stdNumColonSecondsTZ
			if colon {
				b = append(b, ':')
			}
			if ch.std != stdNumShortTZ && ch.std != stdISO8601ShortTZ {
				b = appendInt(b, zone%60, 2)
			}
			if ch.std == stdISO8601SecondsTZ || ch.std == stdNumSecondsTz ||
				ch.std == stdNumColonSecondsTZ || ch.std == stdISO8601ColonSecondsTZ {
				if colon {
					b = append(b, ':')
				}
				b = appendInt(b, abs%60, 2)
			}
		case stdTZ:
			if name != "" {
				b = append(b, name...)
				break
			}
			// A zone without a name is written as its offset, -0700.
			zone := offset / 60
			if zone < 0 {
				b = append(b, '-')
				zone = -zone
			} else {
				b = append(b, '+')
			}
			b = appendInt(b, zone/60, 2)
			b = appendInt(b, zone%60, 2)
		case stdFracSecond0:
			b = appendFrac(b, int(t.nsec), ch.digits, ch.sep, false)
		case stdFracSecond9:
			b = appendFrac(b, int(t.nsec), ch.digits, ch.sep, true)
		}
	}
	return b
}

// A ParseError describes a problem parsing a time string.
type ParseError struct {
	Layout     string
	Value      string
	LayoutElem string
	ValueElem  string
	Message    string
}

// quote is strconv.Quote for ASCII; other bytes are written as \x escapes.
func quote(s string) string {
	const hex = "0123456789abcdef"
	b := []byte{'"'}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || c < ' ' {
			b = append(b, '\\', 'x', hex[c>>4], hex[c&0xf])
			continue
		}
		if c == '"' || c == '\\' {
			b = append(b, '\\')
		}
		b = append(b, c)
	}
	return string(append(b, '"'))
}

func (e *ParseError) Error() string {
	if e.Message == "" {
		return "parsing time " + quote(e.Value) + " as " + quote(e.Layout) +
			": cannot parse " + quote(e.ValueElem) + " as " + quote(e.LayoutElem)
	}
	return "parsing time " + quote(e.Value) + e.Message
}

// skip consumes the layout's literal text prefix from value; a space in
// the layout matches any run of spaces.
func skip(value, prefix string) (string, bool) {
	for prefix != "" {
		if prefix[0] == ' ' {
			if value != "" && value[0] != ' ' {
				return value, false
			}
			for prefix != "" && prefix[0] == ' ' {
				prefix = prefix[1:]
			}
			for value != "" && value[0] == ' ' {
				value = value[1:]
			}
			continue
		}
		if value == "" || value[0] != prefix[0] {
			return value, false
		}
		prefix, value = prefix[1:], value[1:]
	}
	return value, true
}

// getnum reads a one- or two-digit number (exactly two if fixed).
func getnum(s string, fixed bool) (int, string, bool) {
	if !isDigitAt(s, 0) {
		return 0, s, false
	}
	if !isDigitAt(s, 1) {
		if fixed {
			return 0, s, false
		}
		return int(s[0] - '0'), s[1:], true
	}
	return int(s[0]-'0')*10 + int(s[1]-'0'), s[2:], true
}

// getnum3 reads a number of one to three digits (exactly three if fixed).
func getnum3(s string, fixed bool) (int, string, bool) {
	n, i := 0, 0
	for ; i < 3 && isDigitAt(s, i); i++ {
		n = n*10 + int(s[i]-'0')
	}
	if i == 0 || fixed && i != 3 {
		return 0, s, false
	}
	return n, s[i:], true
}

// lookupName matches a month or day name at the start of val, ignoring
// ASCII case.
func lookupName(names []string, val string) (int, string, bool) {
	for i, n := range names {
		if len(val) >= len(n) && equalFold(val[:len(n)], n) {
			return i, val[len(n):], true
		}
	}
	return -1, val, false
}

func equalFold(a, b string) bool {
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// parseFrac reads a separator and n-1 digits as nanoseconds.
func parseFrac(value string, n int) (int, string, bool) {
	if value[0] != '.' && value[0] != ',' {
		return 0, "", false
	}
	if n > 10 {
		value = value[:10]
		n = 10
	}
	ns := 0
	for i := 1; i < n; i++ {
		if !isDigitAt(value, i) {
			return 0, "", false
		}
		ns = ns*10 + int(value[i]-'0')
	}
	for i := n; i < 10; i++ {
		ns *= 10
	}
	return ns, "", true
}

// zoneNameLen returns the length of the time zone abbreviation at the
// start of value: three to five upper-case letters (a four- or five-letter
// one must end in T), GMT with an offset, ChST/MeST, or a numeric +hh.
func zoneNameLen(value string) (int, bool) {
	if len(value) < 3 {
		return 0, false
	}
	if len(value) >= 4 && (value[:4] == "ChST" || value[:4] == "MeST") {
		return 4, true
	}
	if value[:3] == "GMT" {
		return 3 + signedOffsetLen(value[3:]), true
	}
	if value[0] == '+' || value[0] == '-' {
		n := signedOffsetLen(value)
		return n, n > 0
	}
	n := 0
	for n < 6 && n < len(value) && 'A' <= value[n] && value[n] <= 'Z' {
		n++
	}
	switch n {
	case 3:
		return 3, true
	case 4:
		if value[3] == 'T' || value[:4] == "WITA" {
			return 4, true
		}
	case 5:
		if value[4] == 'T' {
			return 5, true
		}
	}
	return 0, false
}

// signedOffsetLen returns the length of a "+h" or "-hh" hour offset at the
// start of value (within ±23), or 0.
func signedOffsetLen(value string) int {
	if len(value) < 2 || value[0] != '+' && value[0] != '-' {
		return 0
	}
	n, i := 0, 1
	for ; i < len(value) && i < 3 && isDigitAt(value, i); i++ {
		n = n*10 + int(value[i]-'0')
	}
	if i == 1 || n > 23 {
		return 0
	}
	return i
}

// Parse parses value, written in layout, into a Time. Without a zone in
// value the result is UTC; an offset that matches the local zone gives a
// local Time, another a fixed zone.
func Parse(layout, value string) (Time, error) {
	return parse(layout, value, UTC, Local)
}

// ParseInLocation is Parse with loc for a value without a zone, and for
// interpreting a zone abbreviation.
func ParseInLocation(layout, value string, loc *Location) (Time, error) {
	return parse(layout, value, loc, loc)
}

func parse(layout, value string, defaultLoc, local *Location) (Time, error) {
	alayout, avalue := layout, value
	rangeErr := ""
	amSet, pmSet := false, false
	var (
		year       int
		month      int = -1
		day        int = -1
		yday       int = -1
		hour       int
		min        int
		sec        int
		nsec       int
		z          *Location
		zoneOffset int = -1
		zoneName   string
	)
	for {
		ch := nextChunk(layout)
		stdstr := ch.text
		var matched bool
		value, matched = skip(value, ch.prefix)
		if !matched {
			return Time{}, &ParseError{alayout, avalue, ch.prefix, value, ""}
		}
		if ch.std == stdNone {
			if value != "" {
				return Time{}, &ParseError{alayout, avalue, "", value, ": extra text: " + quote(value)}
			}
			break
		}
		layout = ch.rest
		hold := value
		ok := true
		switch ch.std {
		case stdYear:
			if len(value) < 2 || !isDigitAt(value, 0) || !isDigitAt(value, 1) {
				ok = false
				break
			}
			year = int(value[0]-'0')*10 + int(value[1]-'0')
			value = value[2:]
			if year >= 69 {
				year += 1900
			} else {
				year += 2000
			}
		case stdLongYear:
			if len(value) < 4 || !isDigitAt(value, 0) || !isDigitAt(value, 1) || !isDigitAt(value, 2) || !isDigitAt(value, 3) {
				ok = false
				break
			}
			year = 0
			for i := 0; i < 4; i++ {
				year = year*10 + int(value[i]-'0')
			}
			value = value[4:]
		case stdMonth:
			month, value, ok = lookupName(shortMonthNames, value)
			month++
		case stdLongMonth:
			month, value, ok = lookupName(longMonthNames, value)
			month++
		case stdNumMonth, stdZeroMonth:
			month, value, ok = getnum(value, ch.std == stdZeroMonth)
			if ok && (month <= 0 || 12 < month) {
				rangeErr = "month"
			}
		case stdWeekDay:
			_, value, ok = lookupName(shortDayNames, value)
		case stdLongWeekDay:
			_, value, ok = lookupName(longDayNames, value)
		case stdDay, stdUnderDay, stdZeroDay:
			if ch.std == stdUnderDay && value != "" && value[0] == ' ' {
				value = value[1:]
			}
			day, value, ok = getnum(value, ch.std == stdZeroDay)
			// The day is checked against the month once all is parsed.
		case stdUnderYearDay, stdZeroYearDay:
			for i := 0; i < 2; i++ {
				if ch.std == stdUnderYearDay && value != "" && value[0] == ' ' {
					value = value[1:]
				}
			}
			yday, value, ok = getnum3(value, ch.std == stdZeroYearDay)
			if ok && (yday < 1 || yday > 366) {
				rangeErr = "day-of-year"
			}
		case stdHour:
			hour, value, ok = getnum(value, false)
			if hour < 0 || 24 <= hour {
				rangeErr = "hour"
			}
		case stdHour12, stdZeroHour12:
			hour, value, ok = getnum(value, ch.std == stdZeroHour12)
			if hour < 0 || 12 < hour {
				rangeErr = "hour"
			}
		case stdMinute, stdZeroMinute:
			min, value, ok = getnum(value, ch.std == stdZeroMinute)
			if min < 0 || 60 <= min {
				rangeErr = "minute"
			}
		case stdSecond, stdZeroSecond:
			sec, value, ok = getnum(value, ch.std == stdZeroSecond)
			if !ok {
				break
			}
			if sec < 0 || 60 <= sec {
				rangeErr = "second"
				break
			}
			// A fraction in the value that the layout does not ask for
			// is read here.
			if len(value) >= 2 && (value[0] == '.' || value[0] == ',') && isDigitAt(value, 1) {
				next := nextChunk(layout)
				if next.std == stdFracSecond0 || next.std == stdFracSecond9 {
					break
				}
				n := 2
				for isDigitAt(value, n) {
					n++
				}
				nsec, _, ok = parseFrac(value, n)
				value = value[n:]
			}
		case stdPM:
			if len(value) < 2 {
				ok = false
				break
			}
			switch value[:2] {
			case "PM":
				pmSet = true
			case "AM":
				amSet = true
			default:
				ok = false
			}
			value = value[2:]
		case stdpm:
			if len(value) < 2 {
				ok = false
				break
			}
			switch value[:2] {
			case "pm":
				pmSet = true
			case "am":
				amSet = true
			default:
				ok = false
			}
			value = value[2:]
		case stdISO8601TZ, stdISO8601ShortTZ, stdISO8601ColonTZ, stdISO8601SecondsTZ, stdISO8601ColonSecondsTZ,
			stdNumTZ, stdNumShortTZ, stdNumColonTZ, stdNumSecondsTz, stdNumColonSecondsTZ:
			iso := ch.std >= stdISO8601TZ && ch.std <= stdISO8601ColonSecondsTZ
			if iso && value != "" && value[0] == 'Z' {
				value = value[1:]
				z = UTC
				break
			}
			var sign, hh, mm, ss string
			switch ch.std {
			case stdISO8601ColonTZ, stdNumColonTZ:
				if len(value) < 6 || value[3] != ':' {
					ok = false
					break
				}
				sign, hh, mm, ss, value = value[0:1], value[1:3], value[4:6], "00", value[6:]
			case stdNumShortTZ, stdISO8601ShortTZ:
				if len(value) < 3 {
					ok = false
					break
				}
				sign, hh, mm, ss, value = value[0:1], value[1:3], "00", "00", value[3:]
			case stdISO8601ColonSecondsTZ, stdNumColonSecondsTZ:
				if len(value) < 9 || value[3] != ':' || value[6] != ':' {
					ok = false
					break
				}
				sign, hh, mm, ss, value = value[0:1], value[1:3], value[4:6], value[7:9], value[9:]
			case stdISO8601SecondsTZ, stdNumSecondsTz:
				if len(value) < 7 {
					ok = false
					break
				}
				sign, hh, mm, ss, value = value[0:1], value[1:3], value[3:5], value[5:7], value[7:]
			default:
				if len(value) < 5 {
					ok = false
					break
				}
				sign, hh, mm, ss, value = value[0:1], value[1:3], value[3:5], "00", value[5:]
			}
			if !ok {
				break
			}
			var h, m, s int
			h, _, ok = getnum(hh, true)
			if ok {
				m, _, ok = getnum(mm, true)
			}
			if ok {
				s, _, ok = getnum(ss, true)
			}
			if h > 24 {
				rangeErr = "time zone offset hour"
			}
			if m > 60 {
				rangeErr = "time zone offset minute"
			}
			if s > 60 {
				rangeErr = "time zone offset second"
			}
			zoneOffset = (h*60+m)*60 + s
			switch sign[0] {
			case '+':
			case '-':
				zoneOffset = -zoneOffset
			default:
				ok = false
			}
		case stdTZ:
			if len(value) >= 3 && value[:3] == "UTC" {
				z = UTC
				value = value[3:]
				break
			}
			n, found := zoneNameLen(value)
			if !found {
				ok = false
				break
			}
			zoneName, value = value[:n], value[n:]
		case stdFracSecond0:
			n := 1 + ch.digits
			if len(value) < n {
				ok = false
				break
			}
			nsec, _, ok = parseFrac(value, n)
			value = value[n:]
		case stdFracSecond9:
			if len(value) < 2 || value[0] != '.' && value[0] != ',' || !isDigitAt(value, 1) {
				break // the fraction is optional
			}
			i := 1
			for isDigitAt(value, i) {
				i++
			}
			nsec, _, ok = parseFrac(value, i)
			value = value[i:]
		}
		if rangeErr != "" {
			return Time{}, &ParseError{alayout, avalue, stdstr, value, ": " + rangeErr + " out of range"}
		}
		if !ok {
			return Time{}, &ParseError{alayout, avalue, stdstr, hold, ""}
		}
	}
	if pmSet && hour < 12 {
		hour += 12
	} else if amSet && hour == 12 {
		hour = 0
	}
	if yday >= 0 {
		var d, m int
		if isLeap(int64(year)) {
			if yday == 31+29 {
				m, d = 2, 29
			} else if yday > 31+29 {
				yday--
			}
		}
		if yday > 365 {
			return Time{}, &ParseError{alayout, avalue, "", value, ": day-of-year out of range"}
		}
		if m == 0 {
			m = (yday-1)/31 + 1
			if int(daysBefore[m]) < yday {
				m++
			}
			d = yday - int(daysBefore[m-1])
		}
		if month >= 0 && month != m {
			return Time{}, &ParseError{alayout, avalue, "", value, ": day-of-year does not match month"}
		}
		month = m
		if day >= 0 && day != d {
			return Time{}, &ParseError{alayout, avalue, "", value, ": day-of-year does not match day"}
		}
		day = d
	} else {
		if month < 0 {
			month = int(January)
		}
		if day < 0 {
			day = 1
		}
	}
	if day < 1 || int64(day) > daysIn(Month(month), int64(year)) {
		return Time{}, &ParseError{alayout, avalue, "", value, ": day out of range"}
	}
	if z != nil {
		return Date(year, Month(month), day, hour, min, sec, nsec, z), nil
	}
	if zoneOffset != -1 {
		t := Date(year, Month(month), day, hour, min, sec, nsec, UTC)
		t.sec -= int64(zoneOffset)
		// The local zone, if it had this offset (and name) then.
		name, offset, _, _, _ := local.lookup(t.unixSec())
		if offset == zoneOffset && (zoneName == "" || name == zoneName) {
			return t.setLoc(local), nil
		}
		return t.setLoc(FixedZone(zoneName, zoneOffset)), nil
	}
	if zoneName != "" {
		t := Date(year, Month(month), day, hour, min, sec, nsec, UTC)
		if offset, found := local.lookupName(zoneName, t.unixSec()); found {
			t.sec -= int64(offset)
			return t.setLoc(local), nil
		}
		// An unknown abbreviation: a zone of that name at offset 0,
		// or the hours of GMT+h.
		offset := 0
		if len(zoneName) > 3 && zoneName[:3] == "GMT" {
			n := 0
			for i := 4; i < len(zoneName); i++ {
				n = n*10 + int(zoneName[i]-'0')
			}
			if zoneName[3] == '-' {
				n = -n
			}
			offset = n * 3600
		}
		return t.setLoc(FixedZone(zoneName, offset)), nil
	}
	return Date(year, Month(month), day, hour, min, sec, nsec, defaultLoc), nil
}
