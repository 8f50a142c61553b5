package tensor

import (
	"fmt"
	"math/rand"
	"testing"
)

// useQuadKernel makes convolutions take the quad path with k (the empty
// kernel turns it off) for the rest of the test.
func useQuadKernel(t *testing.T, k gemmKernel[int32]) {
	t.Helper()
	prev := *kernU8S8
	*kernU8S8 = k
	t.Cleanup(func() { *kernU8S8 = prev })
}

// TestQuadKernels: every quad kernel this CPU runs computes Σ over four
// unsigned B bytes times four signed A bytes per lane, without
// saturation, on extreme and random bytes.
func TestQuadKernels(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	ks := simdVariants(simdKernelsU8S8())
	if len(ks) == 0 {
		t.Skip("no quad kernel on this CPU or build")
	}
	for _, k := range ks {
		for _, kc := range []int{1, 3, 64, gemmKC} {
			for _, fill := range []string{"random", "extreme"} {
				a := make([]int32, kc*k.mr)
				b := make([]int32, kc*gemmNR+5*gemmNR)
				for i := range a {
					a[i] = int32(rng.Uint32())
					if fill == "extreme" {
						a[i] = -0x7f7f7f80 // 0x80808080: -128 four times
					}
				}
				for i := range b {
					b[i] = int32(rng.Uint32())
					if fill == "extreme" {
						b[i] = -1 // 255 four times
					}
				}
				for _, ldb := range []int{gemmNR, gemmNR + 5} {
					if (kc-1)*ldb+gemmNR > len(b) {
						continue
					}
					for _, acc := range []bool{false, true} {
						init := make([]int32, k.mr*gemmNR)
						for i := range init {
							init[i] = int32(rng.Uint32())
						}
						want := append([]int32(nil), init...)
						for i := range k.mr {
							for j := range gemmNR {
								var s int32
								for p := range kc {
									av, bv := uint32(a[p*k.mr+i]), uint32(b[p*ldb+j])
									for q := range 4 {
										s += int32(int8(av>>(8*q))) * int32(uint8(bv>>(8*q)))
									}
								}
								if acc {
									want[i*gemmNR+j] += s
								} else {
									want[i*gemmNR+j] = s
								}
							}
						}
						got := append([]int32(nil), init...)
						k.call(kc, a, b, got, gemmNR, ldb, acc)
						for i := range want {
							if got[i] != want[i] {
								t.Fatalf("%s kc=%d %s ldb=%d acc=%v: element %d = %d, want %d", k.name, kc, fill, ldb, acc, i, got[i], want[i])
							}
						}
					}
				}
			}
		}
	}
}

// TestConvIntegerQuads: convolutions on the quad kernels (uint8 and
// int8 inputs at extreme zero points, int8 weights with zero point 0 and
// uint8 ones with 128, per tensor and per channel) equal the reference
// sums bit for bit, packed or not, with the requantization fused or not,
// and the quad path is taken exactly when the weight allows it.
func TestConvIntegerQuads(t *testing.T) {
	poisonPads = true
	t.Cleanup(func() { poisonPads = false })
	quads := simdVariants(simdKernelsU8S8())
	if len(quads) == 0 {
		t.Skip("no quad kernel on this CPU or build")
	}
	rng := rand.New(rand.NewSource(41))
	type geo struct{ n, c, m, h, w, kh, kw, groups, sh, sw, pad, dil int }
	shapes := []geo{
		{1, 3, 4, 7, 9, 3, 3, 1, 1, 1, 1, 1},     // K = 27: a partial last quad
		{2, 16, 24, 6, 5, 1, 1, 1, 1, 1, 0, 1},   // pointwise, read in place
		{1, 64, 13, 9, 11, 3, 3, 1, 2, 2, 1, 1},  // stride 2, gathered rows
		{1, 6, 8, 9, 5, 2, 3, 2, 1, 2, 1, 1},     // groups, mixed strides
		{1, 5, 17, 12, 10, 3, 3, 1, 1, 1, 2, 2},  // dilation
		{1, 40, 30, 20, 37, 3, 3, 1, 1, 1, 1, 1}, // many column panels
	}
	for si, s := range shapes {
		for trial := range 6 {
			xdt := []DType{U8, I8}[trial%2]
			wdt := []DType{I8, U8}[trial/2%2]
			x := randInts(rng, xdt, []int64{int64(s.n), int64(s.c), int64(s.h), int64(s.w)})
			w := randInts(rng, wdt, []int64{int64(s.m), int64(s.c / s.groups), int64(s.kh), int64(s.kw)})
			xz := map[DType][]int32{U8: {0, 255, 131}, I8: {-128, 127, 3}}[xdt][trial%3]
			var wz []int32
			wantQuads := wdt == I8
			switch {
			case wdt == U8 && trial < 4:
				wz = []int32{128}
				wantQuads = true
			case wdt == U8:
				wz = make([]int32, s.m)
				for i := range wz {
					wz[i] = 128
				}
				wantQuads = true
			case trial == 4:
				wz = make([]int32, s.m) // zeros per channel
			}
			if trial == 5 && wdt == I8 {
				wz, wantQuads = []int32{1}, false
			}
			p := Conv2DParams{Strides: [2]int{s.sh, s.sw}, Pads: [4]int{s.pad, s.pad, s.pad, s.pad}, Groups: s.groups,
				Dilations: [2]int{s.dil, s.dil}}
			if trial == 3 {
				p.Pads = [4]int{0, s.pad, s.pad, 0}
			}
			shape, err := ConvIntegerOutShape(x.shape, w.shape, p)
			if err != nil {
				t.Fatal(err)
			}
			want := refConvInteger(x, w, int64(xz), wz, p)
			n, _ := NumElements(shape)
			name := fmt.Sprintf("shape %d trial %d (%v x %v, zx %d, zw %v)", si, trial, xdt, wdt, xz, wz)
			check := func(what string, acc []int32) {
				t.Helper()
				for i := range want {
					if int64(acc[i]) != want[i] {
						t.Fatalf("%s %s: element %d = %d, reference %d", name, what, i, acc[i], want[i])
					}
				}
			}
			r := &Requantizer{Scale: []float32{0.0123}, Bias: make([]int32, s.m), Zero: 7, Min: 0, Max: 255}
			for i := range r.Bias {
				r.Bias[i] = int32(rng.Intn(2001) - 1000)
			}
			if trial%2 == 1 {
				r.Bias = nil
			}
			for _, k := range quads {
				useQuadKernel(t, k)
				g, err := convGeometry(x.shape, w.shape, p)
				if err != nil {
					t.Fatal(err)
				}
				acc := make([]int32, n)
				if took := convIntegerQuads(g, acc, x, xz, w, wz, nil, nil); took != wantQuads {
					t.Fatalf("%s %s: quad path taken = %v, want %v", name, k.name, took, wantQuads)
				}
				if !wantQuads {
					continue
				}
				check(k.name, acc)
				pw, err := PackConvInteger(w, wz, s.groups)
				if err != nil {
					t.Fatal(err)
				}
				if pw.quads == nil {
					t.Fatalf("%s %s: PackConvInteger did not pack quads", name, k.name)
				}
				clear(acc)
				if err := ConvIntegerPackedInto(acc, x, xz, pw, p); err != nil {
					t.Fatal(err)
				}
				check(k.name+" packed", acc)
				// Fused requantization against the two steps.
				wantY := New(U8, shape...)
				if err := r.RequantizeConv(wantY, acc, s.m, int(shape[2]*shape[3])); err != nil {
					t.Fatal(err)
				}
				for _, packed := range []*PackedConvInteger{nil, pw} {
					y := New(U8, shape...)
					acc2 := make([]int32, n)
					if err := ConvIntegerRequantInto(y, acc2, x, xz, w, wz, packed, p, r); err != nil {
						t.Fatal(err)
					}
					for i, v := range y.data.([]uint8) {
						if v != wantY.data.([]uint8)[i] {
							t.Fatalf("%s %s packed=%v: requantized element %d = %d, want %d", name, k.name, packed != nil, i, v, wantY.data.([]uint8)[i])
						}
					}
				}
			}
		}
	}
}

// TestQuadPanels: the AVX packer writes what the Go loop does.
func TestQuadPanels(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, n16 := range []int{16, 48, 512} {
		for _, flip := range []byte{0, 0x80} {
			const kc = 5
			var r [4][]uint8
			for i := range r {
				r[i] = make([]uint8, n16)
				for j := range r[i] {
					r[i][j] = uint8(rng.Intn(256))
				}
			}
			got := make([]int32, (n16/16)*kc*16)
			want := make([]int32, len(got))
			quadPanels(got[2*16:], &r, n16, kc, flip)
			for j := range n16 {
				want[(j/16)*kc*16+2*16+j%16] = quadWord(r[0][j], r[1][j], r[2][j], r[3][j], flip)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("n16=%d flip=%#x: lane %d = %#x, want %#x", n16, flip, i, got[i], want[i])
				}
			}
		}
	}
}

// TestDepthwiseQuads: 3x3 depthwise convolutions on the VNNI quad kernel
// (strides 1 and 2, symmetric and one-sided padding, widths that leave a
// partial 16-lane block, channel multiplier 2, several images, runs of
// small planes requantized in one call across an image's end; uint8 and
// int8 inputs at extreme zero points; int8 weights with zero point 0,
// uint8 with 128) equal the reference sums, and the fused requantization
// the two-step one.
func TestDepthwiseQuads(t *testing.T) {
	if !hasDepthwiseQuads {
		t.Skip("no depthwise quad kernel on this CPU or build")
	}
	rng := rand.New(rand.NewSource(43))
	type geo struct{ n, c, mult, h, w, s int }
	// Planes with room around them in x are read in place, the first and
	// last through padded rows: many channels exercise both.
	shapes := []geo{{1, 5, 1, 7, 7, 1}, {2, 3, 1, 14, 19, 2}, {1, 4, 2, 9, 33, 1}, {1, 2, 1, 1, 1, 1}, {1, 3, 1, 40, 17, 2}, {1, 16, 1, 3, 16, 1},
		{1, 24, 1, 14, 14, 1}, {1, 12, 1, 28, 28, 2}, {2, 9, 1, 7, 70, 1}, {1, 40, 1, 2, 3, 2},
		// Runs of small planes requantized together, across images.
		{2, 40, 1, 7, 7, 1}, {3, 24, 2, 5, 6, 1}}
	pads := [][4]int{{1, 1, 1, 1}, {0, 0, 0, 0}, {0, 1, 1, 0}, {2, 0, 0, 2}}
	for si, s := range shapes {
		for trial := range 8 {
			xdt := []DType{U8, I8}[trial%2]
			wdt := []DType{I8, U8}[trial/2%2]
			x := randInts(rng, xdt, []int64{int64(s.n), int64(s.c), int64(s.h), int64(s.w)})
			m := s.c * s.mult
			w := randInts(rng, wdt, []int64{int64(m), 1, 3, 3})
			xz := map[DType][]int32{U8: {0, 255, 77}, I8: {-128, 127, -5}}[xdt][trial%3]
			var wz []int32
			if wdt == U8 {
				wz = []int32{128}
			}
			p := Conv2DParams{Strides: [2]int{s.s, s.s}, Pads: pads[trial%len(pads)], Groups: s.c}
			shape, err := ConvIntegerOutShape(x.shape, w.shape, p)
			if err != nil {
				continue
			}
			g, err := convGeometry(x.shape, w.shape, p)
			if err != nil {
				t.Fatal(err)
			}
			want := refConvInteger(x, w, int64(xz), wz, p)
			n, _ := NumElements(shape)
			name := fmt.Sprintf("shape %d trial %d (%v x %v, zx %d, pads %v)", si, trial, xdt, wdt, xz, p.Pads)
			acc := make([]int32, n)
			if !convDepthwiseQuads(g, acc, x, xz, w, wz, nil, nil) {
				t.Fatalf("%s: the quad path was not taken", name)
			}
			for i := range want {
				if int64(acc[i]) != want[i] {
					t.Fatalf("%s: element %d = %d, reference %d", name, i, acc[i], want[i])
				}
			}
			r := &Requantizer{Scale: []float32{0.02}, Bias: make([]int32, m), Zero: -3, Min: -128, Max: 127}
			for i := range r.Bias {
				r.Bias[i] = int32(rng.Intn(401) - 200)
			}
			wantY := New(I8, shape...)
			if err := r.RequantizeConv(wantY, acc, m, int(shape[2]*shape[3])); err != nil {
				t.Fatal(err)
			}
			// Unpacked, then packed: the packed weight keeps its row quads,
			// which hold the input zero point's share; a call with another
			// zero point must not read the kept ones.
			pw, err := PackConvInteger(w, wz, s.c)
			if err != nil {
				t.Fatal(err)
			}
			for _, packed := range []*PackedConvInteger{nil, pw, pw} {
				y := New(I8, shape...)
				acc2 := make([]int32, n)
				if err := ConvIntegerRequantInto(y, acc2, x, xz, w, wz, packed, p, r); err != nil {
					t.Fatal(err)
				}
				for i, v := range y.data.([]int8) {
					if v != wantY.data.([]int8)[i] {
						t.Fatalf("%s: requantized element %d = %d, want %d (packed %v)", name, i, v, wantY.data.([]int8)[i], packed != nil)
					}
				}
			}
			// The same packed weight with another input zero point.
			xz2 := xz/2 + 1
			want2 := refConvInteger(x, w, int64(xz2), wz, p)
			acc3 := make([]int32, n)
			if err := ConvIntegerPackedInto(acc3, x, xz2, pw, p); err != nil {
				t.Fatal(err)
			}
			for i := range want2 {
				if int64(acc3[i]) != want2[i] {
					t.Fatalf("%s: packed weight, zero point %d: element %d = %d, reference %d", name, xz2, i, acc3[i], want2[i])
				}
			}
		}
	}
	// A weight zero point the kernel cannot fold, and a 5x5 window, stay
	// on the other paths.
	x := randInts(rng, U8, []int64{1, 2, 6, 6})
	for _, c := range []struct {
		w  *Tensor
		wz []int32
	}{{randInts(rng, I8, []int64{2, 1, 3, 3}), []int32{3}}, {randInts(rng, I8, []int64{2, 1, 5, 5}), nil}} {
		g, _ := convGeometry(x.shape, c.w.shape, Conv2DParams{Groups: 2})
		if convDepthwiseQuads(g, make([]int32, 2*g.oh*g.ow), x, 0, c.w, c.wz, nil, nil) {
			t.Errorf("weight %v zero points %v took the quad path", FormatShape(c.w.shape), c.wz)
		}
	}
}

// TestConvIntegerQuadsByRows: convolutions large enough to be split by
// output rows among threads (convQuadsRows: each thread pads, packs and
// requantizes its own rows) equal the reference sums and the two-step
// requantization, for several thread counts, strides, paddings and a
// strided 1x1 convolution.
func TestConvIntegerQuadsByRows(t *testing.T) {
	poisonPads = true
	t.Cleanup(func() { poisonPads = false })
	if !quadsAvailable() {
		t.Skip("no quad kernel on this CPU or build")
	}
	rng := rand.New(rand.NewSource(47))
	type geo struct{ c, m, h, w, k, s, pad int }
	for si, s := range []geo{{35, 64, 30, 29, 3, 1, 1}, {64, 48, 31, 33, 3, 2, 1}, {192, 64, 28, 28, 1, 2, 0}, {21, 70, 25, 40, 3, 1, 2}} {
		x := randInts(rng, U8, []int64{1, int64(s.c), int64(s.h), int64(s.w)})
		w := randInts(rng, I8, []int64{int64(s.m), int64(s.c), int64(s.k), int64(s.k)})
		p := Conv2DParams{Strides: [2]int{s.s, s.s}, Pads: [4]int{s.pad, s.pad, s.pad, s.pad}}
		shape, err := ConvIntegerOutShape(x.shape, w.shape, p)
		if err != nil {
			t.Fatal(err)
		}
		k := s.c * s.k * s.k
		if float64(s.m)*float64(shape[2]*shape[3])*float64(k) < quadSplitWork {
			t.Fatalf("shape %d is too small to be split", si)
		}
		want := refConvInteger(x, w, 77, nil, p)
		n, _ := NumElements(shape)
		r := &Requantizer{Scale: []float32{0.0007}, Bias: make([]int32, s.m), Zero: 9, Min: 0, Max: 255}
		for i := range r.Bias {
			r.Bias[i] = int32(rng.Intn(4001) - 2000)
		}
		pw, err := PackConvInteger(w, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, th := range []int{2, 3} {
			prev := SetThreads(th)
			acc := make([]int32, n)
			err := ConvIntegerPackedInto(acc, x, 77, pw, p)
			if err == nil {
				for i := range want {
					if int64(acc[i]) != want[i] {
						SetThreads(prev)
						t.Fatalf("shape %d threads %d: element %d = %d, reference %d", si, th, i, acc[i], want[i])
					}
				}
			}
			wantY := New(U8, shape...)
			if err == nil {
				err = r.RequantizeConv(wantY, acc, s.m, int(shape[2]*shape[3]))
			}
			y := New(U8, shape...)
			if err == nil {
				err = ConvIntegerRequantInto(y, make([]int32, n), x, 77, w, nil, pw, p, r)
			}
			SetThreads(prev)
			if err != nil {
				t.Fatal(err)
			}
			for i, v := range y.Uint8s() {
				if v != wantY.Uint8s()[i] {
					t.Fatalf("shape %d threads %d: requantized element %d = %d, want %d", si, th, i, v, wantY.Uint8s()[i])
				}
			}
		}
	}
}

// TestWideQuadKernels: every two-panel quad kernel gives what two calls of
// its one-panel kernel give, for packed panels and B read in place.
func TestWideQuadKernels(t *testing.T) {
	rng := rand.New(rand.NewSource(53))
	var n int
	for _, k := range simdVariants(simdKernelsU8S8()) {
		if k.run2 == nil {
			continue
		}
		n++
		for _, kc := range []int{1, 5, gemmKC} {
			a := make([]int32, kc*k.mr)
			for i := range a {
				a[i] = int32(rng.Uint32())
			}
			for _, ldb := range []int{gemmNR, 2*gemmNR + 3} {
				b := make([]int32, max(2*kc*gemmNR, (kc-1)*ldb+2*gemmNR))
				for i := range b {
					b[i] = int32(rng.Uint32())
				}
				b1 := b[gemmNR:]
				if ldb == gemmNR {
					b1 = b[kc*gemmNR:]
				}
				for _, acc := range []bool{false, true} {
					init := make([]int32, k.mr*2*gemmNR)
					for i := range init {
						init[i] = int32(rng.Uint32())
					}
					want := append([]int32(nil), init...)
					got := append([]int32(nil), init...)
					k.call(kc, a, b, want, 2*gemmNR, ldb, acc)
					k.call(kc, a, b1, want[gemmNR:], 2*gemmNR, ldb, acc)
					k.call2(kc, a, b, got, 2*gemmNR, ldb, acc)
					for i := range want {
						if got[i] != want[i] {
							t.Fatalf("%s kc=%d ldb=%d acc=%v: element %d = %d, want %d", k.name, kc, ldb, acc, i, got[i], want[i])
						}
					}
				}
			}
		}
	}
	if n == 0 {
		t.Skip("no two-panel quad kernel on this CPU or build")
	}
}
