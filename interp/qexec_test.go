package interp

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/quantize"
	"github.com/mlc-go/mlc/internal/tensor"
)

// qconvCase is a quantized convolution written twice: in QDQ form (float
// conv2d between dcast and qcast) and fused (conv2d on quantized types).
type qconvCase struct {
	x             []int64 // stored u8 input [1, C, H, W]
	c, h, w, m, k int
	groups        int
	xs, ys        float64
	xz, yz        int64
	ws            []float64 // per output channel
	wv            []int64   // stored i8 weights [M, C/G, k, k]
	bias          []int64   // i32, scale xs·ws
	stride, pad   int
}

func (q *qconvCase) types() (xt, wt, bt, yt string) {
	xt = fmt.Sprintf("tensor<1x%dx%dx%dx!quant.uniform<u8:f32, %v:%d>>", q.c, q.h, q.w, f32lit(q.xs), q.xz)
	var ws, bs []string
	for i, s := range q.ws {
		ws = append(ws, f32lit(s))
		bs = append(bs, fmt.Sprint(float64(float32(q.xs))*float64(float32(s))))
		_ = i
	}
	wt = fmt.Sprintf("tensor<%dx%dx%dx%dx!quant.uniform<i8:f32:0, {%s}>>", q.m, q.c/q.groups, q.k, q.k, strings.Join(ws, ", "))
	bt = fmt.Sprintf("tensor<%dx!quant.uniform<i32:f32:0, {%s}>>", q.m, strings.Join(bs, ", "))
	oh := (q.h+2*q.pad-q.k)/q.stride + 1
	ow := (q.w+2*q.pad-q.k)/q.stride + 1
	yt = fmt.Sprintf("tensor<1x%dx%dx%dx!quant.uniform<u8:f32, %v:%d>>", q.m, oh, ow, f32lit(q.ys), q.yz)
	return
}

func f32lit(v float64) string { return fmt.Sprint(float64(float32(v))) }

func ints(v []int64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func floatT(t string) string { // tensor<...x!quant...> → tensor<...xf32>
	i := strings.Index(t, "x!quant")
	return t[:i] + "xf32>"
}

func storedT(t, e string) string {
	i := strings.Index(t, "x!quant")
	return t[:i] + "x" + e + ">"
}

func (q *qconvCase) src(fused bool) string {
	xt, wt, bt, yt := q.types()
	attrs := fmt.Sprintf("{padding = array<i64: %d, %d, %d, %d>, strides = array<i64: %d, %d>, groups = %d : i64}", q.pad, q.pad, q.pad, q.pad, q.stride, q.stride, q.groups)
	return quantConvSrc(xt, wt, bt, yt, attrs, q.wv, q.bias, fused)
}

// quantConvSrc is a quantized convolution with stored weights w (i8) and
// bias (i32) as constants: fused (conv2d on the quantized types) or in
// QDQ form (a float conv2d between dcast and qcast).
func quantConvSrc(xt, wt, bt, yt, attrs string, w, bias []int64, fused bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @main(%%x: %s) -> %s {\n", xt, yt)
	flat := fmt.Sprintf("tensor<%dxi8>", len(w))
	fmt.Fprintf(&b, "  %%wf = core.constant dense<%s> : %s\n", ints(w), flat)
	fmt.Fprintf(&b, "  %%ws = core.reshape %%wf : (%s) -> %s\n", flat, storedT(wt, "i8"))
	fmt.Fprintf(&b, "  %%w = quant.scast %%ws : %s to %s\n", storedT(wt, "i8"), wt)
	fmt.Fprintf(&b, "  %%bs = core.constant dense<%s> : %s\n", ints(bias), storedT(bt, "i32"))
	fmt.Fprintf(&b, "  %%b = quant.scast %%bs : %s to %s\n", storedT(bt, "i32"), bt)
	if fused {
		fmt.Fprintf(&b, "  %%y = core.conv2d %%x, %%w, %%b %s : (%s, %s, %s) -> %s\n", attrs, xt, wt, bt, yt)
	} else {
		fmt.Fprintf(&b, "  %%dx = quant.dcast %%x : %s to %s\n", xt, floatT(xt))
		fmt.Fprintf(&b, "  %%dw = quant.dcast %%w : %s to %s\n", wt, floatT(wt))
		fmt.Fprintf(&b, "  %%db = quant.dcast %%b : %s to %s\n", bt, floatT(bt))
		fmt.Fprintf(&b, "  %%c = core.conv2d %%dx, %%dw, %%db %s : (%s, %s, %s) -> %s\n", attrs, floatT(xt), floatT(wt), floatT(bt), floatT(yt))
		fmt.Fprintf(&b, "  %%y = quant.qcast %%c : %s to %s\n", floatT(yt), yt)
	}
	fmt.Fprintf(&b, "  return %%y : %s\n}\n", yt)
	return b.String()
}

// reference is the plain int64 loop: Σ (x − x_zp)·w + bias, then ORT's
// requantization of that (exact) accumulator.
func (q *qconvCase) reference() []int64 {
	oh := (q.h+2*q.pad-q.k)/q.stride + 1
	ow := (q.w+2*q.pad-q.k)/q.stride + 1
	cg, mg := q.c/q.groups, q.m/q.groups
	out := quantize.Params{ZeroPoint: q.yz, Min: 0, Max: 255}
	var res []int64
	for o := range q.m {
		g := o / mg
		mult := quantize.OutputScale32(q.xs, q.ws[o], q.ys)
		for y := range oh {
			for x := range ow {
				s := q.bias[o]
				for ci := range cg {
					for i := range q.k {
						for j := range q.k {
							iy, ix := y*q.stride-q.pad+i, x*q.stride-q.pad+j
							if iy < 0 || iy >= q.h || ix < 0 || ix >= q.w {
								continue
							}
							s += (q.x[((g*cg+ci)*q.h+iy)*q.w+ix] - q.xz) * q.wv[((o*cg+ci)*q.k+i)*q.k+j]
						}
					}
				}
				res = append(res, out.RequantizeAcc(int32(s), mult))
			}
		}
	}
	return res
}

func randomQConv(rng *rand.Rand, groups int) *qconvCase {
	q := &qconvCase{groups: groups, k: 1 + 2*rng.Intn(2), stride: 1 + rng.Intn(2), pad: rng.Intn(2)}
	q.c, q.m = groups*(1+rng.Intn(3)), groups*(1+rng.Intn(3))
	if groups > 1 && rng.Intn(2) == 0 { // depthwise
		q.c, q.m = groups, groups
	}
	q.h, q.w = 3+rng.Intn(5), 3+rng.Intn(5)
	q.xs, q.ys = 0.01+rng.Float64()*0.05, 0.05+rng.Float64()*0.2
	q.xz, q.yz = rng.Int63n(256), rng.Int63n(256)
	for range q.c * q.h * q.w {
		q.x = append(q.x, rng.Int63n(256))
	}
	for range q.m {
		s := 0.002 + rng.Float64()*0.02
		q.ws = append(q.ws, s)
		q.bias = append(q.bias, rng.Int63n(4001)-2000)
	}
	for range q.m * q.c / groups * q.k * q.k {
		q.wv = append(q.wv, rng.Int63n(255)-127)
	}
	return q
}

// The fused integer conv2d equals the int64 reference loop exactly and
// the QDQ float path within one quantization step.
func TestQuantizedConvIntegerPath(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for trial := range 24 {
		q := randomQConv(rng, []int{1, 2, 3}[trial%3])
		x := tensor.MustValues(tensor.U8, []int64{1, int64(q.c), int64(q.h), int64(q.w)}, toF(q.x)...)
		fused, err := runSrc(t, q.src(true), x)
		if err != nil {
			t.Fatalf("trial %d: fused: %v\n%s", trial, err, q.src(true))
		}
		qdq, err := runSrc(t, q.src(false), x)
		if err != nil {
			t.Fatalf("trial %d: qdq: %v", trial, err)
		}
		got, float := fused[0].IntValues(), qdq[0].IntValues()
		want := q.reference()
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("trial %d: element %d = %d, int64 reference %d\n%s", trial, i, got[i], want[i], q.src(true))
			}
			if d := got[i] - float[i]; d < -1 || d > 1 {
				t.Fatalf("trial %d: element %d = %d, QDQ float path %d", trial, i, got[i], float[i])
			}
		}
	}
}

func toF(v []int64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(x)
	}
	return out
}

// Matmul and add on quantized types against their QDQ forms.
func TestQuantizedMatMulAddMatchQDQ(t *testing.T) {
	const src = `func.func @main(%a: tensor<3x5x!quant.uniform<i8:f32, 0.05:-3>>, %c: tensor<3x4x!quant.uniform<i8:f32, 0.08:2>>) -> tensor<3x4x!quant.uniform<i8:f32, 0.12:1>> {
  %ws = core.constant dense<[[1, -7, 20, 63], [-63, 5, 0, 9], [33, -2, -40, 8], [7, 7, -7, 60], [-1, 50, 12, -30]]> : tensor<5x4xi8>
  %w = quant.scast %ws : tensor<5x4xi8> to tensor<5x4x!quant.uniform<i8:f32:1, {0.01, 0.02, 0.005, 0.03}>>
  FUSED
}`
	fused := `%m = core.matmul %a, %w : (tensor<3x5x!quant.uniform<i8:f32, 0.05:-3>>, tensor<5x4x!quant.uniform<i8:f32:1, {0.01, 0.02, 0.005, 0.03}>>) -> tensor<3x4x!quant.uniform<i8:f32, 0.1:4>>
  %y = core.add %m, %c : (tensor<3x4x!quant.uniform<i8:f32, 0.1:4>>, tensor<3x4x!quant.uniform<i8:f32, 0.08:2>>) -> tensor<3x4x!quant.uniform<i8:f32, 0.12:1>>
  return %y : tensor<3x4x!quant.uniform<i8:f32, 0.12:1>>`
	qdq := `%da = quant.dcast %a : tensor<3x5x!quant.uniform<i8:f32, 0.05:-3>> to tensor<3x5xf32>
  %dw = quant.dcast %w : tensor<5x4x!quant.uniform<i8:f32:1, {0.01, 0.02, 0.005, 0.03}>> to tensor<5x4xf32>
  %f = core.matmul %da, %dw : (tensor<3x5xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>
  %m = quant.qcast %f : tensor<3x4xf32> to tensor<3x4x!quant.uniform<i8:f32, 0.1:4>>
  %dm = quant.dcast %m : tensor<3x4x!quant.uniform<i8:f32, 0.1:4>> to tensor<3x4xf32>
  %dc = quant.dcast %c : tensor<3x4x!quant.uniform<i8:f32, 0.08:2>> to tensor<3x4xf32>
  %s = core.add %dm, %dc : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %y = quant.qcast %s : tensor<3x4xf32> to tensor<3x4x!quant.uniform<i8:f32, 0.12:1>>
  return %y : tensor<3x4x!quant.uniform<i8:f32, 0.12:1>>`
	rng := rand.New(rand.NewSource(2))
	for range 20 {
		a := make([]float64, 15)
		c := make([]float64, 12)
		for i := range a {
			a[i] = float64(rng.Intn(256) - 128)
		}
		for i := range c {
			c[i] = float64(rng.Intn(256) - 128)
		}
		in := []*tensor.Tensor{tensor.MustValues(tensor.I8, []int64{3, 5}, a...), tensor.MustValues(tensor.I8, []int64{3, 4}, c...)}
		g, err := runSrc(t, strings.Replace(src, "FUSED", fused, 1), in...)
		if err != nil {
			t.Fatal(err)
		}
		w, err := runSrc(t, strings.Replace(src, "FUSED", qdq, 1), in...)
		if err != nil {
			t.Fatal(err)
		}
		// One step from the matmul's rounding can become 0.1/0.12 of a step
		// plus the add's own: at most one step in all.
		gv, wv := g[0].IntValues(), w[0].IntValues()
		for i := range gv {
			if d := gv[i] - wv[i]; d < -1 || d > 1 {
				t.Fatalf("element %d: %d, QDQ %d", i, gv[i], wv[i])
			}
		}
	}
}

// Max pooling on a quantized tensor selects stored integers.
func TestQuantizedMaxPool(t *testing.T) {
	const src = `func.func @main(%x: tensor<1x1x2x4x!quant.uniform<u8:f32, 0.5:10>>) -> tensor<1x1x1x2x!quant.uniform<u8:f32, 0.5:10>> {
  %0 = core.max_pool2d %x {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x1x2x4x!quant.uniform<u8:f32, 0.5:10>>) -> tensor<1x1x1x2x!quant.uniform<u8:f32, 0.5:10>>
  return %0 : tensor<1x1x1x2x!quant.uniform<u8:f32, 0.5:10>>
}`
	got, err := runSrc(t, src, u8(sh(1, 1, 2, 4), 3, 200, 9, 0, 17, 4, 255, 1))
	if err != nil {
		t.Fatal(err)
	}
	expectEqual(t, "max_pool2d", got[0], u8(sh(1, 1, 1, 2), 200, 255))
}
