package jpeg

// The transforms work in fixed point: every constant below is a real
// number times 2**60, rounded; fix(x, n) gives it with n fraction bits.
// The order and precision of every operation follow the Go decoder and
// encoder, so that both produce the same integers.
const (
	kCos1       = 1130768441178740757 // cos(pi/16)
	kSin1       = 224923827593068887  // sin(pi/16)
	kCos3       = 958619196450722178  // cos(3pi/16)
	kSin3       = 640528868967736374  // sin(3pi/16)
	kSqrt2      = 1630477228166597777 // sqrt(2)
	kSqrt2Cos6  = 623956622067911264  // sqrt(2)*cos(6pi/16)
	kSqrt2Sin6  = 1506364539328854985 // sqrt(2)*sin(6pi/16)
	kSqrt2i     = 815238614083298888  // 1/sqrt(2)
	kSqrt2iCos6 = 311978311033955632  // cos(6pi/16)/sqrt(2)
	kSqrt2iSin6 = 753182269664427492  // sin(6pi/16)/sqrt(2)
)

func fix(x uint64, n uint) int32 {
	return int32((x + 1<<(59-n)) >> (60 - n))
}

// rotate is the butterfly with a rotation: for (a, b) it gives
// (kc*a + ks*b, kc*b - ks*a) computed with three multiplications.
func rotate(a, b, kc, ks int32) (int32, int32) {
	s := kc * (a + b)
	return s + (ks-kc)*b, s - (kc+ks)*a
}

var (
	// inverse transform, rows
	irC6 = fix(kSqrt2iCos6, 18)
	irS6 = -fix(kSqrt2iSin6, 18)
	irR2 = fix(kSqrt2i, 8)
	// inverse transform, columns
	icC6 = fix(kSqrt2iCos6, 12)
	icS6 = -fix(kSqrt2iSin6, 12)
	icR2 = fix(kSqrt2i, 14)
	// both passes of the inverse transform
	iC3 = fix(kCos3, 12)
	iS3 = -fix(kSin3, 12)
	iC1 = fix(kCos1, 12)
	iS1 = -fix(kSin1, 12)
	// forward transform, columns
	fcC3 = fix(kCos3, 18)
	fcS3 = fix(kSin3, 18)
	fcC1 = fix(kCos1, 18)
	fcS1 = fix(kSin1, 18)
	fcC6 = fix(kSqrt2Cos6, 18)
	fcS6 = fix(kSqrt2Sin6, 18)
	fcR2 = fix(kSqrt2, 12)
	// forward transform, rows
	frC3 = fix(kCos3, 14)
	frS3 = fix(kSin3, 14)
	frC1 = fix(kCos1, 14)
	frS1 = fix(kSin1, 14)
	frC6 = fix(kSqrt2Cos6, 14)
	frS6 = fix(kSqrt2Sin6, 14)
	frR2 = fix(kSqrt2, 14)
)

// inverseDCT transforms the 64 dequantized coefficients of b (natural
// order) into sample values minus 128, in place.
func inverseDCT(b []int32) {
	// Rows: coefficients in, Q9.20 out.
	for r := 0; r < 64; r += 8 {
		f0, f1, f2, f3 := b[r], b[r+1], b[r+2], b[r+3]
		f4, f5, f6, f7 := b[r+4], b[r+5], b[r+6], b[r+7]
		if f1|f2|f3|f4|f5|f6|f7 == 0 {
			// Only the DC term: the same value everywhere.
			if f0 != 0 {
				v := f0 << 17
				b[r], b[r+1], b[r+2], b[r+3] = v, v, v, v
				b[r+4], b[r+5], b[r+6], b[r+7] = v, v, v, v
			}
			continue
		}
		e0, e1 := f0<<17+f4<<17, f0<<17-f4<<17
		p2, p3 := rotate(f2, f6, irC6, irS6)
		e0, e3 := e0+p3, e0-p3
		e1, e2 := e1+p2, e1-p2
		o7, o4 := f1<<7+f7<<7, f1<<7-f7<<7
		m5, m6 := f3*irR2, f5*irR2
		o7, o5 := o7+m5, o7-m5
		o4, o6 := o4+m6, o4-m6
		o4, o7 = rotate(o4>>2, o7>>2, iC3, iS3)
		o5, o6 = rotate(o5>>2, o6>>2, iC1, iS1)
		b[r], b[r+7] = e0+o7, e0-o7
		b[r+1], b[r+6] = e1+o6, e1-o6
		b[r+2], b[r+5] = e2+o5, e2-o5
		b[r+3], b[r+4] = e3+o4, e3-o4
	}
	// Columns: Q9.20 in, samples out.
	for c := 0; c < 8; c++ {
		f0, f1, f2, f3 := b[c], b[c+8], b[c+16], b[c+24]
		f4, f5, f6, f7 := b[c+32], b[c+40], b[c+48], b[c+56]
		f0 += 1 << 19
		if f1|f2|f3|f4|f5|f6|f7 == 0 {
			v := (f0 >> 2) >> 18
			b[c], b[c+8], b[c+16], b[c+24] = v, v, v, v
			b[c+32], b[c+40], b[c+48], b[c+56] = v, v, v, v
			continue
		}
		e0, e1 := (f0+f4)>>2, (f0-f4)>>2
		p2, p3 := rotate(f2>>13, f6>>13, icC6, icS6)
		e0, e3 := e0+p3, e0-p3
		e1, e2 := e1+p2, e1-p2
		o7, o4 := f1+f7, f1-f7
		m5, m6 := (f3>>13)*icR2, (f5>>13)*icR2
		o7, o5 := o7+m5, o7-m5
		o4, o6 := o4+m6, o4-m6
		o4, o7 = rotate(o4>>14, o7>>14, iC3, iS3)
		o5, o6 = rotate(o5>>14, o6>>14, iC1, iS1)
		b[c], b[c+56] = (e0+o7)>>18, (e0-o7)>>18
		b[c+8], b[c+48] = (e1+o6)>>18, (e1-o6)>>18
		b[c+16], b[c+40] = (e2+o5)>>18, (e2-o5)>>18
		b[c+24], b[c+32] = (e3+o4)>>18, (e3-o4)>>18
	}
}

// forwardDCT transforms the 64 samples of b (0..255, natural order) into
// coefficients scaled by 8, in place.
func forwardDCT(b []int32) {
	for c := 0; c < 8; c++ {
		s0, d7 := b[c]+b[c+56], b[c]-b[c+56]
		s1, d6 := b[c+8]+b[c+48], b[c+8]-b[c+48]
		s2, d5 := b[c+16]+b[c+40], b[c+16]-b[c+40]
		s3, d4 := b[c+24]+b[c+32], b[c+24]-b[c+32]
		d4, d7 = rotate(d4, d7, fcC3, fcS3)
		d5, d6 = rotate(d5, d6, fcC1, fcS1)
		t0, t3 := s0+s3, s0-s3
		t1, t2 := s1+s2, s1-s2
		t2, t3 = rotate(t2, t3, fcC6, fcS6)
		b[c] = (t0 + t1 - 1024) << 18
		b[c+32] = (t0 - t1) << 18
		b[c+16] = t2
		b[c+48] = t3
		d4, d6 = d4+d6, d4-d6
		d7, d5 = d7+d5, d7-d5
		d5 = (d5 >> 12) * fcR2
		d6 = (d6 >> 12) * fcR2
		b[c+8] = d7 + d4
		b[c+24] = d5
		b[c+40] = d6
		b[c+56] = d7 - d4
	}
	for r := 0; r < 64; r += 8 {
		s0, d7 := b[r]+b[r+7], b[r]-b[r+7]
		s1, d6 := b[r+1]+b[r+6], b[r+1]-b[r+6]
		s2, d5 := b[r+2]+b[r+5], b[r+2]-b[r+5]
		s3, d4 := b[r+3]+b[r+4], b[r+3]-b[r+4]
		d4, d7 = rotate(d4>>14, d7>>14, frC3, frS3)
		d5, d6 = rotate(d5>>14, d6>>14, frC1, frS1)
		t0, t3 := s0+s3, s0-s3
		t1, t2 := s1+s2, s1-s2
		t2, t3 = rotate(t2>>14, t3>>14, frC6, frS6)
		d4, d6 = d4+d6, d4-d6
		d7, d5 = d7+d5, d7-d5
		d5 = (d5 >> 14) * frR2
		d6 = (d6 >> 14) * frR2
		b[r] = (t0 + t1 + 1<<17) >> 18
		b[r+4] = (t0 - t1 + 1<<17) >> 18
		b[r+2] = (t2 + 1<<17) >> 18
		b[r+6] = (t3 + 1<<17) >> 18
		b[r+1] = (d7 + d4 + 1<<17) >> 18
		b[r+7] = (d7 - d4 + 1<<17) >> 18
		b[r+3] = (d5 + 1<<17) >> 18
		b[r+5] = (d6 + 1<<17) >> 18
	}
}
