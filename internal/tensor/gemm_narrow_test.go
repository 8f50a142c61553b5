package tensor

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNarrowColumnsInPlans: a tile's last 1-4 columns computed narrowly
// give the same bits as through a zero-padded panel: products with every
// such remainder, row counts that leave partial panels and groups of
// four, several K blocks, B packed and transposed, accumulation, and
// 1x1 convolutions on 7x7 and 14x14 images with prepacked weights (whose
// last panel ends the buffer), bias and clamp.
func TestNarrowColumnsInPlans(t *testing.T) {
	if !kernF32.narrow {
		t.Skip("no narrow kernel on this CPU or build")
	}
	r := rand.New(rand.NewPCG(91, 92))
	plain := *kernF32
	plain.narrow = false
	plain.alt = append([]gemmKernel[float32](nil), plain.alt...)
	for i := range plain.alt {
		plain.alt[i].narrow = false
	}
	run := func(kern gemmKernel[float32], f func() []float32) []float32 {
		prev := *kernF32
		*kernF32 = kern
		defer func() { *kernF32 = prev }()
		return f()
	}
	for _, m := range []int{1, 5, 12, 37, 48, 100, 161} {
		for _, n := range []int{1, 3, 17, 20, 49, 196, 515} {
			k := []int{7, 160, 300}[r.IntN(3)]
			a, b := randF32(r, m*k), randF32(r, k*n)
			c0 := randF32(r, m*n)
			for _, transB := range []bool{false, true} {
				ldb := n
				if transB {
					ldb = k
				}
				for _, beta := range []float32{0, 1} {
					f := func() []float32 {
						c := append([]float32(nil), c0...)
						require.NoError(t, Sgemm(false, transB, m, n, k, 1, a, k, b, ldb, beta, c, n))
						return c
					}
					require.Equal(t, run(plain, f), run(*kernF32, f), "m %d n %d k %d transB=%v beta %v", m, n, k, transB, beta)
				}
			}
		}
	}
	for _, c := range []struct{ cin, cout, hw int }{{160, 960, 7}, {37, 13, 7}, {300, 40, 14}, {8, 100, 2}} {
		t.Run(fmt.Sprintf("conv%dto%d_%d", c.cin, c.cout, c.hw), func(t *testing.T) {
			x := MustFromSlice(F32, sh4(1, c.cin, c.hw, c.hw), randF32(r, c.cin*c.hw*c.hw))
			w := MustFromSlice(F32, sh4(c.cout, c.cin, 1, 1), randF32(r, c.cout*c.cin))
			bias := MustFromSlice(F32, sh(int64(c.cout)), randF32(r, c.cout))
			p := Conv2DParams{Clip: true, ClipLo: -0.5, ClipHi: 0.5}
			f := func() []float32 {
				pw, err := PackConv2D(w, 1)
				require.NoError(t, err)
				y, err := Conv2D(x, w, bias, p)
				require.NoError(t, err)
				require.NoError(t, Conv2DPackedInto(y, x, pw, bias, p))
				return y.Float32s()
			}
			require.Equal(t, run(plain, f), run(*kernF32, f))
		})
	}
}

// TestNarrowQuadColumns: 8-bit convolutions on the VNNI quad kernels give
// the same int32 sums with a tile's last 1-4 columns computed narrowly:
// 1x1 and padded 3x3 convolutions on images whose column count leaves
// every such remainder (7x7: 49, 14x14: 196), with several K blocks, one
// and two threads (the padded ones then split by output rows).
func TestNarrowQuadColumns(t *testing.T) {
	if !kernU8S8.narrow {
		t.Skip("no narrow quad kernel on this CPU or build")
	}
	rng := rand.New(rand.NewPCG(93, 94))
	plain := *kernU8S8
	plain.narrow = false
	plain.alt = append([]gemmKernel[int32](nil), plain.alt...)
	for i := range plain.alt {
		plain.alt[i].narrow = false
	}
	for _, c := range []struct{ cin, cout, hw, k int }{
		{160, 960, 7, 1}, {64, 37, 7, 3}, {40, 13, 14, 3}, {8, 100, 2, 1}, {1100, 20, 7, 1}, {30, 50, 3, 3},
	} {
		for _, th := range []int{1, 2} {
			t.Run(fmt.Sprintf("%dto%d_%dx%d_k%d/threads=%d", c.cin, c.cout, c.hw, c.hw, c.k, th), func(t *testing.T) {
				defer SetThreads(SetThreads(th))
				x := New(U8, 1, int64(c.cin), int64(c.hw), int64(c.hw))
				for i, xs := 0, x.Uint8s(); i < len(xs); i++ {
					xs[i] = uint8(rng.IntN(256))
				}
				w := New(I8, int64(c.cout), int64(c.cin), int64(c.k), int64(c.k))
				for i, ws := 0, w.Int8s(); i < len(ws); i++ {
					ws[i] = int8(rng.IntN(256) - 128)
				}
				pad := c.k / 2
				p := Conv2DParams{Pads: [4]int{pad, pad, pad, pad}}
				run := func(kern gemmKernel[int32]) []int32 {
					prev := *kernU8S8
					*kernU8S8 = kern
					defer func() { *kernU8S8 = prev }()
					acc := make([]int32, c.cout*c.hw*c.hw)
					require.NoError(t, ConvIntegerInto(acc, x, 7, w, make([]int32, c.cout), p))
					return acc
				}
				require.Equal(t, run(plain), run(*kernU8S8))
			})
		}
	}
}
