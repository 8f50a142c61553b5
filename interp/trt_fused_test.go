package interp

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// runFused runs @main of src with Options.TRTFused and fails if a
// convolution or matrix multiply ran op by op (outside a group).
func runFused(t *testing.T, src string, in ...*tensor.Tensor) []*tensor.Tensor {
	t.Helper()
	var layers []string
	out, err := New(Options{TRTFused: true, Observe: func(op *ir.Operation, _ []*tensor.Tensor) {
		if op.Name() == "trt.convolution" || op.Name() == "trt.matrix_multiply" {
			layers = append(layers, op.Name())
		}
	}}).RunModule(parseModule(t, src), "main", in)
	if err != nil {
		t.Fatalf("TRTFused: %v\n%s", err, src)
	}
	if len(layers) > 0 {
		t.Fatalf("%v ran op by op, not grouped\n%s", layers, src)
	}
	return out
}

func f32s(v []float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = f32lit(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func dims(d ...int) string {
	s := make([]string, len(d))
	for i, x := range d {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, "x")
}

// trtConvCase is a symmetric int8 convolution with an f32 bias that is
// an exact multiple of s_x·s_w, written as the trt IR legalize-trt makes
// (dequantize → convolution → quantize) and as the fused core form on quantized types with the bias
// as those multiples in i32.
type trtConvCase struct {
	c, h, w, m, k, groups, stride, pad, dil int
	xs, ys                                  float64
	ws                                      []float64
	x, wv, bias                             []int64
}

func randomTRTConv(rng *rand.Rand) *trtConvCase {
	q := &trtConvCase{groups: 1 + rng.Intn(2), k: 1 + 2*rng.Intn(2), stride: 1 + rng.Intn(2), pad: rng.Intn(2), dil: 1 + rng.Intn(2)}
	q.c, q.m = q.groups*(1+rng.Intn(4)), q.groups*(1+rng.Intn(4))
	q.h, q.w = 5+rng.Intn(5), 5+rng.Intn(5)
	q.xs, q.ys = 0.01+rng.Float64()*0.05, 0.02+rng.Float64()*0.1
	for range q.c * q.h * q.w {
		q.x = append(q.x, rng.Int63n(256)-128)
	}
	for range q.m {
		q.ws = append(q.ws, 0.002+rng.Float64()*0.02)
		q.bias = append(q.bias, rng.Int63n(4001)-2000)
	}
	for range q.m * q.c / q.groups * q.k * q.k {
		q.wv = append(q.wv, rng.Int63n(255)-127)
	}
	return q
}

func (q *trtConvCase) out() (oh, ow int) {
	e := q.dil*(q.k-1) + 1
	return (q.h+2*q.pad-e)/q.stride + 1, (q.w+2*q.pad-e)/q.stride + 1
}

// biasF is the f32 bias: b·float32(s_x·s_w), which quantizes back to b.
func (q *trtConvCase) biasF() []float64 {
	out := make([]float64, q.m)
	for i, b := range q.bias {
		out[i] = float64(float32(float64(b) * float64(float32(float32(q.xs)*float32(q.ws[i])))))
	}
	return out
}

// trtSrc is the trt form; act, when not empty, is an activation between
// the convolution and the quantize: its type and attributes.
func (q *trtConvCase) trtSrc(act ...string) string {
	oh, ow := q.out()
	cg := q.c / q.groups
	xt, wt := "tensor<"+dims(1, q.c, q.h, q.w), "tensor<"+dims(q.m, cg, q.k, q.k)
	yt := "tensor<" + dims(1, q.m, oh, ow)
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @main(%%x: %sxi8>) -> %sxi8> {\n", xt, yt)
	fmt.Fprintf(&b, "  %%sx = trt.constant dense<%s> : tensor<f32>\n", f32lit(q.xs))
	fmt.Fprintf(&b, "  %%dx = trt.dequantize %%x, %%sx : (%sxi8>, tensor<f32>) -> %sxf32>\n", xt, xt)
	fmt.Fprintf(&b, "  %%w = trt.constant dense<%s> : %sxi8>\n", nested(q.wv, []int{q.m, cg, q.k, q.k}), wt)
	fmt.Fprintf(&b, "  %%sw = trt.constant dense<%s> : tensor<%dxf32>\n", f32s(q.ws), q.m)
	fmt.Fprintf(&b, "  %%dw = trt.dequantize %%w, %%sw {axis = 0 : i64} : (%sxi8>, tensor<%dxf32>) -> %sxf32>\n", wt, q.m, wt)
	fmt.Fprintf(&b, "  %%b = trt.constant dense<%s> : tensor<%dxf32>\n", f32s(q.biasF()), q.m)
	fmt.Fprintf(&b, "  %%y = trt.convolution %%dx, %%dw, %%b {dilation = array<i64: %d, %d>, kernel_size = array<i64: %d, %d>, num_output_maps = %d : i64, num_groups = %d : i64, post_padding = array<i64: %d, %d>, pre_padding = array<i64: %d, %d>, stride = array<i64: %d, %d>} : (%sxf32>, %sxf32>, tensor<%dxf32>) -> %sxf32>\n",
		q.dil, q.dil, q.k, q.k, q.m, q.groups, q.pad, q.pad, q.pad, q.pad, q.stride, q.stride, xt, wt, q.m, yt)
	y := "%y"
	if len(act) > 0 {
		fmt.Fprintf(&b, "  %%a = trt.activation %s %%y %s : %sxf32> -> %sxf32>\n", act[0], act[1], yt, yt)
		y = "%a"
	}
	fmt.Fprintf(&b, "  %%sy = trt.constant dense<%s> : tensor<f32>\n", f32lit(q.ys))
	fmt.Fprintf(&b, "  %%q = trt.quantize %s, %%sy : (%sxf32>, tensor<f32>) -> %sxi8>\n", y, yt, yt)
	fmt.Fprintf(&b, "  return %%q : %sxi8>\n}\n", yt)
	return b.String()
}

func (q *trtConvCase) coreSrc() string {
	oh, ow := q.out()
	var ws, bs []string
	for _, s := range q.ws {
		ws = append(ws, f32lit(s))
		bs = append(bs, fmt.Sprint(float64(float32(q.xs))*float64(float32(s))))
	}
	xt := fmt.Sprintf("tensor<%sx!quant.uniform<i8:f32, %s>>", dims(1, q.c, q.h, q.w), f32lit(q.xs))
	wt := fmt.Sprintf("tensor<%sx!quant.uniform<i8:f32:0, {%s}>>", dims(q.m, q.c/q.groups, q.k, q.k), strings.Join(ws, ", "))
	bt := fmt.Sprintf("tensor<%dx!quant.uniform<i32:f32:0, {%s}>>", q.m, strings.Join(bs, ", "))
	yt := fmt.Sprintf("tensor<%sx!quant.uniform<i8:f32, %s>>", dims(1, q.m, oh, ow), f32lit(q.ys))
	attrs := fmt.Sprintf("{padding = array<i64: %d, %d, %d, %d>, strides = array<i64: %d, %d>, dilations = array<i64: %d, %d>, groups = %d : i64}",
		q.pad, q.pad, q.pad, q.pad, q.stride, q.stride, q.dil, q.dil, q.groups)
	return quantConvSrc(xt, wt, bt, yt, attrs, q.wv, q.bias, true)
}

// TRTFused runs dequantize → convolution → quantize as the fused core
// conv2d does, bit for bit, and differs from the op-by-op float run by
// at most one step; a relu or clip between convolution and quantize is
// the fused result clamped to the quantized bounds.
func TestTRTFusedConvMatchesCoreFused(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	flips := 0
	for trial := range 30 {
		q := randomTRTConv(rng)
		x := tensor.MustValues(tensor.I8, []int64{1, int64(q.c), int64(q.h), int64(q.w)}, toF(q.x)...)
		core, err := runSrc(t, q.coreSrc(), x)
		if err != nil {
			t.Fatalf("trial %d: core: %v\n%s", trial, err, q.coreSrc())
		}
		want := core[0].IntValues()
		got := runFused(t, q.trtSrc(), x)[0].IntValues()
		float, err := runSrc(t, q.trtSrc(), x)
		if err != nil {
			t.Fatalf("trial %d: float: %v", trial, err)
		}
		fv := float[0].IntValues()
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("trial %d: element %d = %d, fused core conv2d %d\n%s", trial, i, got[i], want[i], q.trtSrc())
			}
			if d := got[i] - fv[i]; d < -1 || d > 1 {
				t.Fatalf("trial %d: element %d = %d, op by op %d", trial, i, got[i], fv[i])
			} else if d != 0 {
				flips++
			}
		}
		// clip(-0.05, 0.3) is clamp(q, round(-0.05/s_y), round(0.3/s_y)).
		lo, hi := roundHalfEven(float64(float32(-0.05)/float32(q.ys))), roundHalfEven(float64(float32(0.3)/float32(q.ys)))
		for _, act := range [][]string{{`"relu"`, ""}, {`"clip"`, "{alpha = -5.000000e-02 : f32, beta = 3.000000e-01 : f32}"}} {
			got := runFused(t, q.trtSrc(act...), x)[0].IntValues()
			for i, w := range want {
				c := max(w, 0)
				if act[0] != `"relu"` {
					c = min(max(w, lo), hi)
				}
				if got[i] != c {
					t.Fatalf("trial %d, %s: element %d = %d, want %d (clamped %d)", trial, act, i, got[i], c, w)
				}
			}
		}
	}
	t.Logf("%d elements one step from the op-by-op float run", flips)
}

func roundHalfEven(v float64) int64 {
	r := int64(v)
	f := v - float64(r)
	switch {
	case f > 0.5 || f == 0.5 && r%2 != 0:
		r++
	case f < -0.5 || f == -0.5 && r%2 != 0:
		r--
	}
	return r
}

// TRTFused runs matrix multiplies the way the fused core matmul does: a
// weight quantized per output channel along axis 0 and transposed by a
// shuffle (legalize-trt's form), the same through op1 = transpose, and
// two activations (per tensor, batch broadcast), with core.matmul on the
// quantized types as the reference.
func TestTRTFusedMatMulMatchesCoreFused(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	for trial := range 20 {
		m, k, n := 1+rng.Intn(4), 8+rng.Intn(40), 1+rng.Intn(6)
		as, ys := 0.02+rng.Float64()*0.05, 0.05+rng.Float64()*0.2
		a := make([]float64, 2*m*k)
		for i := range a {
			a[i] = float64(rng.Intn(256) - 128)
		}
		ws := make([]float64, n)
		for i := range ws {
			ws[i] = 0.002 + rng.Float64()*0.02
		}
		wnk := make([]int64, n*k) // [n, k]
		for i := range wnk {
			wnk[i] = rng.Int63n(255) - 127
		}
		wkn := make([]int64, k*n) // its transpose
		for i := range n {
			for j := range k {
				wkn[j*n+i] = wnk[i*k+j]
			}
		}
		at := "tensor<" + dims(2, m, k)
		yt := "tensor<" + dims(2, m, n)
		qa := fmt.Sprintf("x!quant.uniform<i8:f32, %s>>", f32lit(as))
		qy := fmt.Sprintf("x!quant.uniform<i8:f32, %s>>", f32lit(ys))
		qw := fmt.Sprintf("x!quant.uniform<i8:f32:1, {%s}>>", strings.Trim(f32s(ws), "[]"))
		core := fmt.Sprintf(`func.func @main(%%a: %s%s) -> %s%s {
  %%ws = core.constant dense<%s> : tensor<%dxi8>
  %%wr = core.reshape %%ws : (tensor<%dxi8>) -> tensor<%sxi8>
  %%w = quant.scast %%wr : tensor<%sxi8> to tensor<%s%s
  %%y = core.matmul %%a, %%w : (%s%s, tensor<%s%s) -> %s%s
  return %%y : %s%s
}`, at, qa, yt, qy, ints(wkn), k*n, k*n, dims(k, n), dims(k, n), dims(k, n), qw, at, qa, dims(k, n), qw, yt, qy, yt, qy)
		x := tensor.MustValues(tensor.I8, []int64{2, int64(m), int64(k)}, a...)
		ref, err := runSrc(t, core, x)
		if err != nil {
			t.Fatalf("trial %d: core: %v\n%s", trial, err, core)
		}
		want := ref[0].IntValues()
		head := fmt.Sprintf(`func.func @main(%%a: %sxi8>) -> %sxi8> {
  %%sa = trt.constant dense<%s> : tensor<f32>
  %%da = trt.dequantize %%a, %%sa : (%sxi8>, tensor<f32>) -> %sxf32>
  %%w = trt.constant dense<%s> : tensor<%sxi8>
  %%sw = trt.constant dense<%s> : tensor<%dxf32>
  %%dw = trt.dequantize %%w, %%sw {axis = 0 : i64} : (tensor<%sxi8>, tensor<%dxf32>) -> tensor<%sxf32>
`, at, yt, f32lit(as), at, at, nested(wnk, []int{n, k}), dims(n, k), f32s(ws), n, dims(n, k), n, dims(n, k))
		tail := fmt.Sprintf(`  %%sy = trt.constant dense<%s> : tensor<f32>
  %%q = trt.quantize %%y, %%sy : (%sxf32>, tensor<f32>) -> %sxi8>
  return %%q : %sxi8>
}`, f32lit(ys), yt, yt, yt)
		forms := map[string]string{
			"shuffled": fmt.Sprintf(`  %%wt = trt.shuffle %%dw {first_transpose = array<i64: 1, 0>} : tensor<%sxf32> -> tensor<%sxf32>
  %%w3 = trt.shuffle %%wt {reshape_dims = array<i64: 1, %d, %d>} : tensor<%sxf32> -> tensor<%sxf32>
  %%y = trt.matrix_multiply %%da, %%w3 : (%sxf32>, tensor<%sxf32>) -> %sxf32>
`, dims(n, k), dims(k, n), k, n, dims(k, n), dims(1, k, n), at, dims(1, k, n), yt),
			"op1 transpose": fmt.Sprintf(`  %%w3 = trt.shuffle %%dw {reshape_dims = array<i64: 1, %d, %d>} : tensor<%sxf32> -> tensor<%sxf32>
  %%y = trt.matrix_multiply %%da, %%w3 {op1 = "transpose"} : (%sxf32>, tensor<%sxf32>) -> %sxf32>
`, n, k, dims(n, k), dims(1, n, k), at, dims(1, n, k), yt),
		}
		for name, body := range forms {
			src := head + body + tail
			got := runFused(t, src, x)[0].IntValues()
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("trial %d, %s: element %d = %d, fused core matmul %d\n%s", trial, name, i, got[i], want[i], src)
				}
			}
		}
	}
}

// Two activations quantized per tensor (attention's Q·Kᵀ), batch
// broadcast, against core.matmul on the quantized types.
func TestTRTFusedActivationMatMul(t *testing.T) {
	src := `func.func @main(%a: tensor<2x3x5xi8>, %b: tensor<1x5x4xi8>) -> tensor<2x3x4xi8> {
  %sa = trt.constant dense<0.05> : tensor<f32>
  %sb = trt.constant dense<0.03> : tensor<f32>
  %da = trt.dequantize %a, %sa : (tensor<2x3x5xi8>, tensor<f32>) -> tensor<2x3x5xf32>
  %db = trt.dequantize %b, %sb : (tensor<1x5x4xi8>, tensor<f32>) -> tensor<1x5x4xf32>
  %y = trt.matrix_multiply %da, %db : (tensor<2x3x5xf32>, tensor<1x5x4xf32>) -> tensor<2x3x4xf32>
  %sy = trt.constant dense<0.07> : tensor<f32>
  %q = trt.quantize %y, %sy : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2x3x4xi8>
  return %q : tensor<2x3x4xi8>
}`
	core := `func.func @main(%a: tensor<2x3x5x!quant.uniform<i8:f32, 0.05>>, %b: tensor<1x5x4x!quant.uniform<i8:f32, 0.03>>) -> tensor<2x3x4x!quant.uniform<i8:f32, 0.07>> {
  %y = core.matmul %a, %b : (tensor<2x3x5x!quant.uniform<i8:f32, 0.05>>, tensor<1x5x4x!quant.uniform<i8:f32, 0.03>>) -> tensor<2x3x4x!quant.uniform<i8:f32, 0.07>>
  return %y : tensor<2x3x4x!quant.uniform<i8:f32, 0.07>>
}`
	rng := rand.New(rand.NewSource(17))
	for range 10 {
		a, b := make([]float64, 30), make([]float64, 20)
		for i := range a {
			a[i] = float64(rng.Intn(256) - 128)
		}
		for i := range b {
			b[i] = float64(rng.Intn(256) - 128)
		}
		in := []*tensor.Tensor{tensor.MustValues(tensor.I8, sh(2, 3, 5), a...), tensor.MustValues(tensor.I8, sh(1, 5, 4), b...)}
		want, err := runSrc(t, core, in...)
		if err != nil {
			t.Fatal(err)
		}
		got := runFused(t, src, in...)
		expectEqual(t, "a·b", got[0], want[0])
	}
}

// What a group reads through stays computed for its other readers; ops
// only the group read are not run (Observe does not see them), and a
// layer whose result has another reader is not grouped.
func TestTRTFusedGrouping(t *testing.T) {
	src := `func.func @main(%x: tensor<1x4xi8>) -> (tensor<1x3xi8>, tensor<1x4xf32>, tensor<1x3xf32>) {
  %s = trt.constant dense<0.1> : tensor<f32>
  %dx = trt.dequantize %x, %s : (tensor<1x4xi8>, tensor<f32>) -> tensor<1x4xf32>
  %w = trt.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9], [-1, -2, -3]]> : tensor<4x3xi8>
  %dw = trt.dequantize %w, %s : (tensor<4x3xi8>, tensor<f32>) -> tensor<4x3xf32>
  %y = trt.matrix_multiply %dx, %dw : (tensor<1x4xf32>, tensor<4x3xf32>) -> tensor<1x3xf32>
  %q = trt.quantize %y, %s : (tensor<1x3xf32>, tensor<f32>) -> tensor<1x3xi8>
  %y2 = trt.matrix_multiply %dx, %dw : (tensor<1x4xf32>, tensor<4x3xf32>) -> tensor<1x3xf32>
  %q2 = trt.quantize %y2, %s : (tensor<1x3xf32>, tensor<f32>) -> tensor<1x3xi8>
  return %q, %dx, %y2 : tensor<1x3xi8>, tensor<1x4xf32>, tensor<1x3xf32>
}`
	var ran []string
	it := New(Options{TRTFused: true, Observe: func(op *ir.Operation, _ []*tensor.Tensor) {
		if op.Name() != "trt.constant" {
			ran = append(ran, op.Name())
		}
	}})
	x := i8(sh(1, 4), 10, -20, 30, 40)
	out, err := it.RunModule(parseModule(t, src), "main", []*tensor.Tensor{x})
	if err != nil {
		t.Fatal(err)
	}
	// %q is a group (its matmul and %dw's dequantize are not run for it);
	// %y2 is returned, so its matmul and %dw run, and %q2 quantizes it.
	want := []string{"trt.dequantize", "trt.dequantize", "trt.quantize", "trt.matrix_multiply", "trt.quantize"}
	if strings.Join(ran, " ") != strings.Join(want, " ") {
		t.Fatalf("ran %v, want %v", ran, want)
	}
	// (10·1 − 20·4 + 30·7 − 40·1)·0.1·0.1 / 0.1 = 10, and so on.
	expectEqual(t, "grouped", out[0], i8(sh(1, 3), 10, 8, 6))
	expectClose(t, "dequantized", out[1], f32(sh(1, 4), 1, -2, 3, 4), 1e-6)
}
