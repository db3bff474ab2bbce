package image

import (
	"image/color"
	"strconv"
)

// A Point is an X, Y coordinate pair. The axes increase right and down.
type Point struct {
	X, Y int
}

// String returns a string representation of p like "(3,4)".
func (p Point) String() string {
	return "(" + strconv.Itoa(p.X) + "," + strconv.Itoa(p.Y) + ")"
}

// Add returns the vector p+q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns the vector p-q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Mul returns the vector p*k.
func (p Point) Mul(k int) Point { return Point{p.X * k, p.Y * k} }

// Div returns the vector p/k.
func (p Point) Div(k int) Point { return Point{p.X / k, p.Y / k} }

// In reports whether p is in r.
func (p Point) In(r Rectangle) bool {
	return r.Min.X <= p.X && p.X < r.Max.X && r.Min.Y <= p.Y && p.Y < r.Max.Y
}

// Mod returns the point q in r such that p.X-q.X is a multiple of r's
// width and p.Y-q.Y is a multiple of r's height.
func (p Point) Mod(r Rectangle) Point {
	w, h := r.Dx(), r.Dy()
	d := p.Sub(r.Min)
	x, y := d.X%w, d.Y%h
	if x < 0 {
		x += w
	}
	if y < 0 {
		y += h
	}
	return Point{x + r.Min.X, y + r.Min.Y}
}

// Eq reports whether p and q are equal.
func (p Point) Eq(q Point) bool { return p == q }

// ZP is the zero Point.
//
// Deprecated: Use a literal image.Point{} instead.
var ZP Point

// Pt is shorthand for Point{X, Y}.
func Pt(X, Y int) Point { return Point{X, Y} }

// A Rectangle contains the points with Min.X <= X < Max.X, Min.Y <= Y < Max.Y.
type Rectangle struct {
	Min, Max Point
}

// String returns a string representation of r like "(3,4)-(6,5)".
func (r Rectangle) String() string { return r.Min.String() + "-" + r.Max.String() }

// Dx returns r's width.
func (r Rectangle) Dx() int { return r.Max.X - r.Min.X }

// Dy returns r's height.
func (r Rectangle) Dy() int { return r.Max.Y - r.Min.Y }

// Size returns r's width and height.
func (r Rectangle) Size() Point { return Point{r.Dx(), r.Dy()} }

// Add returns the rectangle r translated by p.
func (r Rectangle) Add(p Point) Rectangle { return Rectangle{r.Min.Add(p), r.Max.Add(p)} }

// Sub returns the rectangle r translated by -p.
func (r Rectangle) Sub(p Point) Rectangle { return Rectangle{r.Min.Sub(p), r.Max.Sub(p)} }

// Inset returns the rectangle r inset by n, which may be negative.
func (r Rectangle) Inset(n int) Rectangle {
	if r.Dx() < 2*n {
		mid := (r.Min.X + r.Max.X) / 2
		r.Min.X, r.Max.X = mid, mid
	} else {
		r.Min.X += n
		r.Max.X -= n
	}
	if r.Dy() < 2*n {
		mid := (r.Min.Y + r.Max.Y) / 2
		r.Min.Y, r.Max.Y = mid, mid
	} else {
		r.Min.Y += n
		r.Max.Y -= n
	}
	return r
}

// Intersect returns the largest rectangle contained by both r and s.
func (r Rectangle) Intersect(s Rectangle) Rectangle {
	r.Min.X = max(r.Min.X, s.Min.X)
	r.Min.Y = max(r.Min.Y, s.Min.Y)
	r.Max.X = min(r.Max.X, s.Max.X)
	r.Max.Y = min(r.Max.Y, s.Max.Y)
	if r.Empty() {
		return Rectangle{}
	}
	return r
}

// Union returns the smallest rectangle that contains both r and s.
func (r Rectangle) Union(s Rectangle) Rectangle {
	if r.Empty() {
		return s
	}
	if s.Empty() {
		return r
	}
	r.Min.X = min(r.Min.X, s.Min.X)
	r.Min.Y = min(r.Min.Y, s.Min.Y)
	r.Max.X = max(r.Max.X, s.Max.X)
	r.Max.Y = max(r.Max.Y, s.Max.Y)
	return r
}

// Empty reports whether the rectangle contains no points.
func (r Rectangle) Empty() bool { return r.Min.X >= r.Max.X || r.Min.Y >= r.Max.Y }

// Eq reports whether r and s contain the same set of points.
func (r Rectangle) Eq(s Rectangle) bool { return r == s || (r.Empty() && s.Empty()) }

// Overlaps reports whether r and s have a non-empty intersection.
func (r Rectangle) Overlaps(s Rectangle) bool {
	return !r.Empty() && !s.Empty() &&
		r.Min.X < s.Max.X && s.Min.X < r.Max.X &&
		r.Min.Y < s.Max.Y && s.Min.Y < r.Max.Y
}

// In reports whether every point in r is in s.
func (r Rectangle) In(s Rectangle) bool {
	if r.Empty() {
		return true
	}
	return s.Min.X <= r.Min.X && r.Max.X <= s.Max.X &&
		s.Min.Y <= r.Min.Y && r.Max.Y <= s.Max.Y
}

// Canon returns the canonical version of r.
func (r Rectangle) Canon() Rectangle {
	if r.Max.X < r.Min.X {
		r.Min.X, r.Max.X = r.Max.X, r.Min.X
	}
	if r.Max.Y < r.Min.Y {
		r.Min.Y, r.Max.Y = r.Max.Y, r.Min.Y
	}
	return r
}

// At implements the Image interface.
func (r Rectangle) At(x, y int) color.Color {
	if (Point{x, y}).In(r) {
		return color.Opaque
	}
	return color.Transparent
}

// RGBA64At implements the RGBA64Image interface.
func (r Rectangle) RGBA64At(x, y int) color.RGBA64 {
	if (Point{x, y}).In(r) {
		return color.RGBA64{0xffff, 0xffff, 0xffff, 0xffff}
	}
	return color.RGBA64{}
}

// Bounds implements the Image interface.
func (r Rectangle) Bounds() Rectangle { return r }

// ColorModel implements the Image interface.
func (r Rectangle) ColorModel() color.Model { return color.Alpha16Model }

// ZR is the zero Rectangle.
//
// Deprecated: Use a literal image.Rectangle{} instead.
var ZR Rectangle

// Rect is shorthand for Rectangle{Pt(x0, y0), Pt(x1, y1)}, made canonical.
func Rect(x0, y0, x1, y1 int) Rectangle {
	return Rectangle{Point{x0, y0}, Point{x1, y1}}.Canon()
}

// imgAreaBytes returns bpp*w*h, or -1 when negative or too large.
func imgAreaBytes(bpp, w, h int) int {
	if bpp < 0 || w < 0 || h < 0 {
		return -1
	}
	const limit = 1 << 62
	if w != 0 && h > limit/w {
		return -1
	}
	n := w * h
	if bpp != 0 && n > limit/bpp {
		return -1
	}
	return n * bpp
}

func imgBufLen(bpp int, r Rectangle, name string) int {
	n := imgAreaBytes(bpp, r.Dx(), r.Dy())
	if n < 0 {
		panic("image: New" + name + " Rectangle has huge or negative dimensions")
	}
	return n
}
