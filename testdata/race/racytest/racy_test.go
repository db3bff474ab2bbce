// A test that races fails, as under `go test -race`; the other passes.
package racytest

import (
	"testing"
	"time"
)

func TestRacy(t *testing.T) {
	n := 0
	go func() { n++ }()
	time.Sleep(10 * time.Millisecond)
	n++
}

func TestOK(t *testing.T) {}
