package quantize

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/ir/asm/asmtest"
	"github.com/mlc-go/mlc/lowering/target"
)

func loadAll(t *testing.T) []*target.Target {
	var out []*target.Target
	for _, n := range target.List() {
		tg, err := target.Load(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, tg)
	}
	return out
}

// refParams is the textbook formula, written out independently of Params.
func refParams(symmetric bool, qmin, qmax int64, lo, hi float64) (float64, int64) {
	if symmetric {
		m := math.Max(math.Abs(lo), math.Abs(hi))
		qs := qmax
		if qmin < 0 && -qmin < qmax {
			qs = -qmin
		}
		if m == 0 {
			return 1, 0
		}
		return m / float64(qs), 0
	}
	if lo > 0 {
		lo = 0
	}
	if hi < 0 {
		hi = 0
	}
	if lo == hi {
		return 1, max(qmin, 0)
	}
	s := (hi - lo) / float64(qmax-qmin)
	z := math.RoundToEven(float64(qmin) - lo/s)
	if z < float64(qmin) {
		z = float64(qmin)
	}
	if z > float64(qmax) {
		z = float64(qmax)
	}
	return s, int64(z)
}

func TestParamsMatchReference(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	for _, tg := range loadAll(t) {
		for _, r := range tg.QuantRules("") {
			if _, ok := storageOf(&r); !ok {
				continue
			}
			qmin, qmax := StoredRange(&r)
			for k := 0; k < 500; k++ {
				a := (rng.Float64()*2 - 1) * math.Pow(10, float64(rng.Intn(8)-4))
				b := (rng.Float64()*2 - 1) * math.Pow(10, float64(rng.Intn(8)-4))
				switch k % 10 {
				case 0:
					b = a // zero width
				case 1:
					a = math.Abs(a) // all positive
				case 2:
					b = -math.Abs(b) // all negative
				}
				lo, hi := min(a, b), max(a, b)
				s, z := Params(&r, lo, hi)
				ws, wz := refParams(r.Symmetric, qmin, qmax, lo, hi)
				if s != ws || z != wz {
					t.Fatalf("%s/%s [%g, %g]: Params = (%g, %d), reference (%g, %d)", tg.Name, r.Name, lo, hi, s, z, ws, wz)
				}
				if !(s > 0) || z < qmin || z > qmax || (r.Symmetric && z != 0) {
					t.Fatalf("%s/%s [%g, %g]: bad params (%g, %d)", tg.Name, r.Name, lo, hi, s, z)
				}
				// The range fits: its ends quantize within half a step (up
				// to rounding of the division).
				p := quant.Params{Scale: s, ZeroPoint: z, Min: qmin, Max: qmax}
				for _, x := range []float64{lo, hi, 0} {
					if e := math.Abs(p.Dequantize(p.Quantize(x)) - x); e > s/2*(1+1e-9) {
						t.Fatalf("%s/%s [%g, %g]: %g comes back off by %g (scale %g)", tg.Name, r.Name, lo, hi, x, e, s)
					}
				}
			}
		}
	}
}

// randomModel writes a function of random core ops with random
// calibration ranges: contractions with constant weights and biases,
// elementwise ops, data movement, concatenation and shared values.
func randomModel(rng *rand.Rand) string {
	var b strings.Builder
	rnd := func() float64 { return math.Round((rng.Float64()*4-2)*1000) / 1000 }
	calib := func() string {
		lo := -rng.Float64() * 3
		if rng.Intn(3) == 0 {
			lo = rng.Float64()
		}
		return fmt.Sprintf("[array<f64: %g, %g>]", lo, lo+0.1+rng.Float64()*5)
	}
	const ty = "tensor<1x4x3x3xf32>"
	fmt.Fprintf(&b, "func.func @f(%%x: %s {mlc.calib = array<f64: -1.5, 2.0>}) -> %s {\n", ty, ty)
	vals := []string{"%x"}
	pick := func() string { return vals[rng.Intn(len(vals))] }
	for i := 0; i < 10; i++ {
		name := fmt.Sprintf("%%v%d", i)
		switch rng.Intn(6) {
		case 0, 1:
			var w, bias []string
			for j := 0; j < 4; j++ {
				var row []string
				for k := 0; k < 4; k++ {
					row = append(row, fmt.Sprintf("[[%v]]", rnd()))
				}
				w = append(w, "["+strings.Join(row, ", ")+"]")
			}
			for j := 0; j < 4; j++ {
				bias = append(bias, fmt.Sprint(rnd()))
			}
			fmt.Fprintf(&b, "  %%wr%d = core.constant dense<[%s]> : tensor<4x4x1x1xf32>\n", i, strings.Join(w, ", "))
			fmt.Fprintf(&b, "  %%b%d = core.constant dense<[%s]> : tensor<4xf32>\n", i, strings.Join(bias, ", "))
			fmt.Fprintf(&b, "  %s = core.conv2d %s, %%wr%d, %%b%d {mlc.calib = %s} : (%s, tensor<4x4x1x1xf32>, tensor<4xf32>) -> %s\n",
				name, pick(), i, i, calib(), ty, ty)
		case 2:
			op := []string{"add", "mul", "sub"}[rng.Intn(3)]
			fmt.Fprintf(&b, "  %s = core.%s %s, %s {mlc.calib = %s} : (%s, %s) -> %s\n", name, op, pick(), pick(), calib(), ty, ty, ty)
		case 3:
			op := []string{"relu", "tanh", "sigmoid"}[rng.Intn(3)]
			fmt.Fprintf(&b, "  %s = core.%s %s {mlc.calib = %s} : %s\n", name, op, pick(), calib(), ty)
		case 4:
			fmt.Fprintf(&b, "  %%t%d = core.transpose %s {perm = array<i64: 0, 1, 3, 2>, mlc.calib = %s} : (%s) -> %s\n", i, pick(), calib(), ty, ty)
			fmt.Fprintf(&b, "  %s = core.reshape %%t%d {mlc.calib = %s} : (%s) -> %s\n", name, i, calib(), ty, ty)
		case 5:
			fmt.Fprintf(&b, "  %%c%d = core.concat %s, %s {axis = 1 : i64, mlc.calib = %s} : (%s, %s) -> tensor<1x8x3x3xf32>\n", i, pick(), pick(), calib(), ty, ty)
			fmt.Fprintf(&b, "  %s = core.slice %%c%d {starts = array<i64: 0, 2, 0, 0>, limits = array<i64: 1, 6, 3, 3>, mlc.calib = %s} : (tensor<1x8x3x3xf32>) -> %s\n", name, i, calib(), ty)
		}
		vals = append(vals, name)
	}
	fmt.Fprintf(&b, "  return %s : %s\n}\n", vals[len(vals)-1], ty)
	return b.String()
}

func printed(m *ir.Operation) string {
	var b strings.Builder
	if err := asm.Print(&b, m, asm.PrintOptions{}); err != nil {
		return "<unprintable: " + err.Error() + ">"
	}
	return b.String()
}

func firstFunc(m *ir.Operation) *ir.Operation {
	var fn *ir.Operation
	ir.WalkPreOrder(m, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "func.func" && fn == nil {
			fn = o
		}
		return ir.Advance
	})
	return fn
}

// TestEmittedTypesFollowRules quantizes random models for every built-in
// target at each precision and checks the result with Check, and that
// the module still verifies and prints back.
func TestEmittedTypesFollowRules(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	ctx := ir.NewContext()
	all.Register(ctx)
	targets := loadAll(t)
	for k := 0; k < 40; k++ {
		src := randomModel(rng)
		for _, tg := range targets {
			for _, prec := range []string{"i8", "i16", "f16"} {
				m := asmtest.Parse(t, ctx, "random.mlir", src)
				fn := firstFunc(m)
				st, err := Run(fn, Config{Target: tg, Precision: prec})
				if err != nil {
					t.Fatalf("%s %s: %v\n%s", tg.Name, prec, err, src)
				}
				if err := ir.Verify(m); err != nil {
					t.Fatalf("%s %s: the result does not verify: %v\n%s", tg.Name, prec, err, printed(m))
				}
				if err := Check(fn, tg); err != nil {
					t.Fatalf("%s %s: %v\n%s", tg.Name, prec, err, printed(m))
				}
				if st.Quantized == 0 && prec != "f16" {
					t.Fatalf("%s %s: nothing quantized\n%s", tg.Name, prec, src)
				}
				if _, err := asm.Parse(ctx, "printed.mlir", []byte(printed(m)), 1); err != nil {
					t.Fatalf("%s %s: printed form does not parse: %v", tg.Name, prec, err)
				}
			}
		}
	}
}

// TestCheckCatchesBrokenRules: Check accepts a hand-written QDQ function
// that follows the target's rules and rejects each one-rule breakage.
func TestCheckCatchesBrokenRules(t *testing.T) {
	const good = `func.func @f(%x: tensor<1x2x2x2xf32>) -> tensor<1x8xf32> {
  %q = quant.qcast %x : tensor<1x2x2x2xf32> to tensor<1x2x2x2x!quant.uniform<ACT_IN>>
  %d = quant.dcast %q : tensor<1x2x2x2x!quant.uniform<ACT_IN>> to tensor<1x2x2x2xf32>
  %wi = core.constant dense<[[[[1]], [[-2]]], [[[3]], [[127]]]]> : tensor<2x2x1x1xi8>
  %ws = quant.scast %wi : tensor<2x2x1x1xi8> to tensor<2x2x1x1x!quant.uniform<WEIGHT>>
  %w = quant.dcast %ws : tensor<2x2x1x1x!quant.uniform<WEIGHT>> to tensor<2x2x1x1xf32>
  BIAS
  %c = core.conv2d %d, %w, %b {mlc.precision = "i8"} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  %cq = quant.qcast %c : tensor<1x2x2x2xf32> to tensor<1x2x2x2x!quant.uniform<ACT_OUT>>
  %cd = quant.dcast %cq : tensor<1x2x2x2x!quant.uniform<ACT_OUT>> to tensor<1x2x2x2xf32>
  %r = core.reshape %cd {mlc.precision = "i8"} : (tensor<1x2x2x2xf32>) -> tensor<1x8xf32>
  %rq = quant.qcast %r : tensor<1x8xf32> to tensor<1x8x!quant.uniform<RESHAPED>>
  %rd = quant.dcast %rq : tensor<1x8x!quant.uniform<RESHAPED>> to tensor<1x8xf32>
  return %rd : tensor<1x8xf32>
}`
	const floatBias = `%b = core.constant dense<[1.0, 2.0]> : tensor<2xf32>`
	const intBias = `%bi = core.constant dense<[10, 20]> : tensor<2xi32>
  %bs = quant.scast %bi : tensor<2xi32> to tensor<2x!quant.uniform<BIASQ>>
  %b = quant.dcast %bs : tensor<2x!quant.uniform<BIASQ>> to tensor<2xf32>`
	trt := map[string]string{"ACT_IN": "i8:f32, 0.5", "WEIGHT": "i8<-127:127>:f32:0, {0.25,0.125}",
		"BIAS": floatBias, "BIASQ": "i32:f32:0, {0.125,0.0625}", "ACT_OUT": "i8:f32, 0.1", "RESHAPED": "i8:f32, 0.1"}
	qnn := map[string]string{"ACT_IN": "u8:f32, 0.5:3", "WEIGHT": "i8<-127:127>:f32:0, {0.25,0.125}",
		"BIAS": intBias, "BIASQ": "i32:f32:0, {0.125,0.0625}", "ACT_OUT": "u8:f32, 0.1:7", "RESHAPED": "u8:f32, 0.1:7"}
	cases := []struct {
		target, key, value, want string
	}{
		{"trt-orin", "", "", ""},
		{"qnn-htp-v73", "", "", ""},
		{"trt-orin", "ACT_IN", "i8:f32, 0.5:3", "operand #0 (input)"},                          // zero point in a symmetric rule
		{"trt-orin", "ACT_OUT", "u8:f32, 0.1", "result"},                                       // storage TensorRT has no rule for
		{"trt-orin", "WEIGHT", "i8:f32:0, {0.25,0.125}", "operand #1 (weight)"},                // weights in [-127, 127]
		{"trt-orin", "BIAS", intBias, "operand #2 (bias)"},                                     // TensorRT keeps the bias float
		{"trt-orin", "RESHAPED", "i8:f32, 0.2", "operand #0"},                                  // a reshape keeps its encoding
		{"qnn-htp-v73", "BIASQ", "i32:f32:0, {0.125,0.0626}", "is not s_in × s_w"},             // bias scale
		{"qnn-htp-v73", "BIASQ", "i32:f32:0, {0.125:1,0.0625}", "operand #2 (bias)"},           // bias zero point
		{"qnn-htp-v73", "WEIGHT", "i8<-127:127>:f32:0, {0.25:1,0.125}", "operand #1 (weight)"}, // symmetric weights
		{"qnn-htp-v68", "", "", ""},
		{"qnn-htp-v68", "BIAS", floatBias, "operand #2 (bias)"}, // v68 convolutions take an i32 bias only
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	for _, c := range cases {
		subst := trt
		if strings.HasPrefix(c.target, "qnn") {
			subst = qnn
		}
		src := good
		for _, k := range []string{"BIAS", "ACT_IN", "WEIGHT", "ACT_OUT", "RESHAPED", "BIASQ"} {
			v := subst[k]
			if k == c.key {
				v = c.value
			}
			src = strings.ReplaceAll(src, k, v) // BIAS first: its text may hold BIASQ
		}
		tg, err := target.Load(c.target)
		if err != nil {
			t.Fatal(err)
		}
		m := asmtest.Parse(t, ctx, "check.mlir", src)
		err = Check(firstFunc(m), tg)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: the rule-abiding function fails: %v", c.target, err)
		case c.want != "" && err == nil:
			t.Errorf("%s %s=%s: Check accepts it", c.target, c.key, c.value)
		case c.want != "" && !strings.Contains(err.Error(), c.want):
			t.Errorf("%s %s=%s: error %q does not name %q", c.target, c.key, c.value, err, c.want)
		}
	}
}

// TestErrorLeavesFunctionUnchanged: a range missing late in the function
// fails before the first rewrite, so the IR is as it was.
func TestErrorLeavesFunctionUnchanged(t *testing.T) {
	const src = `func.func @f(%x: tensor<1x2x2x2xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<1x2x2x2xf32> {
  %w = core.constant dense<0.5> : tensor<2x2x1x1xf32>
  %c = core.conv2d %x, %w {mlc.calib = [array<f64: -2.0, 2.0>]} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
  %r = core.relu %c : tensor<1x2x2x2xf32>
  return %r : tensor<1x2x2x2xf32>
}`
	ctx := ir.NewContext()
	all.Register(ctx)
	tg, err := target.Load("qnn-htp-v73")
	if err != nil {
		t.Fatal(err)
	}
	m := asmtest.Parse(t, ctx, "f.mlir", src)
	before := printed(m)
	_, err = Run(firstFunc(m), Config{Target: tg})
	if err == nil || !strings.Contains(err.Error(), "run calibrate first") {
		t.Fatalf("Run = %v, want a missing-range error", err)
	}
	if after := printed(m); after != before {
		t.Fatalf("the function changed on error:\n%s", after)
	}
}

// TestDecisionsReadBack: what a driver reads back after the pass is what
// the pass decided: precisions and the encodings of each operand.
func TestDecisionsReadBack(t *testing.T) {
	const src = `func.func @f(%x: tensor<1x2x2x2xf32> {mlc.calib = array<f64: -1.0, 3.0>}) -> tensor<1x2x2x2xf32> {
  %w = core.constant dense<[[[[0.5]], [[-1.0]]], [[[0.25]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %b = core.constant dense<[0.1, -0.2]> : tensor<2xf32>
  %c = core.conv2d %x, %w, %b {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  %r = core.tanh %c {mlc.calib = [array<f64: -1.0, 1.0>]} : tensor<1x2x2x2xf32>
  return %r : tensor<1x2x2x2xf32>
}`
	ctx := ir.NewContext()
	all.Register(ctx)
	for _, c := range []struct {
		target string
		want   []string // per op: precision, then operand and result encodings ("-": float)
	}{
		{"qnn-htp-v73", []string{
			"i8 u8:f32, 0.015686274509803921:64 | i8<-127:127>:f32:0 | i32:f32:0 -> u8:f32, 0.039215686274509803:102",
			"i8 u8:f32, 0.039215686274509803:102 -> u8:f32, 0.0078431372549019607:128"}},
		{"trt-orin", []string{
			"i8 i8:f32, 0.023622047244094488 | i8<-127:127>:f32:0 | - -> i8:f32, 0.047244094488188976",
			"f16 - -> -"}}, // the tanh reads its input through a core.cast to f16
	} {
		tg, err := target.Load(c.target)
		if err != nil {
			t.Fatal(err)
		}
		fn := firstFunc(asmtest.Parse(t, ctx, "f.mlir", src))
		if _, err := Run(fn, Config{Target: tg}); err != nil {
			t.Fatal(err)
		}
		ds := Decisions(fn)
		if len(ds) != len(c.want) {
			t.Fatalf("%s: %d decisions, want %d", c.target, len(ds), len(c.want))
		}
		enc := func(e Encoding) string {
			if e.Type == nil {
				return "-"
			}
			s := strings.TrimSuffix(strings.TrimPrefix(e.Type.String(), "!quant.uniform<"), ">")
			if i := strings.Index(s, ", {"); i >= 0 {
				s = s[:i] // per-axis: storage, expressed type and axis
			}
			return s
		}
		for i, d := range ds {
			var ops []string
			for _, e := range d.Operands {
				ops = append(ops, enc(e))
			}
			got := d.Precision + " " + strings.Join(ops, " | ") + " -> " + enc(d.Results[0])
			if got != c.want[i] {
				t.Errorf("%s op %d (%s): %s, want %s", c.target, i, d.Op.Name(), got, c.want[i])
			}
		}
	}
}
