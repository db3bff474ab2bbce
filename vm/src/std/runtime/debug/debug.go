// Package debug (runtime/debug): the collector's knobs.
package debug

// SetGCPercent sets the collection target percentage (GOGC) and returns
// the previous setting; a negative percentage disables collection.
func SetGCPercent(percent int) int

// SetMemoryLimit sets the soft memory limit (GOMEMLIMIT) and returns the
// previous one; a negative input only reports the current limit.
func SetMemoryLimit(limit int64) int64

// FreeOSMemory forces a garbage collection. (minigo's heap keeps the
// memory it has mapped: nothing is returned to the OS.)
func FreeOSMemory()
