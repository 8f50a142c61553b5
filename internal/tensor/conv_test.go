package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// naiveConv computes Conv2D directly from its definition in float64.
func naiveConv(x, w []float64, bias []float64, xs, ws []int64, p Conv2DParams) ([]float64, []int64) {
	p = p.norm()
	n, c, h, wd := int(xs[0]), int(xs[1]), int(xs[2]), int(xs[3])
	m, cg, kh, kw := int(ws[0]), int(ws[1]), int(ws[2]), int(ws[3])
	oh := (h+p.Pads[0]+p.Pads[2]-p.Dilations[0]*(kh-1)-1)/p.Strides[0] + 1
	ow := (wd+p.Pads[1]+p.Pads[3]-p.Dilations[1]*(kw-1)-1)/p.Strides[1] + 1
	mg := m / p.Groups
	out := make([]float64, n*m*oh*ow)
	for b := range n {
		for o := range m {
			g := o / mg
			for i := range oh {
				for j := range ow {
					s := 0.0
					for ci := range cg {
						for a := range kh {
							for e := range kw {
								ih := i*p.Strides[0] - p.Pads[0] + a*p.Dilations[0]
								iw := j*p.Strides[1] - p.Pads[1] + e*p.Dilations[1]
								if ih < 0 || ih >= h || iw < 0 || iw >= wd {
									continue
								}
								s += x[((b*c+g*cg+ci)*h+ih)*wd+iw] * w[((o*cg+ci)*kh+a)*kw+e]
							}
						}
					}
					if bias != nil {
						s += bias[o]
					}
					out[((b*m+o)*oh+i)*ow+j] = s
				}
			}
		}
	}
	_ = c
	return out, sh(int64(n), int64(m), int64(oh), int64(ow))
}

func TestConv2DHandComputed(t *testing.T) {
	// 1x1x3x3 input, 1x1x2x2 kernel of ones, no padding: window sums.
	x := vals(F32, sh(1, 1, 3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9)
	w := vals(F32, sh(1, 1, 2, 2), 1, 1, 1, 1)
	y, err := Conv2D(x, w, nil, Conv2DParams{})
	require.NoError(t, err)
	assert.Equal(t, sh(1, 1, 2, 2), y.Shape())
	requireValues(t, []float64{12, 16, 24, 28}, y)

	// Padding 1 all round, stride 2, bias 10.
	y, err = Conv2D(x, w, vals(F32, sh(1), 10), Conv2DParams{Pads: [4]int{1, 1, 1, 1}, Strides: [2]int{2, 2}})
	require.NoError(t, err)
	assert.Equal(t, sh(1, 1, 2, 2), y.Shape())
	requireValues(t, []float64{11, 15, 21, 38}, y)

	// Asymmetric pads: top 1, left 0, bottom 0, right 1.
	y, err = Conv2D(x, w, nil, Conv2DParams{Pads: [4]int{1, 0, 0, 1}})
	require.NoError(t, err)
	assert.Equal(t, sh(1, 1, 3, 3), y.Shape())
	requireValues(t, []float64{3, 5, 3, 12, 16, 9, 24, 28, 15}, y)

	// Dilation 2 with a 2x2 kernel picks the corners of the 3x3 input.
	y, err = Conv2D(x, vals(F32, sh(1, 1, 2, 2), 1, 10, 100, 1000), nil, Conv2DParams{Dilations: [2]int{2, 2}})
	require.NoError(t, err)
	requireValues(t, []float64{1 + 30 + 700 + 9000}, y)

	// Two groups: each output channel sees one input channel.
	x2 := vals(F32, sh(1, 2, 2, 2), 1, 2, 3, 4, 10, 20, 30, 40)
	w2 := vals(F32, sh(2, 1, 1, 1), 2, 3)
	y, err = Conv2D(x2, w2, nil, Conv2DParams{Groups: 2})
	require.NoError(t, err)
	requireValues(t, []float64{2, 4, 6, 8, 30, 60, 90, 120}, y)

	// Depthwise 3x3 with padding 1 on 2 channels (multiplier 1).
	xd := vals(F32, sh(1, 2, 2, 2), 1, 1, 1, 1, 2, 2, 2, 2)
	wd := vals(F32, sh(2, 1, 3, 3), 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0)
	y, err = Conv2D(xd, wd, vals(F32, sh(2), 0, 0.5), Conv2DParams{Groups: 2, Pads: [4]int{1, 1, 1, 1}})
	require.NoError(t, err)
	requireValues(t, []float64{4, 4, 4, 4, 2.5, 2.5, 2.5, 2.5}, y)
}

func TestConv2DAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	cases := []struct {
		xs, ws []int64
		p      Conv2DParams
		bias   bool
	}{
		{sh(1, 3, 7, 9), sh(4, 3, 3, 3), Conv2DParams{}, true},
		{sh(2, 4, 8, 8), sh(6, 2, 3, 3), Conv2DParams{Groups: 2, Pads: [4]int{1, 1, 1, 1}}, true},
		{sh(1, 5, 9, 11), sh(7, 5, 3, 2), Conv2DParams{Strides: [2]int{2, 3}, Pads: [4]int{2, 0, 1, 3}}, false},
		{sh(1, 3, 12, 12), sh(3, 1, 3, 3), Conv2DParams{Groups: 3, Dilations: [2]int{2, 3}, Pads: [4]int{2, 3, 2, 3}}, true},
		{sh(1, 4, 10, 10), sh(8, 1, 5, 5), Conv2DParams{Groups: 4, Strides: [2]int{2, 2}, Pads: [4]int{2, 2, 2, 2}}, true}, // depthwise x2
		{sh(2, 8, 6, 5), sh(5, 8, 1, 1), Conv2DParams{}, true},                                                             // pointwise
		{sh(1, 8, 6, 5), sh(5, 8, 1, 1), Conv2DParams{Strides: [2]int{2, 2}}, false},                                       // strided 1x1
		{sh(1, 2, 5, 5), sh(3, 2, 5, 5), Conv2DParams{}, false},                                                            // kernel = input
		{sh(1, 1, 40, 40), sh(2, 1, 7, 7), Conv2DParams{Strides: [2]int{3, 3}, Pads: [4]int{3, 3, 3, 3}}, true},
		{sh(1, 64, 20, 30), sh(16, 64, 3, 3), Conv2DParams{Pads: [4]int{1, 1, 1, 1}}, true}, // K > gemmKC
	}
	for i, c := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			nx, _ := NumElements(c.xs)
			nw, _ := NumElements(c.ws)
			x := MustFromSlice(F32, c.xs, randF32(r, int(nx)))
			w := MustFromSlice(F32, c.ws, randF32(r, int(nw)))
			var bias *Tensor
			var bv []float64
			if c.bias {
				bias = MustFromSlice(F32, sh(c.ws[0]), randF32(r, int(c.ws[0])))
				bv = bias.Values()
			}
			y, err := Conv2D(x, w, bias, c.p)
			require.NoError(t, err)
			want, ws := naiveConv(x.Values(), w.Values(), bv, c.xs, c.ws, c.p)
			require.Equal(t, ws, y.Shape())
			requireClose(t, want, y, 1e-4)
		})
	}
}

func TestConv2DErrors(t *testing.T) {
	x := New(F32, 1, 4, 5, 5)
	_, err := Conv2D(x, New(F32, 2, 3, 3, 3), nil, Conv2DParams{})
	assert.ErrorContains(t, err, "input channels")
	_, err = Conv2D(x, New(F32, 3, 2, 3, 3), nil, Conv2DParams{Groups: 2})
	assert.ErrorContains(t, err, "not divisible")
	_, err = Conv2D(x, New(F32, 2, 4, 7, 7), nil, Conv2DParams{})
	assert.ErrorContains(t, err, "larger than padded input")
	_, err = Conv2D(New(F32, 4, 5, 5), New(F32, 2, 4, 3, 3), nil, Conv2DParams{})
	assert.ErrorContains(t, err, "4-D")
	_, err = Conv2D(x, New(F32, 2, 4, 3, 3), New(F32, 3), Conv2DParams{})
	assert.ErrorContains(t, err, "bias")
	_, err = Conv2D(x, New(F32, 2, 4, 3, 3), nil, Conv2DParams{Pads: [4]int{-1, 0, 0, 0}})
	assert.ErrorContains(t, err, "negative pad")
	_, err = Conv2D(x, New(F64, 2, 4, 3, 3), nil, Conv2DParams{})
	assert.ErrorContains(t, err, "dtypes differ")
	// F16 goes through float32.
	y, err := Conv2D(vals(F16, sh(1, 1, 1, 2), 1, 2), vals(F16, sh(1, 1, 1, 2), 3, 4), nil, Conv2DParams{})
	require.NoError(t, err)
	assert.Equal(t, F16, y.DType())
	requireValues(t, []float64{11}, y)
}

func TestConvIntegerAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	xs, ws := sh(1, 4, 7, 6), sh(6, 2, 3, 3)
	p := Conv2DParams{Groups: 2, Pads: [4]int{1, 2, 0, 1}, Strides: [2]int{2, 1}}
	xv := make([]uint8, 4*7*6)
	for i := range xv {
		xv[i] = uint8(r.IntN(256))
	}
	wv := make([]int8, 6*2*9)
	for i := range wv {
		wv[i] = int8(r.IntN(256) - 128)
	}
	x := MustFromSlice(U8, xs, xv)
	w := MustFromSlice(I8, ws, wv)
	xz := MustFromSlice(U8, nil, []uint8{128})
	wz := MustFromSlice(I8, sh(6), []int8{0, 1, -1, 2, -2, 3})
	y, err := ConvInteger2D(x, w, xz, wz, p)
	require.NoError(t, err)
	assert.Equal(t, I32, y.DType())
	// Reference: pad with the zero point, subtract, convolve in float64.
	xf := make([]float64, len(xv))
	for i, v := range xv {
		xf[i] = float64(int(v) - 128)
	}
	wf := make([]float64, len(wv))
	for i, v := range wv {
		wf[i] = float64(int(v) - int(wz.AtInt(int64(i/18))))
	}
	want, wsh := naiveConv(xf, wf, nil, xs, ws, p)
	require.Equal(t, wsh, y.Shape())
	for i, v := range y.IntValues() {
		require.Equal(t, int64(want[i]), v, "element %d", i)
	}
	_, err = ConvInteger2D(x, w, MustFromSlice(U8, sh(2), []uint8{1, 2}), nil, p)
	assert.Error(t, err)
	_, err = ConvInteger2D(New(F32, xs...), w, nil, nil, p)
	assert.Error(t, err)
}

func TestConvOutSizeAndSamePads(t *testing.T) {
	n, err := ConvOutSize(5, 3, 2, 1, 0, 0, false)
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	n, err = ConvOutSize(6, 3, 2, 1, 0, 0, true)
	require.NoError(t, err)
	assert.Equal(t, 3, n)
	_, err = ConvOutSize(2, 3, 1, 1, 0, 0, false)
	assert.Error(t, err)
	_, err = ConvOutSize(2, 3, 1, 1, math.MaxInt>>1, math.MaxInt>>1, false)
	assert.ErrorContains(t, err, "bad window")
	_, err = MaxPool2D(New(F32, 1, 1, 2, 2), Pool2DParams{Kernel: [2]int{math.MaxInt >> 2, 1}, Dilations: [2]int{math.MaxInt >> 2, 1}})
	assert.ErrorContains(t, err, "bad window")
	b, e := SamePads(5, 3, 2, 1, true)
	assert.Equal(t, [2]int{1, 1}, [2]int{b, e})
	b, e = SamePads(6, 3, 2, 1, true)
	assert.Equal(t, [2]int{0, 1}, [2]int{b, e})
	b, e = SamePads(6, 3, 2, 1, false)
	assert.Equal(t, [2]int{1, 0}, [2]int{b, e})
}

// inWidth against the per-element test it replaces, over runs that start
// left of, inside and right of the row, at several strides.
func TestInWidth(t *testing.T) {
	for w := 1; w <= 9; w++ {
		for sw := 1; sw <= 4; sw++ {
			for iw := -12; iw <= 14; iw++ {
				for seg := 0; seg <= 10; seg++ {
					lo, hi := inWidth(iw, sw, w, seg)
					for t0 := range seg {
						inside := uint(iw+t0*sw) < uint(w)
						require.Equal(t, inside, t0 >= lo && t0 < hi, "iw=%d sw=%d w=%d seg=%d t=%d: [%d,%d)", iw, sw, w, seg, t0, lo, hi)
					}
					require.True(t, 0 <= lo && lo <= hi && hi <= seg)
				}
			}
		}
	}
}
