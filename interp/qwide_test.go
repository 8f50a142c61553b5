package interp

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/internal/tensor"
)

// 16-bit operands whose Σ (x − zp)(w − zw) passes 2^31: the integer paths
// accumulate exactly (wide) and agree with the QDQ float form.

// extremes draws n stored values in [lo, hi], most of them at the ends.
func extremes(rng *rand.Rand, n int, lo, hi int64) []int64 {
	v := make([]int64, n)
	for i := range v {
		switch rng.Intn(4) {
		case 0:
			v[i] = lo
		case 1, 2:
			v[i] = hi
		default:
			v[i] = lo + rng.Int63n(hi-lo+1)
		}
	}
	return v
}

// nested writes v (row-major, of shape) as a nested dense literal.
func nested(v []int64, shape []int) string {
	if len(shape) == 1 {
		return ints(v)
	}
	step := len(v) / shape[0]
	parts := make([]string, shape[0])
	for i := range parts {
		parts[i] = nested(v[i*step:(i+1)*step], shape[1:])
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// withinOneStep fails when got and want differ by more than one stored step.
func withinOneStep(t *testing.T, what string, got, want []int64) {
	t.Helper()
	require.Len(t, got, len(want))
	bad := 0
	for i := range got {
		if d := got[i] - want[i]; d < -1 || d > 1 {
			if bad < 5 {
				t.Errorf("%s: element %d = %d, QDQ float form %d", what, i, got[i], want[i])
			}
			bad++
		}
	}
	require.Zero(t, bad, "%s: %d of %d elements off by more than one step", what, bad, len(got))
}

// wideConv is a u16-activation, i8-weight 16×16 stride-16 patch conv
// (K = 3·16·16 = 768, ViT's patch embedding) with an i32 bias.
type wideConv struct {
	x, w, bias []int64
	xs, ys     float64
	ws         []float64
	yz         int64
	m          int
}

func newWideConv(rng *rand.Rand) *wideConv {
	q := &wideConv{m: 6, xs: 1.0 / 65535, ys: 2 * 800.0 / 65535, yz: 32768}
	q.x = extremes(rng, 3*32*32, 0, 65535)
	for i := range 3 * 16 * 16 { // the first patch at the top
		q.x[(i/256)*32*32+(i%256/16)*32+i%16] = 65535
	}
	q.w = extremes(rng, q.m*768, -128, 127)
	for i := range 768 { // channel 0 all at the top
		q.w[i] = 127
	}
	for range q.m {
		q.ws = append(q.ws, 1.0/128)
		q.bias = append(q.bias, rng.Int63n(1<<21)-1<<20)
	}
	return q
}

func (q *wideConv) coreSrc(fused bool) string {
	ws := make([]string, q.m)
	bs := make([]string, q.m)
	for i, s := range q.ws {
		ws[i] = f32lit(s)
		bs[i] = fmt.Sprint(float64(float32(q.xs)) * float64(float32(s)))
	}
	xt := fmt.Sprintf("tensor<1x3x32x32x!quant.uniform<u16:f32, %s>>", f32lit(q.xs))
	wt := fmt.Sprintf("tensor<%dx3x16x16x!quant.uniform<i8:f32:0, {%s}>>", q.m, strings.Join(ws, ", "))
	bt := fmt.Sprintf("tensor<%dx!quant.uniform<i32:f32:0, {%s}>>", q.m, strings.Join(bs, ", "))
	yt := fmt.Sprintf("tensor<1x%dx2x2x!quant.uniform<u16:f32, %s:%d>>", q.m, f32lit(q.ys), q.yz)
	attrs := "{padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 16, 16>, groups = 1 : i64}"
	return quantConvSrc(xt, wt, bt, yt, attrs, q.w, q.bias, fused)
}

// qnnSrc is the same convolution in the qnn dialect: NHWC input, HWIO
// filter, offsets the negated zero points.
func (q *wideConv) qnnSrc() string {
	so := make([]string, q.m)
	bso := make([]string, q.m)
	for i, s := range q.ws {
		so[i] = f32lit(s) + ":0"
		bso[i] = fmt.Sprint(float64(float32(q.xs)*float32(s))) + ":0"
	}
	hwio := make([]int64, len(q.w))
	for o := range q.m {
		for k := range 768 {
			c, i, j := k/256, k%256/16, k%16
			hwio[((i*16+j)*3+c)*q.m+o] = q.w[o*768+k]
		}
	}
	xt := fmt.Sprintf("!qnn.tensor<1x32x32x3xufixed16, scale = %s, offset = 0>", f32lit(q.xs))
	wt := fmt.Sprintf("!qnn.tensor<16x16x3x%dxsfixed8, axis = 3, scale_offsets = [%s]>", q.m, strings.Join(so, ", "))
	bt := fmt.Sprintf("!qnn.tensor<%dxsfixed32, axis = 0, scale_offsets = [%s]>", q.m, strings.Join(bso, ", "))
	yt := fmt.Sprintf("!qnn.tensor<1x2x2x%dxufixed16, scale = %s, offset = %d>", q.m, f32lit(q.ys), -q.yz)
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @main(%%x: %s) -> %s {\n", xt, yt)
	fmt.Fprintf(&b, "  %%w = qnn.StaticTensor dense<%s> : tensor<16x16x3x%dxi8> -> %s\n", nested(hwio, []int{16, 16, 3, q.m}), q.m, wt)
	fmt.Fprintf(&b, "  %%b = qnn.StaticTensor dense<%s> : tensor<%dxi32> -> %s\n", ints(q.bias), q.m, bt)
	fmt.Fprintf(&b, "  %%y = qnn.Conv2d %%x, %%w, %%b {stride = array<i64: 16, 16>, pad_amount = dense<0> : tensor<2x2xi64>} : (%s, %s, %s) -> %s\n", xt, wt, bt, yt)
	fmt.Fprintf(&b, "  return %%y : %s\n}\n", yt)
	return b.String()
}

func TestWideConvU16MatchesQDQ(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for trial := range 4 {
		q := newWideConv(rng)
		x := tensor.MustValues(tensor.U16, sh(1, 3, 32, 32), toF(q.x)...)
		fused, err := runSrc(t, q.coreSrc(true), x)
		require.NoError(t, err)
		qdq, err := runSrc(t, q.coreSrc(false), x)
		require.NoError(t, err)
		want := qdq[0].IntValues()
		// Channel 0 of the first patch: 768·65535·127 overflows int32.
		require.Greater(t, want[0], q.yz+30000, "the test's overflowing element is not large")
		withinOneStep(t, fmt.Sprintf("trial %d: core fused", trial), fused[0].IntValues(), want)

		xn, err := tensor.Transpose(x, []int{0, 2, 3, 1})
		require.NoError(t, err)
		y := runQNN(t, q.qnnSrc(), xn)
		yn, err := tensor.Transpose(y, []int{0, 3, 1, 2})
		require.NoError(t, err)
		withinOneStep(t, fmt.Sprintf("trial %d: qnn", trial), yn.IntValues(), want)
	}
}

// Attention's activation × activation product: both operands i16, where
// one product reaches 2^30 and a sum of three overflows.
func TestWideMatMulI16MatchesQDQ(t *testing.T) {
	const m, k, n = 5, 64, 7
	at := fmt.Sprintf("tensor<2x%dx%dx!quant.uniform<i16:f32, 0.001:-3>>", m, k)
	bt := fmt.Sprintf("tensor<2x%dx%dx!quant.uniform<i16:f32, 0.002:5>>", k, n)
	yt := fmt.Sprintf("tensor<2x%dx%dx!quant.uniform<i16:f32, %s:-7>>", m, n, f32lit(2*float64(k)*32.8*65.6/65535))
	fused := fmt.Sprintf(`func.func @main(%%a: %s, %%b: %s) -> %s {
  %%y = core.matmul %%a, %%b : (%s, %s) -> %s
  return %%y : %s
}`, at, bt, yt, at, bt, yt, yt)
	qdq := fmt.Sprintf(`func.func @main(%%a: %s, %%b: %s) -> %s {
  %%da = quant.dcast %%a : %s to %s
  %%db = quant.dcast %%b : %s to %s
  %%f = core.matmul %%da, %%db : (%s, %s) -> %s
  %%y = quant.qcast %%f : %s to %s
  return %%y : %s
}`, at, bt, yt, at, floatT(at), bt, floatT(bt), floatT(at), floatT(bt), floatT(yt), floatT(yt), yt, yt)
	rng := rand.New(rand.NewSource(9))
	for trial := range 4 {
		av := extremes(rng, 2*m*k, math.MinInt16, math.MaxInt16)
		bv := extremes(rng, 2*k*n, math.MinInt16, math.MaxInt16)
		for i := range k { // row 0 × column 0 of batch 0 at the top
			av[i], bv[i*n] = math.MaxInt16, math.MaxInt16
		}
		a := tensor.MustValues(tensor.I16, sh(2, m, k), toF(av)...)
		b := tensor.MustValues(tensor.I16, sh(2, k, n), toF(bv)...)
		g, err := runSrc(t, fused, a, b)
		require.NoError(t, err)
		w, err := runSrc(t, qdq, a, b)
		require.NoError(t, err)
		require.Greater(t, w[0].IntValues()[0], int64(10000), "the test's overflowing element is not large")
		withinOneStep(t, fmt.Sprintf("trial %d", trial), g[0].IntValues(), w[0].IntValues())
	}
}
