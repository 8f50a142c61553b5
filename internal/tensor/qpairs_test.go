package tensor

import (
	"math/rand"
	"testing"
)

// Integer convolutions through the GEMM, with the weight packed per call
// or once (PackConvInteger, also when packed for another kernel than the
// one in use), give the int64 reference's sums with every kernel: the
// pure-Go one (unpaired) and each SIMD one (k steps packed in pairs).
// Shapes cover odd K, K of several gemmKC blocks of pairs, groups, column
// counts that are not multiples of gemmNR, and zero points at the ends of
// their range.
func TestConvIntegerKernelsAndPacking(t *testing.T) {
	kernels := append([]gemmKernel[int32]{goKernI32}, simdVariants(simdKernelsI32())...)
	rng := rand.New(rand.NewSource(31))
	type geo struct{ c, m, h, w, kh, kw, groups int }
	shapes := []geo{{3, 4, 7, 9, 3, 3, 1}, {5, 6, 5, 5, 1, 1, 1}, {64, 13, 4, 6, 3, 3, 1}, {6, 8, 9, 5, 2, 3, 2}, {2, 17, 18, 3, 1, 2, 1}}
	for si, s := range shapes {
		for trial := range 4 {
			xdt, wdt := []DType{U8, I8}[trial%2], []DType{I8, U8}[trial/2]
			x := randInts(rng, xdt, []int64{int64(1 + trial%2), int64(s.c), int64(s.h), int64(s.w)})
			w := randInts(rng, wdt, []int64{int64(s.m), int64(s.c / s.groups), int64(s.kh), int64(s.kw)})
			p := Conv2DParams{Strides: [2]int{1 + trial%2, 1 + trial/2%2}, Pads: [4]int{1, trial % 2, 0, 1}, Groups: s.groups,
				Dilations: [2]int{1 + trial/3, 1 + trial%3/2}}
			if si == 1 {
				// 1x1, stride 1, no padding: the input is read in place.
				p.Pads, p.Strides = [4]int{}, [2]int{1, 1}
			}
			xz := map[DType][]int32{U8: {0, 255}, I8: {-128, 127}}[xdt][trial%2]
			if si == 0 && trial == 3 {
				xz = -1000 // not a stored value: packed without the padded planes
			}
			var wz []int32
			switch trial {
			case 1:
				wz = []int32{map[DType]int32{U8: 255, I8: -128}[wdt]}
			case 2, 3:
				wz = make([]int32, s.m)
				for i := range wz {
					wz[i] = int32(w.intAt(i))
				}
			}
			shape, err := ConvIntegerOutShape(x.shape, w.shape, p)
			if err != nil {
				continue // the dilated window is larger than the padded input
			}
			want := refConvInteger(x, w, int64(xz), wz, p)
			n, _ := NumElements(shape)
			check := func(what string, acc []int32) {
				t.Helper()
				for i := range want {
					if int64(acc[i]) != want[i] {
						t.Fatalf("shape %d trial %d %s: element %d = %d, reference %d", si, trial, what, i, acc[i], want[i])
					}
				}
			}
			for _, packWith := range kernels {
				useKernels(t, goKernF32, packWith)
				pw, err := PackConvInteger(w, wz, s.groups)
				if err != nil {
					t.Fatal(err)
				}
				for _, kern := range kernels {
					useKernels(t, goKernF32, kern)
					acc := make([]int32, n)
					if err := ConvIntegerPackedInto(acc, x, xz, pw, p); err != nil {
						t.Fatal(err)
					}
					check(kern.name+" packed for "+packWith.name, acc)
					if packWith.name == kern.name {
						clear(acc)
						if err := ConvIntegerInto(acc, x, xz, w, wz, p); err != nil {
							t.Fatal(err)
						}
						check(kern.name, acc)
					}
				}
			}
		}
	}
}

func TestPackConvIntegerRejects(t *testing.T) {
	w := New(I8, 4, 2, 3, 3)
	if _, err := PackConvInteger(New(F32, 4, 2, 3, 3), nil, 1); err == nil {
		t.Error("f32 weight accepted")
	}
	if _, err := PackConvInteger(w, nil, 3); err == nil {
		t.Error("4 channels in 3 groups accepted")
	}
	if _, err := PackConvInteger(w, []int32{1, 2}, 1); err == nil {
		t.Error("2 zero points for 4 channels accepted")
	}
	pw, err := PackConvInteger(w, nil, 2)
	if err != nil {
		t.Fatal(err)
	}
	x := New(U8, 1, 4, 5, 5)
	if err := ConvIntegerPackedInto(make([]int32, 4*9), x, 0, pw, Conv2DParams{Groups: 1}); err == nil {
		t.Error("groups other than the packed ones accepted")
	}
}

// ConvIntegerRequantInto (requantizing GEMM tiles as they finish) stores
// what ConvIntegerInto then RequantizeConv store, for GEMM, depthwise and
// direct convolutions, packed weights or not, at one thread and several.
func TestConvIntegerRequantIntoMatchesTwoSteps(t *testing.T) {
	rng := rand.New(rand.NewSource(33))
	type geo struct{ c, m, h, w, kh, kw, groups int }
	shapes := []geo{{3, 70, 23, 29, 3, 3, 1}, {16, 24, 9, 9, 1, 1, 1}, {8, 8, 11, 13, 3, 3, 8}, {6, 12, 7, 5, 3, 3, 3}, {64, 5, 4, 4, 3, 3, 1}}
	for _, th := range []int{1, 3} {
		prev := SetThreads(th)
		for si, s := range shapes {
			for trial := range 3 {
				x := randInts(rng, U8, []int64{1, int64(s.c), int64(s.h), int64(s.w)})
				w := randInts(rng, I8, []int64{int64(s.m), int64(s.c / s.groups), int64(s.kh), int64(s.kw)})
				p := Conv2DParams{Strides: [2]int{1 + trial%2, 1 + trial%2}, Pads: [4]int{1, 1, 1, 1}, Groups: s.groups}
				shape, err := ConvIntegerOutShape(x.shape, w.shape, p)
				if err != nil {
					t.Fatal(err)
				}
				n, _ := NumElements(shape)
				m, plane := int(shape[1]), int(shape[2]*shape[3])
				scales := make([]float32, m)
				bias := make([]int32, m)
				for i := range scales {
					scales[i] = float32(1e-3 * (1 + rng.Float64()))
					bias[i] = rng.Int31n(20001) - 10000
				}
				r := &Requantizer{Scale: scales, Bias: bias, Zero: int32(rng.Intn(256)), Min: 0, Max: 255}
				if trial == 2 {
					r.Bias = nil
				}
				wz := []int32{int32(trial) - 1}
				acc := make([]int32, n)
				if err := ConvIntegerInto(acc, x, 7, w, wz, p); err != nil {
					t.Fatal(err)
				}
				want := New(U8, shape...)
				if err := r.RequantizeConv(want, acc, m, plane); err != nil {
					t.Fatal(err)
				}
				var pw *PackedConvInteger
				if trial == 1 {
					if pw, err = PackConvInteger(w, wz, s.groups); err != nil {
						t.Fatal(err)
					}
				}
				got, acc2 := New(U8, shape...), make([]int32, n)
				if err := ConvIntegerRequantInto(got, acc2, x, 7, w, wz, pw, p, r); err != nil {
					t.Fatal(err)
				}
				for i, v := range want.Uint8s() {
					if got.Uint8s()[i] != v {
						t.Fatalf("threads %d shape %d trial %d: element %d = %d (acc %d), want %d", th, si, trial, i, got.Uint8s()[i], acc[i], v)
					}
				}
			}
		}
		SetThreads(prev)
	}
}

// The shifted planes of stride-1 convolutions hold, for each channel and
// kernel column kj, input (r − pt, o + kj·dw − pl) at row r, column o, or
// the zero point outside the image: for narrow images (one run of the
// input per plane) and wide ones (row by row), symmetric and lopsided
// pads, dilations.
func TestPadShiftedMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewSource(41))
	for trial := range 60 {
		h, w := 1+rng.Intn(12), 1+rng.Intn(40)
		kh, kw := 1+rng.Intn(3), 1+rng.Intn(3)
		dil := 1 + rng.Intn(2)
		pads := [4]int{rng.Intn(3), rng.Intn(3), rng.Intn(3), rng.Intn(3)}
		if trial%2 == 0 { // "same" padding: rows as wide as the image's
			pads = [4]int{(kh - 1) * dil / 2, (kw - 1) * dil / 2, (kh-1)*dil - (kh-1)*dil/2, (kw-1)*dil - (kw-1)*dil/2}
		}
		c := 1 + rng.Intn(3)
		x := randInts(rng, U8, []int64{1, int64(c), int64(h), int64(w)})
		g, err := convGeometry(x.shape, []int64{2, int64(c), int64(kh), int64(kw)}, Conv2DParams{Pads: pads, Dilations: [2]int{dil, dil}})
		if err != nil {
			continue
		}
		hp := g.oh + (g.kh-1)*g.dh
		var buf []uint8
		zero := uint8(7 + trial)
		xp := padShifted(g, x.Uint8s(), zero, hp, 0, &buf)
		xv := x.Uint8s()
		for ch := range c {
			for kj := range kw {
				for r := range hp {
					for o := range g.ow {
						iy, ix := r-g.pt, o+kj*g.dw-g.pl
						want := zero
						if iy >= 0 && iy < h && ix >= 0 && ix < w {
							want = xv[(ch*h+iy)*w+ix]
						}
						if got := xp.data[((ch*kw+kj)*hp+r)*g.ow+o]; got != want {
							t.Fatalf("trial %d (%dx%d, kernel %dx%d, dilation %d, pads %v): channel %d kj %d row %d col %d = %d, want %d",
								trial, h, w, kh, kw, dil, pads, ch, kj, r, o, got, want)
						}
					}
				}
			}
		}
	}
}
