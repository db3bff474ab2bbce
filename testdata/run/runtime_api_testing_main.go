// testing's entry points for hand-written mains: Main, RunTests and
// RunBenchmarks, Coverage without instrumentation, and T.Setenv against
// T.Parallel.
package main

import (
	"fmt"
	"os"
	"regexp"
	"testing"
)

func match(pat, str string) (bool, error) { return regexp.MatchString(pat, str) }

func main() {
	tests := []testing.InternalTest{
		{Name: "TestEnv", F: func(t *testing.T) {
			t.Setenv("RUNTIME_API_X", "1")
			if os.Getenv("RUNTIME_API_X") != "1" {
				t.Error("not set")
			}
			defer func() { fmt.Println("recovered:", recover()) }()
			t.Parallel()
		}},
		{Name: "TestRestored", F: func(t *testing.T) {
			_, set := os.LookupEnv("RUNTIME_API_X")
			fmt.Println("set:", set)
		}},
		{Name: "TestFails", F: func(t *testing.T) {
			t.Log("about to fail")
			t.Error("failed here")
		}},
		{Name: "TestParTwice", F: func(t *testing.T) {
			t.Parallel()
			defer func() { fmt.Println("recovered:", recover()) }()
			t.Parallel()
		}},
	}
	// Before Main, RunTests has no CPU list: it runs nothing, as Go's.
	testing.Init()
	fmt.Println("tests ok:", testing.RunTests(match, tests))
	testing.RunBenchmarks(match, nil)
	testing.RegisterCover(testing.Cover{
		Mode:     "set",
		Counters: map[string][]uint32{"a.go": {1, 0, 3, 0}},
		Blocks:   map[string][]testing.CoverBlock{"a.go": make([]testing.CoverBlock, 4)},
	})
	fmt.Printf("%q %v\n", testing.CoverMode(), testing.Coverage())
	testing.Main(match, tests, nil, nil)
}
