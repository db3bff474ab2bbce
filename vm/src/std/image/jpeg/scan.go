package jpeg

import "image"

// allocate makes the destination image for mcusX by mcusY MCUs.
func (d *jpegDecoder) allocate(mcusX, mcusY int) {
	if d.nComp == 1 {
		g := image.NewGray(image.Rect(0, 0, 8*mcusX, 8*mcusY))
		d.gray = g.SubImage(image.Rect(0, 0, d.width, d.height)).(*image.Gray)
		return
	}
	ratio := image.YCbCrSubsampleRatio444
	c0, c1, c2 := d.comps[0], d.comps[1], d.comps[2]
	if c1.h != c2.h || c1.v != c2.v || c0.h != d.maxH || c0.v != d.maxV {
		d.expand = true
	} else {
		switch (d.maxH/c1.h)*16 + d.maxV/c1.v {
		case 0x11:
			ratio = image.YCbCrSubsampleRatio444
		case 0x12:
			ratio = image.YCbCrSubsampleRatio440
		case 0x21:
			ratio = image.YCbCrSubsampleRatio422
		case 0x22:
			ratio = image.YCbCrSubsampleRatio420
		case 0x41:
			ratio = image.YCbCrSubsampleRatio411
		case 0x42:
			ratio = image.YCbCrSubsampleRatio410
		default:
			d.expand = true
		}
	}
	m := image.NewYCbCr(image.Rect(0, 0, 8*d.maxH*mcusX, 8*d.maxV*mcusY), ratio)
	d.ycc = m.SubImage(image.Rect(0, 0, d.width, d.height)).(*image.YCbCr)
	if d.nComp == 4 {
		h3, v3 := d.comps[3].h, d.comps[3].v
		d.black = make([]byte, 8*h3*mcusX*8*v3*mcusY)
		d.blackStep = 8 * h3 * mcusX
	}
}

type scanComp struct {
	ci     int
	dc, ac uint8
}

func (d *jpegDecoder) readSOS(n int) error {
	if d.nComp == 0 {
		return FormatError("missing SOF marker")
	}
	if n < 6 || n > 4+2*d.nComp || n%2 != 0 {
		return FormatError("SOS has wrong length")
	}
	t := d.tmp[:n]
	if err := d.readAll(t); err != nil {
		return err
	}
	ns := int(t[0])
	if n != 4+2*ns {
		return FormatError("SOS length inconsistent with number of components")
	}
	var sc [4]scanComp
	sum := 0
	for i := 0; i < ns; i++ {
		sel := t[1+2*i]
		ci := -1
		for k := 0; k < d.nComp; k++ {
			if d.comps[k].id == sel {
				ci = k
			}
		}
		if ci < 0 {
			return FormatError("unknown component selector")
		}
		sc[i].ci = ci
		for k := 0; k < i; k++ {
			if sc[k].ci == ci {
				return FormatError("repeated component selector")
			}
		}
		sum += d.comps[ci].h * d.comps[ci].v
		sc[i].dc = t[2+2*i] >> 4
		if sc[i].dc > 3 || (d.baseline && sc[i].dc > 1) {
			return FormatError("bad Td value")
		}
		sc[i].ac = t[2+2*i] & 15
		if sc[i].ac > 3 || (d.baseline && sc[i].ac > 1) {
			return FormatError("bad Ta value")
		}
	}
	if d.nComp > 1 && sum > 10 {
		return FormatError("total sampling factors too large")
	}
	ss, se, ah, al := int32(0), int32(63), uint32(0), uint32(0)
	if d.progressive {
		ss = int32(t[1+2*ns])
		se = int32(t[2+2*ns])
		ah = uint32(t[3+2*ns] >> 4)
		al = uint32(t[3+2*ns] & 15)
		if (ss == 0 && se != 0) || ss > se || se >= 64 {
			return FormatError("bad spectral selection bounds")
		}
		if ss != 0 && ns != 1 {
			return FormatError("progressive AC coefficients for more than one component")
		}
		if ah != 0 && ah != al+1 {
			return FormatError("bad successive approximation values")
		}
	}

	mcusX := (d.width + 8*d.maxH - 1) / (8 * d.maxH)
	mcusY := (d.height + 8*d.maxV - 1) / (8 * d.maxV)
	if d.gray == nil && d.ycc == nil {
		d.allocate(mcusX, mcusY)
	}
	if d.progressive {
		for i := 0; i < ns; i++ {
			ci := sc[i].ci
			if d.coeffs[ci] == nil {
				d.coeffs[ci] = make([]int32, 64*mcusX*mcusY*d.comps[ci].h*d.comps[ci].v)
			}
		}
	}

	d.acc, d.mask, d.nbits = 0, 0, 0
	mcu := 0
	nextRST := uint8(mkRST0)
	var dcPred [4]int32
	work := make([]int32, 64)
	seq := 0
	for my := 0; my < mcusY; my++ {
		for mx := 0; mx < mcusX; mx++ {
			for i := 0; i < ns; i++ {
				ci := sc[i].ci
				h, v := d.comps[ci].h, d.comps[ci].v
				for j := 0; j < h*v; j++ {
					var bx, by int
					if ns != 1 {
						bx = h*mx + j%h
						by = v*my + j/h
					} else {
						// A non-interleaved scan covers only the blocks that
						// hold pixels, in raster order.
						perRow := mcusX * h
						bx = seq % perRow
						by = seq / perRow
						seq++
						if bx*8 >= d.width || by*8 >= d.height {
							continue
						}
					}
					var b []int32
					if d.progressive {
						off := 64 * (by*mcusX*h + bx)
						b = d.coeffs[ci][off : off+64]
					} else {
						clear(work)
						b = work
					}
					if ah != 0 {
						if err := d.refine(b, &d.tables[1][sc[i].ac], ss, se, int32(1)<<al); err != nil {
							return err
						}
					} else if err := d.firstPass(b, sc[i], ci, &dcPred, ss, se, al); err != nil {
						return err
					}
					if d.progressive {
						continue
					}
					if err := d.output(b, bx, by, ci); err != nil {
						return err
					}
				}
			}
			mcu++
			if d.restart > 0 && mcu%d.restart == 0 && mcu < mcusX*mcusY {
				if err := d.readAll(d.tmp[:2]); err != nil {
					return err
				}
				if d.tmp[0] != 0xff || d.tmp[1] != nextRST {
					if err := d.seekRST(nextRST); err != nil {
						return err
					}
				}
				nextRST++
				if nextRST == mkRST7+1 {
					nextRST = mkRST0
				}
				d.acc, d.mask, d.nbits = 0, 0, 0
				dcPred = [4]int32{}
				d.eobRun = 0
			}
		}
	}
	return nil
}

// firstPass decodes a baseline block, or the first scan of a progressive
// band (DC or AC), into b.
func (d *jpegDecoder) firstPass(b []int32, s scanComp, ci int, dcPred *[4]int32, ss, se int32, al uint32) error {
	k := ss
	if k == 0 {
		k = 1
		sz, err := d.huff(&d.tables[0][s.dc])
		if err != nil {
			return err
		}
		if sz > 16 {
			return UnsupportedError("excessive DC component")
		}
		diff, err := d.extend(sz)
		if err != nil {
			return err
		}
		dcPred[ci] += diff
		b[0] = dcPred[ci] << al
	}
	if k <= se && d.eobRun > 0 {
		d.eobRun--
		return nil
	}
	t := &d.tables[1][s.ac]
	for ; k <= se; k++ {
		rs, err := d.huff(t)
		if err != nil {
			return err
		}
		run, size := rs>>4, rs&15
		if size != 0 {
			k += int32(run)
			if k > se {
				break
			}
			v, err := d.extend(size)
			if err != nil {
				return err
			}
			b[zigzag[k]] = v << al
			continue
		}
		if run == 15 {
			k += 15
			continue
		}
		d.eobRun = uint16(1) << run
		if run != 0 {
			extra, err := d.bitsN(int32(run))
			if err != nil {
				return err
			}
			d.eobRun |= uint16(extra)
		}
		d.eobRun--
		break
	}
	return nil
}

// refine decodes a successive-approximation refinement scan (G.1.2.3).
func (d *jpegDecoder) refine(b []int32, t *huffTable, ss, se, delta int32) error {
	if ss == 0 {
		set, err := d.bit()
		if err != nil {
			return err
		}
		if set {
			b[0] |= delta
		}
		return nil
	}
	k := ss
	if d.eobRun == 0 {
		for ; k <= se; k++ {
			rs, err := d.huff(t)
			if err != nil {
				return err
			}
			run, size := int32(rs>>4), rs&15
			nv := int32(0)
			if size == 0 {
				if run != 15 {
					d.eobRun = uint16(1) << uint(run)
					if run != 0 {
						extra, err := d.bitsN(run)
						if err != nil {
							return err
						}
						d.eobRun |= uint16(extra)
					}
					break
				}
			} else if size == 1 {
				nv = delta
				set, err := d.bit()
				if err != nil {
					return err
				}
				if !set {
					nv = -nv
				}
			} else {
				return FormatError("unexpected Huffman code")
			}
			k, err = d.refineRun(b, k, se, run, delta)
			if err != nil {
				return err
			}
			if k > se {
				return FormatError("too many coefficients")
			}
			if nv != 0 {
				b[zigzag[k]] = nv
			}
		}
	}
	if d.eobRun > 0 {
		d.eobRun--
		if _, err := d.refineRun(b, k, se, -1, delta); err != nil {
			return err
		}
	}
	return nil
}

// refineRun adds correction bits to the nonzero coefficients from k on,
// stopping at the zero coefficient after skipping zeros of them (never,
// when zeros is negative); it returns where it stopped.
func (d *jpegDecoder) refineRun(b []int32, k, se, zeros, delta int32) (int32, error) {
	for ; k <= se; k++ {
		p := zigzag[k]
		if b[p] == 0 {
			if zeros == 0 {
				break
			}
			zeros--
			continue
		}
		set, err := d.bit()
		if err != nil {
			return 0, err
		}
		if !set {
			continue
		}
		if b[p] >= 0 {
			b[p] += delta
		} else {
			b[p] -= delta
		}
	}
	return k, nil
}

func (d *jpegDecoder) finishProgressive() error {
	mcusX := (d.width + 8*d.maxH - 1) / (8 * d.maxH)
	for ci := 0; ci < d.nComp; ci++ {
		if d.coeffs[ci] == nil {
			continue
		}
		bh := 8 * d.maxH / d.comps[ci].h
		bv := 8 * d.maxV / d.comps[ci].v
		perRow := mcusX * d.comps[ci].h
		for by := 0; by*bv < d.height; by++ {
			for bx := 0; bx*bh < d.width; bx++ {
				off := 64 * (by*perRow + bx)
				if err := d.output(d.coeffs[ci][off:off+64], bx, by, ci); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// output dequantizes block b, transforms it and stores its pixels.
func (d *jpegDecoder) output(b []int32, bx, by, ci int) error {
	eh, ev := 1, 1
	if d.expand {
		eh, ev = d.comps[ci].xh, d.comps[ci].xv
		bx, by = bx*eh, by*ev
	}
	var plane []byte
	step := 0
	if d.nComp == 1 {
		plane, step = d.gray.Pix, d.gray.Stride
	} else {
		switch ci {
		case 0:
			plane, step = d.ycc.Y, d.ycc.YStride
		case 1:
			plane, step = d.ycc.Cb, d.ycc.CStride
		case 2:
			plane, step = d.ycc.Cr, d.ycc.CStride
		case 3:
			plane, step = d.black, d.blackStep
		default:
			return UnsupportedError("too many components")
		}
	}
	idctStore(b, d.quant[d.comps[ci].tq][:], plane, 8*(by*step+bx), step, eh, ev)
	return nil
}

// idctStore dequantizes the coefficients b with q (in zig-zag order),
// applies the inverse transform and stores the samples plus 128, clamped, in plane
// from base on, a row every step bytes, each sample repeated eh times
// across and ev times down.
func idctStore(b, q []int32, plane []byte, base, step, eh, ev int)

// seekRST looks for the restart marker want, starting with the two bytes
// in tmp.
func (d *jpegDecoder) seekRST(want uint8) error {
	for {
		i := 0
		if d.tmp[0] == 0xff {
			if d.tmp[1] == want {
				return nil
			}
			if d.tmp[1] == 0xff {
				i = 1
			} else if d.tmp[1] != 0 {
				return FormatError("bad RST marker")
			}
		} else if d.tmp[1] == 0xff {
			d.tmp[0] = 0xff
			i = 1
		}
		if err := d.readAll(d.tmp[i:2]); err != nil {
			return err
		}
	}
}
