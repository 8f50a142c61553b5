package tensor

import (
	"math/rand"
	"testing"
)

// refConvInteger is the plain int64 loop over ONNX ConvInteger's formula.
func refConvInteger(x, w *Tensor, xz int64, wz []int32, p Conv2DParams) []int64 {
	p = p.norm()
	xs, ws := x.shape, w.shape
	n, c, h, wd := int(xs[0]), int(xs[1]), int(xs[2]), int(xs[3])
	m, cg, kh, kw := int(ws[0]), int(ws[1]), int(ws[2]), int(ws[3])
	oh := (h+p.Pads[0]+p.Pads[2]-p.Dilations[0]*(kh-1)-1)/p.Strides[0] + 1
	ow := (wd+p.Pads[1]+p.Pads[3]-p.Dilations[1]*(kw-1)-1)/p.Strides[1] + 1
	xv, wv := x.IntValues(), w.IntValues()
	var out []int64
	for b := range n {
		for o := range m {
			g := o / (m / p.Groups)
			z := int64(zeroAt32(wz, o))
			for y := range oh {
				for xx := range ow {
					var s int64
					for ci := range cg {
						ch := g*cg + ci
						for i := range kh {
							for j := range kw {
								iy := y*p.Strides[0] - p.Pads[0] + i*p.Dilations[0]
								ix := xx*p.Strides[1] - p.Pads[1] + j*p.Dilations[1]
								xval := xz
								if iy >= 0 && iy < h && ix >= 0 && ix < wd {
									xval = xv[((b*c+ch)*h+iy)*wd+ix]
								}
								s += (xval - xz) * (wv[((o*cg+ci)*kh+i)*kw+j] - z)
							}
						}
					}
					out = append(out, s)
				}
			}
		}
	}
	_ = c
	return out
}

func randInts(rng *rand.Rand, dt DType, shape []int64) *Tensor {
	t, err := Alloc(dt, shape)
	if err != nil {
		panic(err)
	}
	lo, hi := int64(-128), int64(127)
	switch dt {
	case U8:
		lo, hi = 0, 255
	case I16:
		lo, hi = -2000, 2000
	case U16:
		lo, hi = 0, 4000
	}
	for i := range t.Len() {
		t.setInt(i, lo+rng.Int63n(hi-lo+1))
	}
	return t
}

// Every path (int8 GEMM, direct loop for depthwise, single-channel groups
// and 16-bit storage) gives the int64 reference's sums exactly.
func TestConvIntegerIntoMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	type tc struct {
		xdt, wdt DType
		groups   int
	}
	for _, k := range []tc{{U8, I8, 1}, {I8, I8, 1}, {U8, U8, 2}, {I8, I8, 3}, {I16, I8, 1}, {U16, I16, 3}, {I8, I8, 6}} {
		for trial := range 6 {
			cg, mg := 1+rng.Intn(3), 1+rng.Intn(3)
			if k.groups == 6 { // depthwise
				cg, mg = 1, 1
			}
			c, m := cg*k.groups, mg*k.groups
			x := randInts(rng, k.xdt, []int64{int64(1 + rng.Intn(2)), int64(c), int64(3 + rng.Intn(5)), int64(3 + rng.Intn(5))})
			kh, kw := 1+rng.Intn(3), 1+rng.Intn(3)
			w := randInts(rng, k.wdt, []int64{int64(m), int64(cg), int64(kh), int64(kw)})
			p := Conv2DParams{Strides: [2]int{1 + rng.Intn(2), 1 + rng.Intn(2)}, Dilations: [2]int{1 + rng.Intn(2), 1},
				Pads: [4]int{rng.Intn(2), rng.Intn(2), rng.Intn(2), rng.Intn(2)}, Groups: k.groups}
			xz := int32(x.intAt(0))
			var wz []int32
			switch trial % 3 {
			case 1:
				wz = []int32{int32(w.intAt(1 % w.Len()))}
			case 2:
				wz = make([]int32, m)
				for i := range wz {
					wz[i] = int32(w.intAt(i % w.Len()))
				}
			}
			shape, err := ConvIntegerOutShape(x.shape, w.shape, p)
			if err != nil {
				continue // kernel larger than the padded input
			}
			n, _ := NumElements(shape)
			acc := make([]int32, n)
			if err := ConvIntegerInto(acc, x, xz, w, wz, p); err != nil {
				t.Fatal(err)
			}
			want := refConvInteger(x, w, int64(xz), wz, p)
			for i := range want {
				if int64(acc[i]) != want[i] {
					t.Fatalf("%v×%v groups %d trial %d: element %d = %d, reference %d", k.xdt, k.wdt, k.groups, trial, i, acc[i], want[i])
				}
			}
		}
	}
}

func TestMatMulIntegerIntoMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	for _, dts := range [][2]DType{{U8, I8}, {I8, I8}, {U8, U8}, {I16, I8}, {U16, U16}} {
		for trial := range 6 {
			m, k, n := 1+rng.Intn(9), 1+rng.Intn(40), 1+rng.Intn(20)
			a := randInts(rng, dts[0], []int64{2, int64(m), int64(k)})
			b := randInts(rng, dts[1], []int64{int64(k), int64(n)})
			az := int32(a.intAt(0))
			var bz []int32
			if trial%2 == 1 {
				bz = make([]int32, n)
				for i := range bz {
					bz[i] = int32(b.intAt(i))
				}
			}
			acc := make([]int32, 2*m*n)
			if err := MatMulIntegerInto(acc, a, az, b, bz); err != nil {
				t.Fatal(err)
			}
			av, bv := a.IntValues(), b.IntValues()
			for bi := range 2 {
				for r := range m {
					for col := range n {
						var s int64
						for p := range k {
							s += (av[(bi*m+r)*k+p] - int64(az)) * (bv[p*n+col] - int64(zeroAt32(bz, col)))
						}
						if got := acc[(bi*m+r)*n+col]; int64(got) != s {
							t.Fatalf("%v: [%d,%d,%d] = %d, reference %d", dts, bi, r, col, got, s)
						}
					}
				}
			}
		}
	}
}

func TestIntegerIntoRejectsBadOperands(t *testing.T) {
	x := MustValues(F32, []int64{1, 1, 2, 2}, 1, 2, 3, 4)
	w := MustValues(I8, []int64{1, 1, 1, 1}, 1)
	if err := ConvIntegerInto(make([]int32, 4), x, 0, w, nil, Conv2DParams{}); err == nil {
		t.Error("f32 input accepted")
	}
	xi := MustValues(I8, []int64{1, 1, 2, 2}, 1, 2, 3, 4)
	if err := ConvIntegerInto(make([]int32, 3), xi, 0, w, nil, Conv2DParams{}); err == nil {
		t.Error("short output accepted")
	}
	if err := ConvIntegerInto(make([]int32, 4), xi, 0, w, []int32{1, 2}, Conv2DParams{}); err == nil {
		t.Error("two zero points for one channel accepted")
	}
	if err := MatMulIntegerInto(make([]int32, 1), MustValues(I8, []int64{2}, 1, 2), 0, w, nil); err == nil {
		t.Error("1-D matmul accepted")
	}
}

// In steady state the integer kernels allocate only their small, fixed
// bookkeeping (geometry, GEMM plan): the caller owns the accumulator and
// the GEMM's packing buffers are pooled, so the count does not grow with
// the operands.
func TestIntegerIntoAllocations(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	conv := func(c, hw, m, groups int) float64 {
		x := randInts(rng, U8, []int64{1, int64(c), int64(hw), int64(hw)})
		w := randInts(rng, I8, []int64{int64(m), int64(c / groups), 3, 3})
		p := Conv2DParams{Pads: [4]int{1, 1, 1, 1}, Groups: groups}
		acc := make([]int32, m*hw*hw)
		wz := make([]int32, m)
		for range 3 { // warm the pools
			_ = ConvIntegerInto(acc, x, 3, w, wz, p)
		}
		return testing.AllocsPerRun(10, func() { _ = ConvIntegerInto(acc, x, 3, w, wz, p) })
	}
	if small, large := conv(4, 6, 8, 1), conv(32, 24, 64, 1); small != large || small > 8 {
		t.Errorf("GEMM conv: %v allocations per call, %v for larger operands", small, large)
	}
	if small, large := conv(4, 6, 4, 4), conv(64, 24, 64, 64); small != large || small > 8 {
		t.Errorf("depthwise conv: %v allocations per call, %v for larger operands", small, large)
	}
	mm := func(m, k, n int) float64 {
		a, b := randInts(rng, I16, []int64{int64(m), int64(k)}), randInts(rng, I8, []int64{int64(k), int64(n)})
		acc := make([]int32, m*n)
		return testing.AllocsPerRun(10, func() { _ = MatMulIntegerInto(acc, a, 1, b, nil) })
	}
	if small, large := mm(4, 16, 8), mm(64, 256, 64); small != large || small > 8 {
		t.Errorf("direct matmul: %v allocations per call, %v for larger operands", small, large)
	}
}
