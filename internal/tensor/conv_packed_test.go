package tensor

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestConv2DPacked: a convolution through weights packed once gives the
// bits of the one that packs them per call, for every kernel (the pure-Go
// one and each SIMD variant), at one thread and at several, on shapes with
// edge tiles, several gemmMC row blocks and gemmKC blocks, groups, strides
// and the pointwise path; and weights packed for one kernel still give
// the right result when another is in use (they are not used then).
func TestConv2DPacked(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	pad1 := [4]int{1, 1, 1, 1}
	cases := []struct {
		xs, ws []int64
		p      Conv2DParams
	}{
		{sh(1, 8, 9, 11), sh(13, 8, 3, 3), Conv2DParams{Pads: pad1}},
		{sh(2, 16, 7, 7), sh(250, 16, 3, 3), Conv2DParams{Pads: pad1}}, // 3 row blocks, k=144
		{sh(1, 40, 6, 5), sh(130, 40, 3, 3), Conv2DParams{}},           // k=360: two kc blocks
		{sh(1, 64, 14, 14), sh(121, 64, 1, 1), Conv2DParams{}},         // pointwise, B in place
		{sh(1, 12, 15, 15), sh(24, 3, 3, 3), Conv2DParams{Groups: 4, Pads: pad1, Strides: [2]int{2, 2}}},
		{sh(1, 3, 30, 30), sh(9, 3, 7, 7), Conv2DParams{Pads: [4]int{3, 3, 3, 3}, Strides: [2]int{2, 2}}},
		{sh(1, 6, 8, 8), sh(6, 1, 3, 3), Conv2DParams{Groups: 6, Pads: pad1}}, // depthwise: nothing packed
	}
	kernels := append([]gemmKernel[float32]{goKernF32}, simdVariants(simdKernelsF32())...)
	for _, c := range cases {
		nx, _ := NumElements(c.xs)
		nw, _ := NumElements(c.ws)
		x := MustFromSlice(F32, c.xs, dwRandF32(r, int(nx)))
		w := MustFromSlice(F32, c.ws, dwRandF32(r, int(nw)))
		bias := MustFromSlice(F32, sh(c.ws[0]), dwRandF32(r, int(c.ws[0])))
		for _, kern := range kernels {
			for _, th := range []int{1, 3} {
				t.Run(fmt.Sprintf("%v/%v/%s/threads=%d", c.xs, c.ws, kern.name, th), func(t *testing.T) {
					useKernels(t, kern, *kernI32)
					defer SetThreads(SetThreads(th))
					want, err := Conv2D(x, w, bias, c.p)
					require.NoError(t, err)
					pw, err := PackConv2D(w, c.p.Groups)
					require.NoError(t, err)
					require.Same(t, w, pw.Weight())
					y := New(F32, want.shape...)
					require.NoError(t, Conv2DPackedInto(y, x, pw, bias, c.p))
					require.Equal(t, want.data, y.data)

					// Packed for the pure-Go kernel, run with this one.
					useKernels(t, goKernF32, *kernI32)
					pgo, err := PackConv2D(w, c.p.Groups)
					require.NoError(t, err)
					useKernels(t, kern, *kernI32)
					y2 := New(F32, want.shape...)
					require.NoError(t, Conv2DPackedInto(y2, x, pgo, bias, c.p))
					require.Equal(t, want.data, y2.data)
				})
			}
		}
	}
}

// TestPackedAUsed: the plan reads the prepacked panels (not packA) when
// they were packed for the kernel in use, so the caching is real.
func TestPackedAUsed(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	const m, n, k = 130, 40, 300
	a, b := randF32(r, m*k), randF32(r, k*n)
	calls := 0
	packA := packA32(a, k, false, 1)
	counting := func(dst []float32, kern *gemmKernel[float32], i0, mc, p0, kc int) {
		calls++
		packA(dst, kern, i0, mc, p0, kc)
	}
	want := make([]float32, m*n)
	require.NoError(t, Sgemm(false, false, m, n, k, 1, a, k, b, n, 0, want, n))
	pre := packAll(kernF32, m, k, packA)
	got := make([]float32, m*n)
	plan := &gemmPlan[float32]{m: m, n: n, k: k, packA: counting, aPanels: pre,
		packB: packB32(b, n, false), kern: kernF32, c: got, ldc: n}
	plan.run()
	require.Zero(t, calls, "packA calls with prepacked panels")
	require.Equal(t, want, got)
}

func TestConv2DPackedErrors(t *testing.T) {
	w := New(F32, 4, 2, 3, 3)
	_, err := PackConv2D(New(F64, 4, 2, 3, 3), 1)
	require.ErrorContains(t, err, "f32")
	_, err = PackConv2D(w, 3)
	require.ErrorContains(t, err, "groups")
	pw, err := PackConv2D(w, 2)
	require.NoError(t, err)
	x := New(F32, 1, 4, 5, 5)
	require.ErrorContains(t, Conv2DPackedInto(New(F32, 1, 4, 3, 3), x, pw, nil, Conv2DParams{}), "packed for 2 groups")
	require.NoError(t, Conv2DPackedInto(New(F32, 1, 4, 3, 3), x, pw, nil, Conv2DParams{Groups: 2}))
	require.ErrorContains(t, Conv2DPackedInto(New(F32, 1, 4, 4, 3), x, pw, nil, Conv2DParams{Groups: 2}), "output of shape")
}

// TestConv2DBiasLast: the bias, added inside the GEMM as each tile
// completes, gives the bits of adding it after the whole convolution
// (y = Σ + b, one rounding), on shapes of several tiles and groups, at one
// thread and at several, with packed weights too.
func TestConv2DBiasLast(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	pad1 := [4]int{1, 1, 1, 1}
	for _, c := range []struct {
		xs, ws []int64
		p      Conv2DParams
	}{
		{sh(2, 16, 30, 30), sh(250, 16, 3, 3), Conv2DParams{Pads: pad1}},
		{sh(1, 64, 14, 14), sh(130, 64, 1, 1), Conv2DParams{}},
		{sh(1, 12, 25, 25), sh(24, 3, 3, 3), Conv2DParams{Groups: 4, Pads: pad1}},
		{sh(1, 0, 5, 5), sh(4, 0, 3, 3), Conv2DParams{Pads: pad1}}, // k = 0: y = b
	} {
		for _, th := range []int{1, 3} {
			t.Run(fmt.Sprintf("%v/%v/threads=%d", c.xs, c.ws, th), func(t *testing.T) {
				defer SetThreads(SetThreads(th))
				nx, _ := NumElements(c.xs)
				nw, _ := NumElements(c.ws)
				x := MustFromSlice(F32, c.xs, dwRandF32(r, int(nx)))
				w := MustFromSlice(F32, c.ws, dwRandF32(r, int(nw)))
				bv := dwRandF32(r, int(c.ws[0]))
				want, err := Conv2D(x, w, nil, c.p)
				require.NoError(t, err)
				wv := want.data.([]float32)
				plane := len(wv) / int(c.xs[0]) / int(c.ws[0])
				for i := range wv {
					wv[i] += bv[(i/plane)%int(c.ws[0])]
				}
				bias := MustFromSlice(F32, sh(c.ws[0]), bv)
				got, err := Conv2D(x, w, bias, c.p)
				require.NoError(t, err)
				require.Equal(t, wv, got.data)
				pw, err := PackConv2D(w, c.p.Groups)
				require.NoError(t, err)
				y := New(F32, want.shape...)
				require.NoError(t, Conv2DPackedInto(y, x, pw, bias, c.p))
				require.Equal(t, wv, y.data)
			})
		}
	}
}
