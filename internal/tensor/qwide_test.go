package tensor

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// randExtremes fills a tensor of dt with values mostly at its storage
// range's ends, where int32 sums of 16-bit products wrap.
func randExtremes(rng *rand.Rand, dt DType, shape []int64) *Tensor {
	t, err := Alloc(dt, shape)
	if err != nil {
		panic(err)
	}
	lo, hi, _ := storageRange(dt)
	for i := range t.Len() {
		switch rng.Intn(3) {
		case 0:
			t.setInt(i, lo)
		case 1:
			t.setInt(i, hi)
		default:
			t.setInt(i, lo+rng.Int63n(hi-lo+1))
		}
	}
	return t
}

// randZeros is none, one or one per channel, drawn from dt's range.
func randZeros(rng *rand.Rand, dt DType, kind, channels int) []int32 {
	lo, hi, _ := storageRange(dt)
	z := func() int32 { return int32(lo + rng.Int63n(hi-lo+1)) }
	switch kind % 3 {
	case 1:
		return []int32{z()}
	case 2:
		s := make([]int32, channels)
		for i := range s {
			s[i] = z()
		}
		return s
	}
	return nil
}

// The wide convolution equals the int64 reference loop on random shapes,
// groups, padding, strides and dilations, 8- and 16-bit storage at the
// extremes of their ranges.
func TestConvIntegerWideMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	type tc struct {
		xdt, wdt DType
		groups   int
	}
	for _, k := range []tc{{U16, I8, 1}, {I16, I8, 2}, {U16, U16, 1}, {I16, I16, 3}, {U16, I8, 4}, {U8, I8, 1}, {I8, U8, 2}} {
		for trial := range 8 {
			cg, mg := 1+rng.Intn(4), 1+rng.Intn(3)
			if trial%4 == 3 { // depthwise
				cg, mg = 1, 1
			}
			c, m := cg*k.groups, mg*k.groups
			x := randExtremes(rng, k.xdt, []int64{int64(1 + rng.Intn(2)), int64(c), int64(4 + rng.Intn(12)), int64(4 + rng.Intn(12))})
			kh, kw := 1+rng.Intn(4), 1+rng.Intn(4)
			w := randExtremes(rng, k.wdt, []int64{int64(m), int64(cg), int64(kh), int64(kw)})
			p := Conv2DParams{Strides: [2]int{1 + rng.Intn(3), 1 + rng.Intn(2)}, Dilations: [2]int{1 + rng.Intn(2), 1},
				Pads: [4]int{rng.Intn(3), rng.Intn(2), rng.Intn(2), rng.Intn(3)}, Groups: k.groups}
			xz := randZeros(rng, k.xdt, 1, 1)[0]
			wz := randZeros(rng, k.wdt, trial, m)
			shape, err := ConvIntegerOutShape(x.shape, w.shape, p)
			if err != nil {
				continue
			}
			n, _ := NumElements(shape)
			acc := make([]int64, n)
			require.NoError(t, ConvIntegerWideInto(acc, x, xz, w, wz, p))
			require.Equal(t, refConvInteger(x, w, int64(xz), wz, p), acc, "%v×%v groups %d trial %d", k.xdt, k.wdt, k.groups, trial)
		}
	}
}

// A ViT patch embedding at the top of u16: 768·65535·127 > 2^31.
func TestConvIntegerWidePatchEmbedding(t *testing.T) {
	x := filled(U16, []int64{1, 3, 32, 32}, 65535)
	w := filled(I8, []int64{2, 3, 16, 16}, 127)
	p := Conv2DParams{Strides: [2]int{16, 16}}
	acc := make([]int64, 2*2*2)
	require.NoError(t, ConvIntegerWideInto(acc, x, 0, w, nil, p))
	for _, v := range acc {
		require.Equal(t, int64(768*65535*127), v)
	}
	require.False(t, IntegerAccFits32(x, 0, w, nil, 768, 0))
}

func TestMatMulIntegerWideMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(22))
	for _, dts := range [][2]DType{{I16, I16}, {U16, U16}, {U16, I8}, {I16, U16}, {U8, I8}} {
		for trial := range 8 {
			m, k, n := 1+rng.Intn(9), 1+rng.Intn(70), 1+rng.Intn(20)
			// a [3, m, k] against b [k, n] or a per-batch b [3, k, n].
			a := randExtremes(rng, dts[0], []int64{3, int64(m), int64(k)})
			bShape := []int64{int64(k), int64(n)}
			if trial%2 == 1 {
				bShape = []int64{3, int64(k), int64(n)}
			}
			b := randExtremes(rng, dts[1], bShape)
			az := randZeros(rng, dts[0], 1, 1)[0]
			bz := randZeros(rng, dts[1], trial, n)
			acc := make([]int64, 3*m*n)
			require.NoError(t, MatMulIntegerWideInto(acc, a, az, b, bz))
			av, bv := a.IntValues(), b.IntValues()
			for bi := range 3 {
				boff := 0
				if len(bShape) == 3 {
					boff = bi * k * n
				}
				for r := range m {
					for col := range n {
						var s int64
						for p := range k {
							s += (av[(bi*m+r)*k+p] - int64(az)) * (bv[boff+p*n+col] - int64(zeroAt32(bz, col)))
						}
						require.Equal(t, s, acc[(bi*m+r)*n+col], "%v: [%d,%d,%d]", dts, bi, r, col)
					}
				}
			}
		}
	}
}

func TestIntegerWideRejectsBadOperands(t *testing.T) {
	x := MustValues(F32, []int64{1, 1, 2, 2}, 1, 2, 3, 4)
	w := MustValues(I8, []int64{1, 1, 1, 1}, 1)
	require.Error(t, ConvIntegerWideInto(make([]int64, 4), x, 0, w, nil, Conv2DParams{}))
	u := MustValues(U16, []int64{1, 1, 2, 2}, 1, 2, 3, 4)
	require.Error(t, ConvIntegerWideInto(make([]int64, 3), u, 0, w, nil, Conv2DParams{}))
	require.Error(t, ConvIntegerWideInto(make([]int64, 4), u, 0, w, []int32{1, 2}, Conv2DParams{}))
	a := MustValues(I16, []int64{2, 3}, 1, 2, 3, 4, 5, 6)
	require.Error(t, MatMulIntegerWideInto(make([]int64, 4), a, 0, MustValues(I16, []int64{2, 2}, 1, 2, 3, 4), nil))
	require.Error(t, MatMulIntegerWideInto(make([]int64, 3), a, 0, MustValues(I16, []int64{3, 1}, 1, 2, 3), nil))
}

// The bound keeps 8-bit models on the int32 kernels from the storage
// types alone, and sends 16-bit operands to the wide ones only when their
// data can overflow.
func TestIntegerAccFits32(t *testing.T) {
	// ResNet's and MobileNet's deepest 8-bit sums (512·3·3, 1280 for a
	// classifier, 2048·1 for a wide 1×1) with large i32 biases: int32.
	for _, dts := range [][2]DType{{U8, I8}, {I8, I8}, {U8, U8}} {
		for _, k := range []int{27, 576, 1280, 2048, 4608, 9 * 1024} {
			x := New(dts[0], 1, 1, 1, 1)
			w := New(dts[1], 1, 1, 1, 1)
			zx := int32(128)
			if dts[0] == I8 {
				zx = -128
			}
			require.True(t, IntegerAccFits32(x, zx, w, []int32{0, 3, -7}, k, 1<<24), "%v×%v k=%d", dts[0], dts[1], k)
			require.True(t, IntegerStorageFits32(dts[0], zx, dts[1], []int32{0, 3, -7}, k, 1<<24), "%v×%v k=%d", dts[0], dts[1], k)
		}
	}
	// The data-free check alone cannot pass 16-bit activations over a
	// deep sum, whatever the data (IntegerAccFits32 then reads it).
	require.False(t, IntegerStorageFits32(U16, 32768, I8, nil, 768, 0))
	// 16-bit activations: wide when the data reaches far enough, not when
	// the values stay near the zero point.
	k := 768
	w := filled(I8, []int64{4, 3, 16, 16}, -128)
	require.False(t, IntegerAccFits32(filled(U16, []int64{1, 3, 16, 16}, 65535), 0, w, nil, k, 0))
	require.True(t, IntegerAccFits32(filled(U16, []int64{1, 3, 16, 16}, 32768+100), 32768, w, nil, k, 0))
	// i16 × i16: two products of 2^30 pass 2^31 − 1.
	a := filled(I16, []int64{1, 2}, -32768)
	require.False(t, IntegerAccFits32(a, 0, filled(I16, []int64{2, 1}, -32768), nil, 2, 0))
	require.True(t, IntegerAccFits32(a, 0, filled(I16, []int64{2, 1}, -32768), nil, 1, 0))
	// The bias counts: 2^15 · 65520 = 2^31 − 2^19 fits with a bias of
	// 2^18, not with one of 2^20.
	b := filled(I16, []int64{1, 1}, 32767)
	require.True(t, IntegerAccFits32(a, 0, b, []int32{-32753}, 1, 1<<18))
	require.False(t, IntegerAccFits32(a, 0, b, []int32{-32753}, 1, 1<<20))
}

func filled(dt DType, shape []int64, v int64) *Tensor {
	t := New(dt, shape...)
	for i := range t.Len() {
		t.setInt(i, v)
	}
	return t
}

// BenchmarkPatchEmbedU16: ViT-Tiny's patch embedding (224×224 input, 192
// channels, K = 768) with u16 activations, through the int32 direct loop
// (which wraps) and the exact wide kernel.
func BenchmarkPatchEmbedU16(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	x := randExtremes(rng, U16, []int64{1, 3, 224, 224})
	w := randExtremes(rng, I8, []int64{192, 3, 16, 16})
	p := Conv2DParams{Strides: [2]int{16, 16}}
	b.Run("int32", func(b *testing.B) {
		acc := make([]int32, 192*14*14)
		for b.Loop() {
			require.NoError(b, ConvIntegerInto(acc, x, 0, w, nil, p))
		}
	})
	b.Run("wide", func(b *testing.B) {
		acc := make([]int64, 192*14*14)
		for b.Loop() {
			require.NoError(b, ConvIntegerWideInto(acc, x, 0, w, nil, p))
		}
	})
}
