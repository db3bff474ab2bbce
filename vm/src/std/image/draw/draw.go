// Package draw provides image composition functions.
package draw

import (
	"image"
	"image/color"
)

// m is the maximum 16-bit color channel value.
const m = 1<<16 - 1

// Image is an image.Image with a Set method to change a single pixel.
type Image interface {
	image.Image
	Set(x, y int, c color.Color)
}

// RGBA64Image extends both the Image and image.RGBA64Image interfaces with
// a SetRGBA64 method to change a single pixel.
type RGBA64Image interface {
	image.RGBA64Image
	Set(x, y int, c color.Color)
	SetRGBA64(x, y int, c color.RGBA64)
}

// Quantizer produces a palette for an image.
type Quantizer interface {
	// Quantize appends up to cap(p) - len(p) colors to p and returns the
	// updated palette suitable for converting m to a paletted image.
	Quantize(p color.Palette, m image.Image) color.Palette
}

// Op is a Porter-Duff compositing operator.
type Op int

const (
	// Over specifies ``(src in mask) over dst''.
	Over Op = iota
	// Src specifies ``src in mask''.
	Src
)

// Draw implements the Drawer interface by calling the Draw function with
// this Op.
func (op Op) Draw(dst Image, r image.Rectangle, src image.Image, sp image.Point) {
	DrawMask(dst, r, src, sp, nil, image.Point{}, op)
}

// Drawer contains the Draw method.
type Drawer interface {
	// Draw aligns r.Min in dst with sp in src and then replaces the
	// rectangle r in dst with the result of drawing src on dst.
	Draw(dst Image, r image.Rectangle, src image.Image, sp image.Point)
}

// FloydSteinberg is a Drawer that is the Src Op with Floyd-Steinberg error
// diffusion.
var FloydSteinberg Drawer = floydSteinberg{}

type floydSteinberg struct{}

func (floydSteinberg) Draw(dst Image, r image.Rectangle, src image.Image, sp image.Point) {
	clipRects(dst, &r, src, &sp, nil, nil)
	if r.Empty() {
		return
	}
	drawDithered(dst, r, src, sp, true)
}

// clipRects clips r to dst's bounds and to src's (and mask's) bounds as
// aligned at sp (and mp), moving sp and mp along with r.Min.
func clipRects(dst Image, r *image.Rectangle, src image.Image, sp *image.Point, mask image.Image, mp *image.Point) {
	orig := r.Min
	*r = r.Intersect(dst.Bounds())
	*r = r.Intersect(src.Bounds().Add(orig.Sub(*sp)))
	if mask != nil {
		*r = r.Intersect(mask.Bounds().Add(orig.Sub(*mp)))
	}
	dx, dy := r.Min.X-orig.X, r.Min.Y-orig.Y
	if dx == 0 && dy == 0 {
		return
	}
	sp.X += dx
	sp.Y += dy
	if mp != nil {
		mp.X += dx
		mp.Y += dy
	}
}

// backward reports whether dst and src are the same image with
// overlapping areas such that drawing must go bottom-up, right to left.
func backward(dst image.Image, r image.Rectangle, src image.Image, sp image.Point) bool {
	return dst == src &&
		r.Overlaps(r.Add(sp.Sub(r.Min))) &&
		(sp.Y < r.Min.Y || (sp.Y == r.Min.Y && sp.X < r.Min.X))
}

// Draw calls DrawMask with a nil mask.
func Draw(dst Image, r image.Rectangle, src image.Image, sp image.Point, op Op) {
	DrawMask(dst, r, src, sp, nil, image.Point{}, op)
}

// copyRows copies rows of n bytes between two pixel buffers, in the order
// that is safe when they overlap.
func copyRows(dst []byte, dstStride int, src []byte, srcStride int, rows, n int, up bool) {
	if up {
		for y := rows - 1; y >= 0; y-- {
			copy(dst[y*dstStride:y*dstStride+n], src[y*srcStride:y*srcStride+n])
		}
		return
	}
	for y := 0; y < rows; y++ {
		copy(dst[y*dstStride:y*dstStride+n], src[y*srcStride:y*srcStride+n])
	}
}

// DrawMask aligns r.Min in dst with sp in src and mp in mask and then
// replaces the rectangle r in dst with the result of a Porter-Duff
// composition. A nil mask is treated as opaque.
func DrawMask(dst Image, r image.Rectangle, src image.Image, sp image.Point, mask image.Image, mp image.Point, op Op) {
	clipRects(dst, &r, src, &sp, mask, &mp)
	if r.Empty() {
		return
	}
	switch d := dst.(type) {
	case *image.RGBA:
		if op == Src && mask == nil {
			if s, ok := src.(*image.RGBA); ok {
				di := d.PixOffset(r.Min.X, r.Min.Y)
				si := s.PixOffset(sp.X, sp.Y)
				copyRows(d.Pix[di:], d.Stride, s.Pix[si:], s.Stride, r.Dy(), 4*r.Dx(), sp.Y < r.Min.Y)
				return
			}
		}
		drawToRGBA(d, r, src, sp, mask, mp, op)
		return
	case *image.Paletted:
		if op == Src && mask == nil {
			if u, ok := src.(*image.Uniform); ok {
				idx := uint8(d.Palette.Index(u.C))
				for y := r.Min.Y; y < r.Max.Y; y++ {
					i := d.PixOffset(r.Min.X, y)
					row := d.Pix[i : i+r.Dx()]
					for k := range row {
						row[k] = idx
					}
				}
				return
			} else if !backward(dst, r, src, sp) {
				drawDithered(d, r, src, sp, false)
				return
			}
		}
	case *image.NRGBA:
		if op == Src && mask == nil {
			if s, ok := src.(*image.NRGBA); ok {
				di := d.PixOffset(r.Min.X, r.Min.Y)
				si := s.PixOffset(sp.X, sp.Y)
				copyRows(d.Pix[di:], d.Stride, s.Pix[si:], s.Stride, r.Dy(), 4*r.Dx(), sp.Y < r.Min.Y)
				return
			}
		}
	case *image.NRGBA64:
		if op == Src && mask == nil {
			if s, ok := src.(*image.NRGBA64); ok {
				di := d.PixOffset(r.Min.X, r.Min.Y)
				si := s.PixOffset(sp.X, sp.Y)
				copyRows(d.Pix[di:], d.Stride, s.Pix[si:], s.Stride, r.Dy(), 8*r.Dx(), sp.Y < r.Min.Y)
				return
			}
		}
	}

	x0, x1, dx := r.Min.X, r.Max.X, 1
	y0, y1, dy := r.Min.Y, r.Max.Y, 1
	if backward(dst, r, src, sp) {
		x0, x1, dx = x1-1, x0-1, -1
		y0, y1, dy = y1-1, y0-1, -1
	}
	d64, _ := dst.(RGBA64Image)
	s64, _ := src.(image.RGBA64Image)
	var m64 image.RGBA64Image
	if mask != nil {
		m64, _ = mask.(image.RGBA64Image)
	}
	if d64 != nil && s64 != nil && (mask == nil || m64 != nil) {
		sy, my := sp.Y+y0-r.Min.Y, mp.Y+y0-r.Min.Y
		for y := y0; y != y1; y, sy, my = y+dy, sy+dy, my+dy {
			sx, mx := sp.X+x0-r.Min.X, mp.X+x0-r.Min.X
			for x := x0; x != x1; x, sx, mx = x+dx, sx+dx, mx+dx {
				ma := uint32(m)
				if m64 != nil {
					ma = uint32(m64.RGBA64At(mx, my).A)
				}
				if mask == nil && op == Src {
					d64.SetRGBA64(x, y, s64.RGBA64At(sx, sy))
					continue
				}
				if mask == nil {
					s := s64.RGBA64At(sx, sy)
					a := m - uint32(s.A)
					c := d64.RGBA64At(x, y)
					d64.SetRGBA64(x, y, color.RGBA64{
						R: uint16(uint32(c.R)*a/m) + s.R,
						G: uint16(uint32(c.G)*a/m) + s.G,
						B: uint16(uint32(c.B)*a/m) + s.B,
						A: uint16(uint32(c.A)*a/m) + s.A,
					})
					continue
				}
				switch {
				case ma == 0:
					if op != Over {
						d64.SetRGBA64(x, y, color.RGBA64{})
					}
				case ma == m && op == Src:
					d64.SetRGBA64(x, y, s64.RGBA64At(sx, sy))
				default:
					s := s64.RGBA64At(sx, sy)
					if op == Over {
						c := d64.RGBA64At(x, y)
						a := m - uint32(s.A)*ma/m
						d64.SetRGBA64(x, y, color.RGBA64{
							R: uint16((uint32(c.R)*a + uint32(s.R)*ma) / m),
							G: uint16((uint32(c.G)*a + uint32(s.G)*ma) / m),
							B: uint16((uint32(c.B)*a + uint32(s.B)*ma) / m),
							A: uint16((uint32(c.A)*a + uint32(s.A)*ma) / m),
						})
					} else {
						d64.SetRGBA64(x, y, color.RGBA64{
							R: uint16(uint32(s.R) * ma / m),
							G: uint16(uint32(s.G) * ma / m),
							B: uint16(uint32(s.B) * ma / m),
							A: uint16(uint32(s.A) * ma / m),
						})
					}
				}
			}
		}
		return
	}

	var out color.RGBA64
	sy, my := sp.Y+y0-r.Min.Y, mp.Y+y0-r.Min.Y
	for y := y0; y != y1; y, sy, my = y+dy, sy+dy, my+dy {
		sx, mx := sp.X+x0-r.Min.X, mp.X+x0-r.Min.X
		for x := x0; x != x1; x, sx, mx = x+dx, sx+dx, mx+dx {
			ma := uint32(m)
			if mask != nil {
				_, _, _, ma = mask.At(mx, my).RGBA()
			}
			switch {
			case ma == 0:
				if op != Over {
					dst.Set(x, y, color.Transparent)
				}
			case ma == m && op == Src:
				dst.Set(x, y, src.At(sx, sy))
			default:
				sr, sg, sb, sa := src.At(sx, sy).RGBA()
				if op == Over {
					dr, dg, db, da := dst.At(x, y).RGBA()
					a := m - sa*ma/m
					out.R = uint16((dr*a + sr*ma) / m)
					out.G = uint16((dg*a + sg*ma) / m)
					out.B = uint16((db*a + sb*ma) / m)
					out.A = uint16((da*a + sa*ma) / m)
				} else {
					out.R = uint16(sr * ma / m)
					out.G = uint16(sg * ma / m)
					out.B = uint16(sb * ma / m)
					out.A = uint16(sa * ma / m)
				}
				dst.Set(x, y, &out)
			}
		}
	}
}

// srcPixel returns a function giving the premultiplied 16-bit color of a
// source pixel, reading common image types' pixels directly.
func srcPixel(src image.Image) func(x, y int) (r, g, b, a uint32) {
	switch s := src.(type) {
	case *image.Uniform:
		r, g, b, a := s.C.RGBA()
		return func(x, y int) (uint32, uint32, uint32, uint32) { return r, g, b, a }
	case *image.RGBA:
		return func(x, y int) (uint32, uint32, uint32, uint32) {
			if !(image.Point{x, y}.In(s.Rect)) {
				return 0, 0, 0, 0
			}
			i := s.PixOffset(x, y)
			p := s.Pix[i : i+4 : i+4]
			return uint32(p[0]) * 0x101, uint32(p[1]) * 0x101, uint32(p[2]) * 0x101, uint32(p[3]) * 0x101
		}
	case *image.NRGBA:
		return func(x, y int) (uint32, uint32, uint32, uint32) {
			if !(image.Point{x, y}.In(s.Rect)) {
				return 0, 0, 0, 0
			}
			i := s.PixOffset(x, y)
			p := s.Pix[i : i+4 : i+4]
			a := uint32(p[3])
			return uint32(p[0]) * 0x101 * a / 0xff, uint32(p[1]) * 0x101 * a / 0xff, uint32(p[2]) * 0x101 * a / 0xff, a * 0x101
		}
	case *image.Gray:
		return func(x, y int) (uint32, uint32, uint32, uint32) {
			if !(image.Point{x, y}.In(s.Rect)) {
				return 0, 0, 0, 0
			}
			v := uint32(s.Pix[s.PixOffset(x, y)]) * 0x101
			return v, v, v, 0xffff
		}
	case image.RGBA64Image:
		return func(x, y int) (uint32, uint32, uint32, uint32) {
			c := s.RGBA64At(x, y)
			return uint32(c.R), uint32(c.G), uint32(c.B), uint32(c.A)
		}
	}
	return func(x, y int) (uint32, uint32, uint32, uint32) { return src.At(x, y).RGBA() }
}

// maskAlpha returns a function giving the 16-bit alpha of a mask pixel.
func maskAlpha(mask image.Image) func(x, y int) uint32 {
	switch k := mask.(type) {
	case nil:
		return nil
	case *image.Alpha:
		return func(x, y int) uint32 {
			if !(image.Point{x, y}.In(k.Rect)) {
				return 0
			}
			return uint32(k.Pix[k.PixOffset(x, y)]) * 0x101
		}
	case *image.Uniform:
		_, _, _, a := k.C.RGBA()
		return func(x, y int) uint32 { return a }
	case image.RGBA64Image:
		return func(x, y int) uint32 { return uint32(k.RGBA64At(x, y).A) }
	}
	return func(x, y int) uint32 {
		_, _, _, a := mask.At(x, y).RGBA()
		return a
	}
}

// drawToRGBA composites onto an *image.RGBA, writing its pixels directly.
func drawToRGBA(dst *image.RGBA, r image.Rectangle, src image.Image, sp image.Point, mask image.Image, mp image.Point, op Op) {
	x0, x1, dx := r.Min.X, r.Max.X, 1
	y0, y1, dy := r.Min.Y, r.Max.Y, 1
	if image.Image(dst) == src && r.Overlaps(r.Add(sp.Sub(r.Min))) {
		if sp.Y < r.Min.Y || sp.Y == r.Min.Y && sp.X < r.Min.X {
			x0, x1, dx = x1-1, x0-1, -1
			y0, y1, dy = y1-1, y0-1, -1
		}
	}
	px := srcPixel(src)
	ma16 := maskAlpha(mask)
	sy, my := sp.Y+y0-r.Min.Y, mp.Y+y0-r.Min.Y
	for y := y0; y != y1; y, sy, my = y+dy, sy+dy, my+dy {
		i := dst.PixOffset(x0, y)
		sx, mx := sp.X+x0-r.Min.X, mp.X+x0-r.Min.X
		for x := x0; x != x1; x, sx, mx = x+dx, sx+dx, mx+dx {
			ma := uint32(m)
			if ma16 != nil {
				ma = ma16(mx, my)
			}
			sr, sg, sb, sa := px(sx, sy)
			d := dst.Pix[i : i+4 : i+4]
			if op == Over {
				a := (m - sa*ma/m) * 0x101
				d[0] = uint8((uint32(d[0])*a + sr*ma) / m >> 8)
				d[1] = uint8((uint32(d[1])*a + sg*ma) / m >> 8)
				d[2] = uint8((uint32(d[2])*a + sb*ma) / m >> 8)
				d[3] = uint8((uint32(d[3])*a + sa*ma) / m >> 8)
			} else {
				d[0] = uint8(sr * ma / m >> 8)
				d[1] = uint8(sg * ma / m >> 8)
				d[2] = uint8(sb * ma / m >> 8)
				d[3] = uint8(sa * ma / m >> 8)
			}
			i += 4 * dx
		}
	}
}

// ditherIndex writes, for each of the w×h source pixels (four
// premultiplied 16-bit channels each, in src), the index of the nearest
// color of pal (four channels an entry) into out, rows stride apart,
// diffusing the error Floyd-Steinberg style when diffuse. (Native: the
// search is the hot loop.)
func ditherIndex(src []int32, w, h int, pal []int32, diffuse bool, out []byte, stride int)

func clamp16(i int32) int32 {
	if i < 0 {
		return 0
	}
	if i > 0xffff {
		return 0xffff
	}
	return i
}

func sqDiff(x, y int32) uint32 {
	d := uint32(x - y)
	return d * d >> 2
}

// drawDithered draws src onto dst with the Src op, picking for a Paletted
// dst the nearest palette color, optionally diffusing the error
// (Floyd-Steinberg). For a Paletted dst the source pixels are all read
// before any is written.
func drawDithered(dst Image, r image.Rectangle, src image.Image, sp image.Point, diffuse bool) {
	var pal [][4]int32
	var pix []byte
	stride := 0
	if p, ok := dst.(*image.Paletted); ok {
		pal = make([][4]int32, len(p.Palette))
		for i, c := range p.Palette {
			cr, cg, cb, ca := c.RGBA()
			pal[i] = [4]int32{int32(cr), int32(cg), int32(cb), int32(ca)}
		}
		pix, stride = p.Pix[p.PixOffset(r.Min.X, r.Min.Y):], p.Stride
	}
	var cur, next [][4]int32
	if diffuse {
		cur = make([][4]int32, r.Dx()+2)
		next = make([][4]int32, r.Dx()+2)
	}
	px := func(x, y int) (uint32, uint32, uint32, uint32) { return src.At(x, y).RGBA() }
	switch s := src.(type) {
	case *image.RGBA:
		px = func(x, y int) (uint32, uint32, uint32, uint32) { return s.RGBAAt(x, y).RGBA() }
	case *image.NRGBA:
		px = func(x, y int) (uint32, uint32, uint32, uint32) { return s.NRGBAAt(x, y).RGBA() }
	case *image.YCbCr:
		px = func(x, y int) (uint32, uint32, uint32, uint32) { return s.YCbCrAt(x, y).RGBA() }
	}
	w, h := r.Dx(), r.Dy()
	if pal != nil {
		flat := make([]int32, 0, 4*len(pal))
		for _, p := range pal {
			flat = append(flat, p[0], p[1], p[2], p[3])
		}
		sp4 := make([]int32, 0, 4*w*h)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				sr, sg, sb, sa := px(sp.X+x, sp.Y+y)
				sp4 = append(sp4, int32(sr), int32(sg), int32(sb), int32(sa))
			}
		}
		if len(pal) > 0 {
			ditherIndex(sp4, w, h, flat, diffuse, pix, stride)
		} else {
			// An empty palette: index 0 everywhere, and no color to diffuse
			// the error from (Go's loop then indexes out of range).
			for y := 0; y < h; y++ {
				clear(pix[y*stride : y*stride+w])
			}
			if diffuse {
				_ = pal[0]
			}
		}
		return
	}
	out := color.RGBA64{A: 0xffff}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			sr, sg, sb, sa := px(sp.X+x, sp.Y+y)
			e := [4]int32{int32(sr), int32(sg), int32(sb), int32(sa)}
			if diffuse {
				for k := 0; k < 4; k++ {
					e[k] = clamp16(e[k] + cur[x+1][k]/16)
				}
			}
			out.R, out.G, out.B, out.A = uint16(e[0]), uint16(e[1]), uint16(e[2]), uint16(e[3])
			dst.Set(r.Min.X+x, r.Min.Y+y, &out)
			if !diffuse {
				continue
			}
			gr, gg, gb, ga := dst.At(r.Min.X+x, r.Min.Y+y).RGBA()
			e[0] -= int32(gr)
			e[1] -= int32(gg)
			e[2] -= int32(gb)
			e[3] -= int32(ga)
			for k := 0; k < 4; k++ {
				next[x][k] += e[k] * 3
				next[x+1][k] += e[k] * 5
				next[x+2][k] += e[k]
				cur[x+2][k] += e[k] * 7
			}
		}
		if diffuse {
			cur, next = next, cur
			clear(next)
		}
	}
}
