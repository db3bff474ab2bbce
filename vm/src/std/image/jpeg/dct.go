package jpeg

// The forward transform of the encoder works in fixed point: every
// constant below is a real number times 2**60, rounded; fix(x, n) gives it
// with n fraction bits. The order and precision of every operation follow
// Go's encoder, so that both produce the same integers. The decoder's
// inverse transform is the native idctStore (mod.rs), with the same
// constants and Go's order of operations.
const (
	kCos1      = 1130768441178740757 // cos(pi/16)
	kSin1      = 224923827593068887  // sin(pi/16)
	kCos3      = 958619196450722178  // cos(3pi/16)
	kSin3      = 640528868967736374  // sin(3pi/16)
	kSqrt2     = 1630477228166597777 // sqrt(2)
	kSqrt2Cos6 = 623956622067911264  // sqrt(2)*cos(6pi/16)
	kSqrt2Sin6 = 1506364539328854985 // sqrt(2)*sin(6pi/16)
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
