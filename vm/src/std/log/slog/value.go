// Package log/slog as minigo provides it, written in Go: Logger, Record,
// Attr, Value, Level and LevelVar, and the Text and JSON handlers with
// HandlerOptions (Level, ReplaceAttr). The default logger writes through
// package log, as Go's does.
package slog

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// A Kind is the kind of a Value.
type Kind int

const (
	KindAny Kind = iota
	KindBool
	KindDuration
	KindFloat64
	KindInt64
	KindString
	KindTime
	KindUint64
	KindGroup
	KindLogValuer
)

var kindStrings = []string{"Any", "Bool", "Duration", "Float64", "Int64", "String", "Time", "Uint64", "Group", "LogValuer"}

func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindStrings) {
		return kindStrings[k]
	}
	return "<unknown slog.Kind>"
}

// A Value can represent any Go value, without allocation for the
// common kinds.
type Value struct {
	kind Kind
	num  uint64
	s    string
	any  any
}

// A LogValuer is any Go value that can convert itself into a Value.
type LogValuer interface {
	LogValue() Value
}

func StringValue(value string) Value   { return Value{kind: KindString, s: value} }
func IntValue(v int) Value             { return Int64Value(int64(v)) }
func Int64Value(v int64) Value         { return Value{kind: KindInt64, num: uint64(v)} }
func Uint64Value(v uint64) Value       { return Value{kind: KindUint64, num: v} }
func Float64Value(v float64) Value     { return Value{kind: KindFloat64, num: math.Float64bits(v)} }
func DurationValue(v time.Duration) Value { return Value{kind: KindDuration, num: uint64(v.Nanoseconds())} }
func TimeValue(v time.Time) Value      { return Value{kind: KindTime, any: v} }

func BoolValue(v bool) Value {
	u := uint64(0)
	if v {
		u = 1
	}
	return Value{kind: KindBool, num: u}
}

// GroupValue returns a new Value for a list of Attrs, without its empty
// attributes.
func GroupValue(as ...Attr) Value {
	var kept []Attr
	for _, a := range as {
		if !a.isEmpty() {
			kept = append(kept, a)
		}
	}
	return Value{kind: KindGroup, any: kept}
}

// AnyValue returns a Value for the supplied value.
func AnyValue(v any) Value {
	switch v := v.(type) {
	case string:
		return StringValue(v)
	case int:
		return Int64Value(int64(v))
	case uint:
		return Uint64Value(uint64(v))
	case int64:
		return Int64Value(v)
	case uint64:
		return Uint64Value(v)
	case bool:
		return BoolValue(v)
	case time.Duration:
		return DurationValue(v)
	case time.Time:
		return TimeValue(v)
	case uint8:
		return Uint64Value(uint64(v))
	case uint16:
		return Uint64Value(uint64(v))
	case uint32:
		return Uint64Value(uint64(v))
	case uintptr:
		return Uint64Value(uint64(v))
	case int8:
		return Int64Value(int64(v))
	case int16:
		return Int64Value(int64(v))
	case int32:
		return Int64Value(int64(v))
	case float64:
		return Float64Value(v)
	case float32:
		return Float64Value(float64(v))
	case []Attr:
		return GroupValue(v...)
	case Kind:
		return Value{kind: KindAny, any: v}
	case Value:
		return v
	case LogValuer:
		return Value{kind: KindLogValuer, any: v}
	default:
		return Value{kind: KindAny, any: v}
	}
}

func (v Value) Kind() Kind { return v.kind }

// Any returns v's value as an any.
func (v Value) Any() any {
	switch v.kind {
	case KindAny, KindLogValuer:
		return v.any
	case KindGroup:
		return v.group()
	case KindInt64:
		return int64(v.num)
	case KindUint64:
		return v.num
	case KindFloat64:
		return v.float()
	case KindString:
		return v.s
	case KindBool:
		return v.num == 1
	case KindDuration:
		return time.Duration(int64(v.num))
	case KindTime:
		return v.any.(time.Time)
	}
	panic("bad kind: " + v.kind.String())
}

func (v Value) String() string {
	if v.kind == KindString {
		return v.s
	}
	return string(v.append(nil))
}

func (v Value) badKind(want Kind) {
	panic("Value kind is " + v.kind.String() + ", not " + want.String())
}

func (v Value) Int64() int64 {
	if v.kind != KindInt64 {
		v.badKind(KindInt64)
	}
	return int64(v.num)
}

func (v Value) Uint64() uint64 {
	if v.kind != KindUint64 {
		v.badKind(KindUint64)
	}
	return v.num
}

func (v Value) Bool() bool {
	if v.kind != KindBool {
		v.badKind(KindBool)
	}
	return v.num == 1
}

func (v Value) Duration() time.Duration {
	if v.kind != KindDuration {
		v.badKind(KindDuration)
	}
	return time.Duration(int64(v.num))
}

func (v Value) Float64() float64 {
	if v.kind != KindFloat64 {
		v.badKind(KindFloat64)
	}
	return v.float()
}

func (v Value) float() float64 { return math.Float64frombits(v.num) }

func (v Value) Time() time.Time {
	if v.kind != KindTime {
		v.badKind(KindTime)
	}
	return v.any.(time.Time)
}

func (v Value) LogValuer() LogValuer { return v.any.(LogValuer) }

func (v Value) Group() []Attr {
	if v.kind != KindGroup {
		v.badKind(KindGroup)
	}
	return v.group()
}

func (v Value) group() []Attr {
	as, _ := v.any.([]Attr)
	return as
}

// Equal reports whether v and w represent the same Go value.
func (v Value) Equal(w Value) bool {
	if v.kind != w.kind {
		return false
	}
	switch v.kind {
	case KindInt64, KindUint64, KindBool, KindDuration:
		return v.num == w.num
	case KindString:
		return v.s == w.s
	case KindFloat64:
		return v.float() == w.float()
	case KindTime:
		return v.Time().Equal(w.Time())
	case KindAny, KindLogValuer:
		return v.any == w.any
	case KindGroup:
		a, b := v.group(), w.group()
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if !a[i].Equal(b[i]) {
				return false
			}
		}
		return true
	}
	return false
}

// Resolve repeatedly calls LogValue on v while it implements LogValuer.
func (v Value) Resolve() (rv Value) {
	orig := v
	defer func() {
		if r := recover(); r != nil {
			rv = AnyValue(fmt.Errorf("LogValue panicked\n%v", r))
		}
	}()
	for i := 0; i < 100; i++ {
		if v.kind != KindLogValuer {
			return v
		}
		v = v.LogValuer().LogValue()
	}
	err := fmt.Errorf("LogValue called too many times on Value of type %T", orig.Any())
	return AnyValue(err)
}

func (v Value) isEmptyGroup() bool {
	return v.kind == KindGroup && len(v.group()) == 0
}

// append writes the text form of v (Value.String's), as the text
// handler shows a non-string, non-time value.
func (v Value) append(dst []byte) []byte {
	switch v.kind {
	case KindString:
		return append(dst, v.s...)
	case KindInt64:
		return strconv.AppendInt(dst, int64(v.num), 10)
	case KindUint64:
		return strconv.AppendUint(dst, v.num, 10)
	case KindFloat64:
		return strconv.AppendFloat(dst, v.float(), 'g', -1, 64)
	case KindBool:
		return strconv.AppendBool(dst, v.num == 1)
	case KindDuration:
		return append(dst, v.Duration().String()...)
	case KindTime:
		return append(dst, v.Time().String()...)
	case KindGroup:
		return fmt.Append(dst, v.group())
	case KindAny, KindLogValuer:
		return fmt.Append(dst, v.any)
	}
	panic("bad kind: " + v.kind.String())
}

// An Attr is a key-value pair.
type Attr struct {
	Key   string
	Value Value
}

func String(key, value string) Attr           { return Attr{key, StringValue(value)} }
func Int64(key string, value int64) Attr      { return Attr{key, Int64Value(value)} }
func Int(key string, value int) Attr          { return Attr{key, IntValue(value)} }
func Uint64(key string, v uint64) Attr        { return Attr{key, Uint64Value(v)} }
func Float64(key string, v float64) Attr      { return Attr{key, Float64Value(v)} }
func Bool(key string, v bool) Attr            { return Attr{key, BoolValue(v)} }
func Time(key string, v time.Time) Attr       { return Attr{key, TimeValue(v)} }
func Duration(key string, v time.Duration) Attr { return Attr{key, DurationValue(v)} }
func Any(key string, value any) Attr          { return Attr{key, AnyValue(value)} }

// Group returns an Attr for a Group Value; args are as for Logger.Log.
func Group(key string, args ...any) Attr {
	return Attr{key, GroupValue(argsToAttrSlice(args)...)}
}

func argsToAttrSlice(args []any) []Attr {
	var attr Attr
	var attrs []Attr
	for len(args) > 0 {
		attr, args = argsToAttr(args)
		attrs = append(attrs, attr)
	}
	return attrs
}

func (a Attr) Equal(b Attr) bool { return a.Key == b.Key && a.Value.Equal(b.Value) }

func (a Attr) String() string { return a.Key + "=" + a.Value.String() }

func (a Attr) isEmpty() bool {
	return a.Key == "" && a.Value.kind == KindAny && a.Value.any == nil
}

const badKey = "!BADKEY"

// argsToAttr turns a prefix of args into an Attr and returns the rest.
func argsToAttr(args []any) (Attr, []any) {
	switch x := args[0].(type) {
	case string:
		if len(args) == 1 {
			return String(badKey, x), nil
		}
		return Any(x, args[1]), args[2:]
	case Attr:
		return x, args[1:]
	default:
		return Any(badKey, x), args[1:]
	}
}
