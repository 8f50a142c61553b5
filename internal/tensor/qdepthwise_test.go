package tensor

import (
	"math"
	"math/rand"
	"testing"
)

// The float32 depthwise route gives the int64 reference's sums exactly, on
// shapes with edge tiles (widths not a multiple of the row kernels'),
// channel multipliers, strides, dilations, pads and zero points at the
// ends of their range; where its bound fails the direct loop does.
func TestDepthwiseIntegerMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	zeros := map[DType][]int32{I8: {-128, 127, 0, -3}, U8: {0, 255, 128, 7}}
	for trial := range 240 {
		xdt, wdt := []DType{U8, I8}[trial%2], []DType{I8, U8}[(trial/2)%2]
		c, mult := 1+rng.Intn(5), 1+rng.Intn(2)
		if trial%5 == 0 {
			c = 2 + rng.Intn(3)
		}
		h, w := 1+rng.Intn(19), 1+rng.Intn(23)
		kh, kw := []int{3, 3, 1, 5, 2}[trial%5], []int{3, 3, 1, 5, 3}[trial%5]
		x := randInts(rng, xdt, []int64{int64(1 + rng.Intn(2)), int64(c), int64(h), int64(w)})
		wt := randInts(rng, wdt, []int64{int64(c * mult), 1, int64(kh), int64(kw)})
		p := Conv2DParams{Strides: [2]int{1 + rng.Intn(2), 1 + rng.Intn(2)}, Dilations: [2]int{1 + rng.Intn(2), 1 + rng.Intn(2)},
			Pads: [4]int{rng.Intn(3), rng.Intn(3), rng.Intn(3), rng.Intn(3)}, Groups: c}
		xz := zeros[xdt][rng.Intn(4)]
		var wz []int32
		switch trial % 3 {
		case 1:
			wz = []int32{zeros[wdt][rng.Intn(4)]}
		case 2:
			wz = make([]int32, c*mult)
			for i := range wz {
				wz[i] = zeros[wdt][rng.Intn(4)]
			}
		}
		if trial%7 == 6 {
			xz = 30000 // beyond the float route's bound: the direct loop
		}
		shape, err := ConvIntegerOutShape(x.shape, wt.shape, p)
		if err != nil {
			continue
		}
		n, _ := NumElements(shape)
		acc := make([]int32, n)
		if err := ConvIntegerInto(acc, x, xz, wt, wz, p); err != nil {
			t.Fatal(err)
		}
		want := refConvInteger(x, wt, int64(xz), wz, p)
		for i := range want {
			if int64(acc[i]) != want[i] {
				t.Fatalf("trial %d (%v×%v, %v, x zero %d, w zeros %v): element %d = %d, reference %d",
					trial, xdt, wdt, p, xz, wz, i, acc[i], want[i])
			}
		}
	}
}

func TestDepthwiseIntExactBound(t *testing.T) {
	g := &convGeom{n: 1, c: 2, h: 8, w: 8, m: 2, kh: 3, kw: 3, oh: 8, ow: 8, cg: 1, mg: 1, sh: 1, sw: 1, dh: 1, dw: 1, pt: 1, pl: 1, groups: 2}
	w := make([]int8, 18)
	w[0] = -128
	if !depthwiseIntExact(g, 0, 255, 0, w, nil) {
		t.Error("u8 × i8 3×3 reported inexact")
	}
	if depthwiseIntExact(g, 0, 255, 30000, w, nil) {
		t.Error("9 × 30000 × 128 > 2^24 reported exact")
	}
}

// refRequant is MLAS's requantization as the scalar interpreter path
// computes it (quantize.Params.RequantizeAcc): float64 rounding of the
// float32 product, then saturation.
func refRequant(acc, bias int32, scale float32, zero, lo, hi int32) int64 {
	r := math.RoundToEven(float64(float32(float32(acc+bias) * scale)))
	if math.IsNaN(r) {
		return int64(min(max(zero, lo), hi))
	}
	v := r + float64(zero)
	return int64(max(min(v, float64(hi)), float64(lo)))
}

func TestRequantizerMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	accs := []int32{0, 1, -1, math.MaxInt32, math.MinInt32, 1 << 24, 1<<24 + 1, -(1 << 24) - 3}
	for trial := range 40 {
		dt := []DType{U8, I8, U16, I16}[trial%4]
		lo, hi := int32(0), int32(255)
		switch dt {
		case I8:
			lo, hi = -128, 127
		case U16:
			lo, hi = 0, 65535
		case I16:
			lo, hi = -32768, 32767
		}
		if trial%5 == 4 {
			lo, hi = lo+1, hi-3 // a narrow range
		}
		zero := lo + rng.Int31n(hi-lo+1)
		if trial%6 == 0 {
			zero = []int32{lo, hi}[trial%2]
		}
		m, plane := 1+rng.Intn(5), rng.Intn(70)
		scales := make([]float32, m)
		for i := range scales {
			scales[i] = float32(math.Ldexp(rng.Float64()+0.5, -rng.Intn(20)))
		}
		// Ties: a scale of 0.5 puts every odd accumulator on one.
		scales[0] = 0.5
		if trial%9 == 8 {
			scales[m-1] = float32(math.Inf(1))
		}
		var bias []int32
		if trial%2 == 1 {
			bias = make([]int32, m)
			for i := range bias {
				bias[i] = rng.Int31n(2001) - 1000
			}
		}
		acc := make([]int32, 2*m*plane)
		for i := range acc {
			if rng.Intn(8) == 0 {
				acc[i] = accs[rng.Intn(len(accs))]
			} else {
				acc[i] = rng.Int31n(1<<20) - 1<<19
			}
		}
		r := &Requantizer{Scale: scales, Bias: bias, Zero: zero, Min: lo, Max: hi}
		dst := New(dt, int64(len(acc)))
		if err := r.RequantizeConv(dst, acc, m, plane); err != nil {
			t.Fatal(err)
		}
		for i, a := range acc {
			ch := (i / max(plane, 1)) % m
			b := int32(0)
			if bias != nil {
				b = bias[ch]
			}
			if got, want := dst.intAt(i), refRequant(a, b, scales[ch], zero, lo, hi); got != want {
				t.Fatalf("trial %d %v: acc %d bias %d scale %g zero %d [%d, %d]: %d, want %d", trial, dt, a, b, scales[ch], zero, lo, hi, got, want)
			}
		}
		// Matrix layout: channel = column.
		if plane == 0 {
			continue
		}
		cols := m
		mm := New(dt, int64(len(acc)/cols*cols))
		if err := r.RequantizeMatMul(mm, acc[:mm.Len()], cols); err != nil {
			t.Fatal(err)
		}
		for i := range mm.Len() {
			ch := i % cols
			b := int32(0)
			if bias != nil {
				b = bias[ch]
			}
			if got, want := mm.intAt(i), refRequant(acc[i], b, scales[ch], zero, lo, hi); got != want {
				t.Fatalf("trial %d %v matmul: element %d: %d, want %d", trial, dt, i, got, want)
			}
		}
	}
}
