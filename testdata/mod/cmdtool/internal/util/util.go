package util

// Double doubles.
func Double(x int) int { return twice(x) }

type Counter struct{ N int }

func (c *Counter) Inc() { c.N++ }
