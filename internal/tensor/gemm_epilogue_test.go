package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// withoutRun2Ex runs f with the float32 kernels' store epilogue off (every
// bias and clamp through addBias's pass), restoring it after.
func withoutRun2Ex(f func()) {
	saved := []func(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool, bias unsafe.Pointer, lo, hi float32, flags int){kernF32.run2Ex}
	for i := range kernF32.alt {
		saved = append(saved, kernF32.alt[i].run2Ex)
	}
	kernF32.run2Ex = nil
	for i := range kernF32.alt {
		kernF32.alt[i].run2Ex = nil
	}
	defer func() {
		kernF32.run2Ex = saved[0]
		for i := range kernF32.alt {
			kernF32.alt[i].run2Ex = saved[i+1]
		}
	}()
	f()
}

// Bias and clamp in the wide kernels' store give addBias's bits: bias
// only, clamp only, both, on B read in place (1x1 convolutions) and
// packed (im2col), over row counts of every kernel width, with NaNs and
// negative zeros among the sums, one and two threads.
func TestGemmStoreEpilogueMatchesAddBias(t *testing.T) {
	if kernF32.run2Ex == nil {
		t.Skip("no store-epilogue kernel on this CPU or build")
	}
	r := rand.New(rand.NewPCG(13, 14))
	for _, c := range []struct {
		xs, ws []int64
		p      Conv2DParams
		im2col bool
	}{
		{sh(1, 16, 16, 16), sh(96, 16, 1, 1), Conv2DParams{}, false},
		{sh(1, 24, 8, 8), sh(8, 24, 1, 1), Conv2DParams{}, false},
		{sh(1, 300, 8, 12), sh(40, 300, 1, 1), Conv2DParams{}, false}, // two kc blocks
		{sh(2, 8, 16, 8), sh(36, 8, 1, 1), Conv2DParams{}, false},
		{sh(1, 5, 18, 18), sh(12, 5, 3, 3), Conv2DParams{}, true}, // 16x16 outputs, packed B
	} {
		for _, mode := range []struct{ bias, clip bool }{{true, false}, {false, true}, {true, true}} {
			for _, th := range []int{1, 2} {
				t.Run(fmt.Sprintf("%v/%v/%+v/T%d", c.xs, c.ws, mode, th), func(t *testing.T) {
					defer func(prev int) { convForceIm2col = false; SetThreads(prev) }(SetThreads(th))
					convForceIm2col = c.im2col
					nx, _ := NumElements(c.xs)
					nw, _ := NumElements(c.ws)
					xv := dwRandF32(r, int(nx))
					xv[3] = float32(math.NaN())
					x := MustFromSlice(F32, c.xs, xv)
					w := MustFromSlice(F32, c.ws, dwRandF32(r, int(nw)))
					var bias *Tensor
					if mode.bias {
						bv := dwRandF32(r, int(c.ws[0]))
						bv[1] = float32(math.Copysign(0, -1))
						bias = MustFromSlice(F32, sh(c.ws[0]), bv)
					}
					p := c.p
					if mode.clip {
						p.Clip, p.ClipLo, p.ClipHi = true, 0, 0.5
					}
					plain, err := Conv2D(x, w, bias, p)
					require.NoError(t, err)
					var want *Tensor
					withoutRun2Ex(func() {
						want, err = Conv2D(x, w, bias, p)
						require.NoError(t, err)
					})
					requireSameBits(t, want.data.([]float32), plain.data.([]float32))
				})
			}
		}
	}
}
