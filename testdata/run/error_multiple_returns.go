package main

import (
	"errors"
	"fmt"
)

type Matrix struct {
	rows, cols int
	data       []float64
}

func New(r, c int) (*Matrix, error) {
	if r <= 0 || c <= 0 {
		return nil, fmt.Errorf("invalid dimensions %dx%d", r, c)
	}
	return &Matrix{r, c, make([]float64, r*c)}, nil
}

func (m *Matrix) Set(i, j int, v float64) error {
	if i < 0 || i >= m.rows || j < 0 || j >= m.cols {
		return errors.New("index out of bounds")
	}
	m.data[i*m.cols+j] = v
	return nil
}

func (m *Matrix) Mul(o *Matrix) (*Matrix, error) {
	if m.cols != o.rows {
		return nil, fmt.Errorf("cannot multiply %dx%d by %dx%d", m.rows, m.cols, o.rows, o.cols)
	}
	res, _ := New(m.rows, o.cols)
	for i := 0; i < m.rows; i++ {
		for j := 0; j < o.cols; j++ {
			var s float64
			for k := 0; k < m.cols; k++ {
				s += m.data[i*m.cols+k] * o.data[k*o.cols+j]
			}
			res.data[i*res.cols+j] = s
		}
	}
	return res, nil
}

func main() {
	if _, err := New(0, 3); err != nil {
		fmt.Println("error:", err)
	}
	a, _ := New(2, 3)
	b, _ := New(3, 2)
	for i := 0; i < 6; i++ {
		a.data[i] = float64(i + 1)
		b.data[i] = float64(6 - i)
	}
	fmt.Println(a.Set(5, 0, 1), a.Set(1, 1, 5.5))
	c, err := a.Mul(b)
	fmt.Println(c.data, err)
	_, err = a.Mul(a)
	fmt.Println(err)
}
