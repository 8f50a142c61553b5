package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"
)

func dwRandF32(r *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	return v
}

// dwReference is the depthwise definition summed in float32 in the
// documented order: 0 + taps in (ki, kj) order, padding skipped, + bias.
func dwReference(g *convGeom, x, w, bias []float32) []float32 {
	y := make([]float32, g.n*g.m*g.oh*g.ow)
	for n := range g.n {
		for m := range g.m {
			c := m / g.mg
			for i := range g.oh {
				for j := range g.ow {
					acc := float32(0)
					for ki := range g.kh {
						for kj := range g.kw {
							ih := i*g.sh - g.pt + ki*g.dh
							iw := j*g.sw - g.pl + kj*g.dw
							if ih < 0 || ih >= g.h || iw < 0 || iw >= g.w {
								continue
							}
							acc += x[((n*g.c+c)*g.h+ih)*g.w+iw] * w[(m*g.kh+ki)*g.kw+kj]
						}
					}
					if bias != nil {
						acc += bias[m]
					}
					y[((n*g.m+m)*g.oh+i)*g.ow+j] = acc
				}
			}
		}
	}
	return y
}

type dwCase struct {
	xs, ws []int64
	p      Conv2DParams
	bias   bool
}

func (c dwCase) String() string {
	return fmt.Sprintf("x%v_w%v_s%v_d%v_p%v_b%v", c.xs, c.ws, c.p.Strides, c.p.Dilations, c.p.Pads, c.bias)
}

// dwCases returns hand-picked depthwise shapes (the MobileNet ones, stride
// 2, dilation, multipliers, kernels wider than the input) and random ones.
func dwCases(r *rand.Rand) []dwCase {
	cs := []dwCase{
		{sh(1, 32, 112, 112), sh(32, 1, 3, 3), Conv2DParams{Groups: 32, Pads: [4]int{1, 1, 1, 1}}, true},
		{sh(1, 16, 29, 31), sh(16, 1, 3, 3), Conv2DParams{Groups: 16, Strides: [2]int{2, 2}, Pads: [4]int{1, 1, 1, 1}}, true},
		{sh(2, 3, 13, 11), sh(6, 1, 3, 3), Conv2DParams{Groups: 3, Dilations: [2]int{2, 3}, Pads: [4]int{2, 3, 2, 3}}, false},
		{sh(1, 4, 10, 9), sh(12, 1, 5, 5), Conv2DParams{Groups: 4, Strides: [2]int{2, 1}, Pads: [4]int{2, 2, 1, 0}}, true},
		{sh(1, 2, 3, 3), sh(2, 1, 5, 5), Conv2DParams{Groups: 2, Pads: [4]int{2, 2, 2, 2}}, true},
		{sh(1, 2, 1, 1), sh(4, 1, 3, 3), Conv2DParams{Groups: 2, Pads: [4]int{1, 1, 1, 1}}, false},
		{sh(3, 5, 7, 8), sh(5, 1, 1, 1), Conv2DParams{Groups: 5}, true},
		{sh(1, 6, 17, 5), sh(6, 1, 3, 1), Conv2DParams{Groups: 6, Strides: [2]int{3, 1}, Pads: [4]int{0, 0, 2, 0}}, true},
		// EfficientNet's 5x5 layers, wide enough for the tap kernel's
		// paired vectors, at strides 1 and 2, and a dilated 7x7.
		{sh(1, 3, 21, 57), sh(3, 1, 5, 5), Conv2DParams{Groups: 3, Pads: [4]int{2, 2, 2, 2}}, true},
		{sh(1, 3, 23, 70), sh(3, 1, 5, 5), Conv2DParams{Groups: 3, Strides: [2]int{2, 2}, Pads: [4]int{2, 2, 2, 2}}, true},
		{sh(1, 2, 19, 49), sh(4, 1, 7, 7), Conv2DParams{Groups: 2, Strides: [2]int{1, 3}, Dilations: [2]int{2, 2}, Pads: [4]int{6, 5, 4, 3}}, false},
	}
	for len(cs) < 60 {
		c := 2 + r.IntN(6)
		mult := 1 + r.IntN(3)
		kh, kw := 1+r.IntN(5), 1+r.IntN(5)
		if r.IntN(2) == 0 {
			kh, kw = 3, 3
		}
		p := Conv2DParams{
			Groups:    c,
			Strides:   [2]int{1 + r.IntN(3), 1 + r.IntN(3)},
			Dilations: [2]int{1 + r.IntN(3), 1 + r.IntN(3)},
			Pads:      [4]int{r.IntN(4), r.IntN(4), r.IntN(4), r.IntN(4)},
		}
		xs := sh(int64(1+r.IntN(2)), int64(c), int64(1+r.IntN(24)), int64(1+r.IntN(24)))
		ws := sh(int64(c*mult), 1, int64(kh), int64(kw))
		if _, err := convGeometry(xs, ws, p); err != nil {
			continue
		}
		cs = append(cs, dwCase{xs, ws, p, r.IntN(2) == 0})
	}
	return cs
}

// TestDepthwiseAgainstGemm checks the direct depthwise kernel bit for bit
// against the documented summation order, and against the GEMM path (the
// one every other convolution takes) within the float32 accumulation bound
// K*eps*Σ|x*w|, at one thread and at several.
func TestDepthwiseAgainstGemm(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for _, th := range []int{1, 3} {
		prev := SetThreads(th)
		for _, c := range dwCases(r) {
			t.Run(fmt.Sprintf("threads=%d/%v", th, c), func(t *testing.T) {
				g, err := convGeometry(c.xs, c.ws, c.p)
				require.NoError(t, err)
				require.True(t, g.depthwise())
				nx, _ := NumElements(c.xs)
				nw, _ := NumElements(c.ws)
				x := MustFromSlice(F32, c.xs, dwRandF32(r, int(nx)))
				w := MustFromSlice(F32, c.ws, dwRandF32(r, int(nw)))
				var bias *Tensor
				var bv []float32
				if c.bias {
					bv = dwRandF32(r, g.m)
					bias = MustFromSlice(F32, sh(int64(g.m)), bv)
				}
				y, err := Conv2D(x, w, bias, c.p)
				require.NoError(t, err)
				got := y.data.([]float32)
				want := dwReference(g, x.data.([]float32), w.data.([]float32), bv)
				for i := range want {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
						t.Fatalf("element %d: %g, reference %g", i, got[i], want[i])
					}
				}

				viaGemm := make([]float32, len(got))
				conv2DGemmF32(g, x.data.([]float32), w.data.([]float32), bv, viaGemm, nil)
				absW := make([]float32, nw)
				for i, v := range w.data.([]float32) {
					absW[i] = float32(math.Abs(float64(v)))
				}
				absX := make([]float32, nx)
				for i, v := range x.data.([]float32) {
					absX[i] = float32(math.Abs(float64(v)))
				}
				mag := dwReference(g, absX, absW, nil)
				k := float64(g.kh*g.kw + 1)
				for i := range got {
					b := float64(bv32(bv, g, i))
					bound := 2 * k * 0x1p-24 * (float64(mag[i]) + math.Abs(b))
					if d := math.Abs(float64(got[i]) - float64(viaGemm[i])); d > bound {
						t.Fatalf("element %d: direct %g, GEMM %g (|diff| %g > %g)", i, got[i], viaGemm[i], d, bound)
					}
				}
			})
		}
		SetThreads(prev)
	}
}

func bv32(bv []float32, g *convGeom, i int) float32 {
	if bv == nil {
		return 0
	}
	return bv[(i/(g.oh*g.ow))%g.m]
}

// TestDepthwiseNotTakenElsewhere pins which convolutions the direct kernel
// takes: one input channel per group and more than one group.
func TestDepthwiseNotTakenElsewhere(t *testing.T) {
	for _, c := range []struct {
		xs, ws []int64
		groups int
		want   bool
	}{
		{sh(1, 8, 5, 5), sh(8, 1, 3, 3), 8, true},
		{sh(1, 8, 5, 5), sh(16, 1, 3, 3), 8, true},
		{sh(1, 8, 5, 5), sh(8, 2, 3, 3), 4, false},
		{sh(1, 1, 5, 5), sh(8, 1, 3, 3), 1, false},
		{sh(1, 8, 5, 5), sh(8, 8, 3, 3), 1, false},
	} {
		g, err := convGeometry(c.xs, c.ws, Conv2DParams{Groups: c.groups})
		require.NoError(t, err)
		require.Equal(t, c.want, g.depthwise(), "%v %v groups %d", c.xs, c.ws, c.groups)
	}
	// Padding and dilation far beyond a small image: the padded copy would
	// dwarf the data, so the GEMM path takes it (and gets it right).
	huge := Conv2DParams{Groups: 2, Dilations: [2]int{5000, 5000}, Pads: [4]int{5000, 5000, 5000, 5000}}
	g, err := convGeometry(sh(1, 2, 3, 3), sh(2, 1, 3, 3), huge)
	require.NoError(t, err)
	require.False(t, g.depthwise())
	x := MustFromSlice(F32, sh(1, 2, 3, 3), []float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1})
	w := MustFromSlice(F32, sh(2, 1, 3, 3), []float32{1, 1, 1, 1, 10, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1})
	y, err := Conv2D(x, w, nil, huge)
	require.NoError(t, err)
	require.Equal(t, sh(1, 2, 3, 3), y.Shape())
	// Only the centre tap ever lands in the image.
	require.Equal(t, []float32{10, 20, 30, 40, 50, 60, 70, 80, 90, 2, 2, 2, 2, 2, 2, 2, 2, 2}, y.Float32s())
}

// TestConv2DIntoAllocs: repeated convolutions of one shape into a caller's
// tensor allocate at most a small fixed number of objects per call (the
// goroutine bookkeeping and the GEMM plan), and the same number when the
// images are four times larger: no im2col buffer, no scratch that grows
// with the data. gemm.go's run allocates its worker bookkeeping once per
// product, so a grouped convolution (one product per image and group) is
// allowed that many times the bound, as is a convolution split by output
// rows among the threads.
func TestConv2DIntoAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	const perCall = 16
	pad1 := [4]int{1, 1, 1, 1}
	for _, c := range []struct {
		name     string
		n, c, hw int64
		ws       []int64
		p        Conv2DParams
		products float64
		// rowSplit: on several threads the convolution is split by output
		// rows, one product per thread (conv2DInPlaceF32).
		rowSplit bool
	}{
		{"3x3", 1, 16, 28, sh(32, 16, 3, 3), Conv2DParams{Pads: pad1}, 1, true},
		// 32x32 and larger: products of 2^19 multiply-adds or more, so
		// that both sizes run on the same number of threads
		// (gemmParallelMin).
		{"1x1", 1, 32, 32, sh(16, 32, 1, 1), Conv2DParams{}, 1, false},
		{"depthwise", 1, 32, 28, sh(32, 1, 3, 3), Conv2DParams{Groups: 32, Pads: pad1}, 1, false},
		{"depthwise-x2-stride2", 2, 16, 28, sh(32, 1, 3, 3), Conv2DParams{Groups: 16, Pads: pad1, Strides: [2]int{2, 2}}, 1, false},
		{"grouped", 2, 32, 32, sh(32, 8, 3, 3), Conv2DParams{Groups: 4, Pads: pad1}, 8, false},
	} {
		for _, th := range []int{1, 4} {
			t.Run(fmt.Sprintf("%s/threads=%d", c.name, th), func(t *testing.T) {
				prev := SetThreads(th)
				defer SetThreads(prev)
				var counts []float64
				for _, hw := range []int64{c.hw, 2 * c.hw} {
					xs := sh(c.n, c.c, hw, hw)
					nx, _ := NumElements(xs)
					nw, _ := NumElements(c.ws)
					x := MustFromSlice(F32, xs, dwRandF32(r, int(nx)))
					w := MustFromSlice(F32, c.ws, dwRandF32(r, int(nw)))
					bias := MustFromSlice(F32, sh(c.ws[0]), dwRandF32(r, int(c.ws[0])))
					want, err := Conv2D(x, w, bias, c.p)
					require.NoError(t, err)
					y := New(F32, want.shape...)
					for range 3 { // warm the pools
						require.NoError(t, Conv2DInto(y, x, w, bias, c.p))
					}
					run := func() {
						if err := Conv2DInto(y, x, w, bias, c.p); err != nil {
							t.Fatal(err)
						}
					}
					// A collection empties the pack-buffer pools, which is
					// not steady state: measure with the collector off.
					defer debug.SetGCPercent(debug.SetGCPercent(-1))
					// The fewest of a few rounds: under load a pool miss
					// (a goroutine that changed processor) adds one.
					fewest := math.Inf(1)
					for range 3 {
						fewest = min(fewest, testing.AllocsPerRun(20, run))
					}
					counts = append(counts, fewest)
					// Bytes, not just objects: a scratch buffer is one object.
					// The fewest of a few rounds, as the pack-buffer pool
					// (gemm.go) misses when a goroutine changes processor.
					perCallBytes := uint64(math.MaxUint64)
					for range 5 {
						var m0, m1 runtimeMem
						m0.read()
						for range 10 {
							run()
						}
						m1.read()
						perCallBytes = min(perCallBytes, (m1.total-m0.total)/10)
					}
					require.Less(t, perCallBytes, uint64(4096+512*c.products), "bytes allocated per call")
					require.Equal(t, want.data, y.data)
				}
				products := c.products
				if c.rowSplit && th > 1 {
					products *= float64(th)
				}
				require.LessOrEqual(t, counts[0], perCall*products, "allocations per Conv2DInto")
				require.Equal(t, counts[0], counts[1], "allocations grow with the image size")
			})
		}
	}
}

func TestConv2DIntoErrors(t *testing.T) {
	x, w := New(F32, 1, 2, 5, 5), New(F32, 3, 2, 3, 3)
	require.ErrorContains(t, Conv2DInto(New(F32, 1, 3, 4, 3), x, w, nil, Conv2DParams{}), "output of shape")
	require.ErrorContains(t, Conv2DInto(New(F64, 1, 3, 3, 3), x, w, nil, Conv2DParams{}), "want f32")
	require.ErrorContains(t, Conv2DInto(New(F32, 1, 3, 3, 3), x, w, New(F32, 2), Conv2DParams{}), "bias")
	require.NoError(t, Conv2DInto(New(F32, 1, 3, 3, 3), x, w, nil, Conv2DParams{}))
}

// BenchmarkConvPaths times the direct depthwise kernel against the GEMM
// path on MobileNetV2's depthwise shapes, and the pointwise GEMM (input
// read as B directly) against the implicit-im2col packing of the same 1x1
// convolution.
func BenchmarkConvPaths(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	type shape struct {
		name   string
		xs, ws []int64
		p      Conv2DParams
	}
	pad1, pad2 := [4]int{1, 1, 1, 1}, [4]int{2, 2, 2, 2}
	for _, s := range []shape{
		{"dw32x112", sh(1, 32, 112, 112), sh(32, 1, 3, 3), Conv2DParams{Groups: 32, Pads: pad1}},
		{"dw96x112s2", sh(1, 96, 112, 112), sh(96, 1, 3, 3), Conv2DParams{Groups: 96, Pads: pad1, Strides: [2]int{2, 2}}},
		{"dw144x56", sh(1, 144, 56, 56), sh(144, 1, 3, 3), Conv2DParams{Groups: 144, Pads: pad1}},
		{"dw960x7", sh(1, 960, 7, 7), sh(960, 1, 3, 3), Conv2DParams{Groups: 960, Pads: pad1}},
		{"dw5x5_1152x7", sh(1, 1152, 7, 7), sh(1152, 1, 5, 5), Conv2DParams{Groups: 1152, Pads: pad2}},
		{"dw5x5_672x14", sh(1, 672, 14, 14), sh(672, 1, 5, 5), Conv2DParams{Groups: 672, Pads: pad2}},
		{"dw5x5_672x14s2", sh(1, 672, 14, 14), sh(672, 1, 5, 5), Conv2DParams{Groups: 672, Pads: pad2, Strides: [2]int{2, 2}}},
		{"dw5x5_144x56s2", sh(1, 144, 56, 56), sh(144, 1, 5, 5), Conv2DParams{Groups: 144, Pads: pad2, Strides: [2]int{2, 2}}},
		{"dw5x5_240x28", sh(1, 240, 28, 28), sh(240, 1, 5, 5), Conv2DParams{Groups: 240, Pads: pad2}},
		{"dw5x5d2_960x4", sh(1, 960, 4, 4), sh(960, 1, 5, 5), Conv2DParams{Groups: 960, Pads: [4]int{4, 4, 4, 4}, Dilations: [2]int{2, 2}}},
		{"stem3to32x224s2", sh(1, 3, 224, 224), sh(32, 3, 3, 3), Conv2DParams{Pads: pad1, Strides: [2]int{2, 2}}},
		{"stem3to16x224s2", sh(1, 3, 224, 224), sh(16, 3, 3, 3), Conv2DParams{Pads: pad1, Strides: [2]int{2, 2}}},
		{"stem3to64x224s2p0", sh(1, 3, 224, 224), sh(64, 3, 3, 3), Conv2DParams{Strides: [2]int{2, 2}}},
		{"g8x4c3x3x56", sh(1, 32, 56, 56), sh(32, 4, 3, 3), Conv2DParams{Groups: 8, Pads: pad1}},
		{"c16to16x3x112", sh(1, 16, 112, 112), sh(16, 16, 3, 3), Conv2DParams{Pads: pad1}},
		{"c24to24x3x28", sh(1, 24, 28, 28), sh(24, 24, 3, 3), Conv2DParams{Pads: pad1}},
		{"pw64to128x56s2", sh(1, 64, 56, 56), sh(128, 64, 1, 1), Conv2DParams{Strides: [2]int{2, 2}}},
		{"pw256to512x56s2", sh(1, 256, 56, 56), sh(512, 256, 1, 1), Conv2DParams{Strides: [2]int{2, 2}}},
		{"stem3to64x7x224s2", sh(1, 3, 224, 224), sh(64, 3, 7, 7), Conv2DParams{Pads: [4]int{3, 3, 3, 3}, Strides: [2]int{2, 2}}},
		{"pw32to16x112", sh(1, 32, 112, 112), sh(16, 32, 1, 1), Conv2DParams{}},
		{"pw144to24x56", sh(1, 144, 56, 56), sh(24, 144, 1, 1), Conv2DParams{}},
	} {
		nx, _ := NumElements(s.xs)
		nw, _ := NumElements(s.ws)
		x := dwRandF32(r, int(nx))
		w := dwRandF32(r, int(nw))
		g, err := convGeometry(s.xs, s.ws, s.p)
		if err != nil {
			b.Fatal(err)
		}
		y := make([]float32, g.n*g.m*g.oh*g.ow)
		flops := 2 * float64(len(y)) * float64(g.cg*g.kh*g.kw)
		paths := map[string]func(){
			"gemm": func() { conv2DGemmF32(g, x, w, nil, y, nil) },
		}
		if g.depthwise() {
			paths["direct"] = func() { depthwiseF32(g, x, w, nil, y) }
			if dwBlockedOK(g) {
				paths["blocked"] = func() { depthwiseBlocked(g, x, w, nil, y) }
			}
		} else {
			if convRowsOK(g) && convInPlaceOK(g) {
				// The in-place path's extended product, without the row kernels.
				paths["extended"] = func() {
					convRowsOff = true
					conv2DGemmF32(g, x, w, nil, y, nil)
					convRowsOff = false
				}
			}
			// The same 1x1 product through the implicit-im2col packer.
			g2 := *g
			g2.pl = 0
			paths["im2col"] = func() { conv2DGemmIm2colF32(&g2, x, w, y) }
		}
		for _, th := range []int{1, 0} {
			for name, f := range paths {
				b.Run(fmt.Sprintf("%s/%s/threads=%d", s.name, name, th), func(b *testing.B) {
					prev := SetThreads(th)
					defer SetThreads(prev)
					cpu0 := processCPUTime()
					for b.Loop() {
						f()
					}
					reportFlops(b, flops, cpu0, "GFLOP/s")
				})
			}
		}
	}
}

// conv2DGemmIm2colF32 runs one group-1 convolution through convPack even
// when it is pointwise (for BenchmarkConvPaths).
func conv2DGemmIm2colF32(g *convGeom, xv, wv, ov []float32) {
	k := g.cg * g.kh * g.kw
	ohw := g.oh * g.ow
	plan := &gemmPlan[float32]{m: g.m, n: ohw, k: k, packA: packA32(wv, k, false, 1),
		packB: convPackB[float32, float32](g, xv, 0), kern: kernF32, c: ov, ldc: ohw}
	plan.run()
}

// TestConvPackF32MatchesGeneric: the float32 packer fills the B panels
// exactly as the generic convPack does, for random geometry, column ranges
// that start and end inside panels and output rows, and K blocks.
func TestConvPackF32MatchesGeneric(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	for k := 0; k < 300; {
		c := 1 + r.IntN(4)
		xs := sh(1, int64(c), int64(1+r.IntN(20)), int64(1+r.IntN(40)))
		ws := sh(2, int64(c), int64(1+r.IntN(4)), int64(1+r.IntN(4)))
		p := Conv2DParams{
			Strides:   [2]int{1 + r.IntN(3), 1 + r.IntN(3)},
			Dilations: [2]int{1 + r.IntN(2), 1 + r.IntN(2)},
			Pads:      [4]int{r.IntN(3), r.IntN(3), r.IntN(3), r.IntN(3)},
		}
		g, err := convGeometry(xs, ws, p)
		if err != nil {
			continue
		}
		k++
		nx, _ := NumElements(xs)
		x := dwRandF32(r, int(nx))
		ohw, kt := g.oh*g.ow, c*g.kh*g.kw
		j0 := r.IntN(ohw)
		nc := 1 + r.IntN(min(ohw-j0, gemmNC))
		p0 := r.IntN(kt)
		kc := 1 + r.IntN(min(kt-p0, gemmKC))
		size := (nc + gemmNR - 1) / gemmNR * gemmNR * kc
		want := make([]float32, size)
		got := make([]float32, size)
		for i := range got {
			got[i] = float32(math.NaN()) // every slot must be written
		}
		convPack(g, x, float32(0), want, j0, nc, p0, kc)
		convPackF32(g, x, got, j0, nc, p0, kc)
		for i := range want {
			if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
				t.Fatalf("x%v w%v %+v j0=%d nc=%d p0=%d kc=%d: slot %d = %g, want %g", xs, ws, p, j0, nc, p0, kc, i, got[i], want[i])
			}
		}
	}
}
