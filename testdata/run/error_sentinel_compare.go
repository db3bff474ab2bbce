package main

import (
	"errors"
	"fmt"
	"strconv"
)

// ErrEOF plays the role of io.EOF.
var ErrEOF = errors.New("EOF")

type reader struct {
	data []string
	pos  int
}

func (r *reader) Next() (string, error) {
	if r.pos >= len(r.data) {
		return "", ErrEOF
	}
	s := r.data[r.pos]
	r.pos++
	return s, nil
}

func main() {
	r := &reader{data: []string{"10", "20", "x", "30"}}
	sum := 0
	for {
		s, err := r.Next()
		if err == ErrEOF {
			fmt.Println("EOF reached:", err)
			break
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			var numErr *strconv.NumError
			if errors.As(err, &numErr) {
				fmt.Println("skipping", numErr.Num, "because", numErr.Err, errors.Is(err, strconv.ErrSyntax))
			}
			continue
		}
		sum += n
	}
	fmt.Println("sum", sum)
	_, err := strconv.Atoi("123456789012345678901234567890")
	fmt.Println(errors.Is(err, strconv.ErrRange), err)
	fmt.Println(ErrEOF, errors.Is(fmt.Errorf("read: %w", ErrEOF), ErrEOF))
}
