package big

import (
	"math"
	"strconv"
)

const (
	MaxExp  = math.MaxInt32  // largest supported exponent
	MinExp  = math.MinInt32  // smallest supported exponent
	MaxPrec = math.MaxUint32 // largest (theoretically) supported precision
)

// RoundingMode determines how a Float value is rounded to the desired
// precision.
type RoundingMode byte

// These constants define supported rounding modes.
const (
	ToNearestEven RoundingMode = iota
	ToNearestAway
	ToZero
	AwayFromZero
	ToNegativeInf
	ToPositiveInf
)

// Rounding modes of integer division (Int.Divide).
const (
	Trunc = ToZero
	Floor = ToNegativeInf
	Round = ToNearestEven
	Ceil  = ToPositiveInf
)

var roundingModeNames = [...]string{"ToNearestEven", "ToNearestAway", "ToZero", "AwayFromZero", "ToNegativeInf", "ToPositiveInf"}

func (i RoundingMode) String() string {
	if int(i) >= len(roundingModeNames) {
		return "RoundingMode(" + strconv.FormatInt(int64(i), 10) + ")"
	}
	return roundingModeNames[i]
}

// Accuracy describes the rounding error produced by the most recent
// operation that generated a Float value, relative to the exact value.
type Accuracy int8

// Constants describing the Accuracy of a Float.
const (
	Below Accuracy = -1
	Exact Accuracy = 0
	Above Accuracy = +1
)

func (i Accuracy) String() string {
	switch i {
	case Below:
		return "Below"
	case Exact:
		return "Exact"
	case Above:
		return "Above"
	}
	return "Accuracy(" + strconv.FormatInt(int64(i), 10) + ")"
}

// An ErrNaN panic is raised by a Float operation that would lead to a
// NaN under IEEE 754 rules. An ErrNaN implements the error interface.
type ErrNaN struct {
	msg string
}

func (err ErrNaN) Error() string {
	return err.msg
}
