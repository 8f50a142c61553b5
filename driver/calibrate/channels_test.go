package calibrate

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/target"
)

// mgen writes random core IR for the SmoothQuant tests: linear layers
// (x · W with W a constant K×N, or the [1, 0] transpose of an N×K one),
// bias adds, relus and decomposed layer norms.
type mgen struct {
	rng *rand.Rand
	b   strings.Builder
	n   int
	cur string
	typ []int64
}

func ttype(shape []int64) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = fmt.Sprint(d)
	}
	if len(parts) == 0 {
		return "tensor<f32>"
	}
	return "tensor<" + strings.Join(parts, "x") + "xf32>"
}

func (g *mgen) value() string { g.n++; return fmt.Sprintf("%%v%d", g.n) }

// constant emits a constant of shape with data f(i) at flat index i.
func (g *mgen) constant(shape []int64, f func(i int64) float64) string {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	raw := make([]byte, 4*n)
	for i := int64(0); i < n; i++ {
		binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(float32(f(i))))
	}
	v := g.value()
	fmt.Fprintf(&g.b, "  %s = core.constant dense<\"0x%s\"> : %s\n", v, strings.ToUpper(hex.EncodeToString(raw)), ttype(shape))
	return v
}

func (g *mgen) uniform(scale float64) func(int64) float64 {
	return func(int64) float64 { return scale * (2*g.rng.Float64() - 1) }
}

// linear appends matmul(src, W) and returns its result; it does not move
// the cursor unless src is the cursor.
func (g *mgen) linear(src string, in []int64, n int64, transposed bool) (string, []int64) {
	k := in[len(in)-1]
	out := append(slices.Clone(in[:len(in)-1]), n)
	var w string
	if transposed {
		c := g.constant([]int64{n, k}, g.uniform(0.5))
		w = g.value()
		fmt.Fprintf(&g.b, "  %s = core.transpose %s {perm = array<i64: 1, 0>} : (%s) -> %s\n", w, c, ttype([]int64{n, k}), ttype([]int64{k, n}))
	} else {
		w = g.constant([]int64{k, n}, g.uniform(0.5))
	}
	v := g.value()
	fmt.Fprintf(&g.b, "  %s = core.matmul %s, %s : (%s, %s) -> %s\n", v, src, w, ttype(in), ttype([]int64{k, n}), ttype(out))
	return v, out
}

func (g *mgen) binary(op, a, b string, ta, tb, tr []int64) string {
	v := g.value()
	fmt.Fprintf(&g.b, "  %s = %s %s, %s : (%s, %s) -> %s\n", v, op, a, b, ttype(ta), ttype(tb), ttype(tr))
	return v
}

func (g *mgen) unary(op, a string, t []int64) string {
	v := g.value()
	fmt.Fprintf(&g.b, "  %s = %s %s : %s\n", v, op, a, ttype(t))
	return v
}

// layerNorm normalizes the cursor over its last dimension and applies
// gamma (with outlier channels: the few channels trained transformers
// blow up) and beta, as torch-decompose writes a layer norm.
func (g *mgen) layerNorm(outliers map[int64]float64) {
	t := g.typ
	k := t[len(t)-1]
	red := append(slices.Clone(t[:len(t)-1]), 1)
	mean := g.value()
	fmt.Fprintf(&g.b, "  %s = core.reduce_mean %s {axes = array<i64: %d>, keepdims = true} : (%s) -> %s\n", mean, g.cur, len(t)-1, ttype(t), ttype(red))
	c := g.binary("core.sub", g.cur, mean, t, red, t)
	sq := g.binary("core.mul", c, c, t, t, t)
	variance := g.value()
	fmt.Fprintf(&g.b, "  %s = core.reduce_mean %s {axes = array<i64: %d>, keepdims = true} : (%s) -> %s\n", variance, sq, len(t)-1, ttype(t), ttype(red))
	eps := g.constant(nil, func(int64) float64 { return 1e-5 })
	ve := g.binary("core.add", variance, eps, red, nil, red)
	sd := g.unary("core.sqrt", ve, red)
	norm := g.binary("core.div", c, sd, t, red, t)
	gamma := g.constant([]int64{k}, func(i int64) float64 {
		if f, ok := outliers[i]; ok {
			return f
		}
		return 0.5 + g.rng.Float64()
	})
	scaled := g.binary("core.mul", norm, gamma, t, []int64{k}, t)
	beta := g.constant([]int64{k}, g.uniform(0.2))
	g.cur = g.binary("core.add", scaled, beta, t, []int64{k}, t)
}

// softmax over the last dimension of the rank-2 v, decomposed.
func (g *mgen) softmax(v string, t []int64) string {
	red := []int64{t[0], 1}
	mx := g.value()
	fmt.Fprintf(&g.b, "  %s = core.reduce_max %s {axes = array<i64: 1>, keepdims = true} : (%s) -> %s\n", mx, v, ttype(t), ttype(red))
	e := g.unary("core.exp", g.binary("core.sub", v, mx, t, red, t), t)
	sum := g.value()
	fmt.Fprintf(&g.b, "  %s = core.reduce_sum %s {axes = array<i64: 1>, keepdims = true} : (%s) -> %s\n", sum, e, ttype(t), ttype(red))
	return g.binary("core.div", e, sum, t, red, t)
}

func (g *mgen) bias(v string, t []int64) string {
	n := t[len(t)-1]
	b := g.constant([]int64{n}, g.uniform(0.3))
	return g.binary("core.add", v, b, t, []int64{n}, t)
}

func (g *mgen) module(in []int64, results ...string) string {
	var names, types []string
	for _, r := range results {
		names = append(names, r)
		types = append(types, ttype(g.typ))
	}
	return fmt.Sprintf("func.func @main(%%x: %s) -> (%s) {\n%s  return %s : %s\n}\n",
		ttype(in), strings.Join(types, ", "), g.b.String(), strings.Join(names, ", "), strings.Join(types, ", "))
}

// transformerBlock: layer norm with outlier gamma channels → Q, K, V
// (weights transposed or not, biases) → softmax(q·kᵀ/√k)·v → out projection → residual → layer
// norm → MLP (fc1, relu, fc2). Q/K/V share one activation; fc1 reads a
// layer norm that feeds only it; out_proj and fc2 read values with no
// affine producer.
func transformerBlock(seed int64, tokens, k int64, outliers map[int64]float64, transposed bool) (string, []int64) {
	in := []int64{tokens, k}
	g := &mgen{rng: rand.New(rand.NewSource(seed)), cur: "%x", typ: in}
	g.layerNorm(outliers)
	ln := g.cur
	q, t := g.linear(ln, in, k, transposed)
	q = g.bias(q, t)
	kk, _ := g.linear(ln, in, k, transposed)
	kk = g.bias(kk, t)
	v, _ := g.linear(ln, in, k, transposed)
	v = g.bias(v, t)
	kt := g.value()
	fmt.Fprintf(&g.b, "  %s = core.transpose %s {perm = array<i64: 1, 0>} : (%s) -> %s\n", kt, kk, ttype(t), ttype([]int64{k, tokens}))
	sc := g.binary("core.matmul", q, kt, t, []int64{k, tokens}, []int64{tokens, tokens})
	scale := g.constant(nil, func(int64) float64 { return 1 / math.Sqrt(float64(k)) })
	tt := []int64{tokens, tokens}
	sc = g.binary("core.mul", sc, scale, tt, nil, tt)
	sc = g.softmax(sc, tt)
	att := g.binary("core.matmul", sc, v, tt, t, t)
	o, _ := g.linear(att, t, k, transposed)
	o = g.bias(o, t)
	g.cur = g.binary("core.add", "%x", o, in, t, t)
	g.layerNorm(outliers)
	h, th := g.linear(g.cur, t, 4*k, false)
	h = g.bias(h, th)
	h = g.unary("core.relu", h, th)
	y, _ := g.linear(h, th, k, transposed)
	g.cur = g.bias(y, t)
	return g.module(in, g.cur), in
}

// mlpBlock: two pre-norm blocks whose layer norms have outlier gamma
// channels: LN → two linears sharing the input (as Q and K do), summed →
// relu → linear → residual, then LN → fc1 → relu → fc2.
func mlpBlock(seed int64, tokens, k int64, outliers map[int64]float64) (string, []int64) {
	in := []int64{tokens, k}
	g := &mgen{rng: rand.New(rand.NewSource(seed)), cur: "%x", typ: in}
	g.layerNorm(outliers)
	a, t := g.linear(g.cur, in, k, false)
	b, _ := g.linear(g.cur, in, k, true)
	h := g.unary("core.relu", g.bias(g.binary("core.add", a, b, t, t, t), t), t)
	o, _ := g.linear(h, t, k, false)
	g.cur = g.binary("core.add", "%x", o, in, t, t)
	g.layerNorm(outliers)
	h, th := g.linear(g.cur, t, 4*k, false)
	h = g.unary("core.relu", g.bias(h, th), th)
	y, _ := g.linear(h, th, k, false)
	g.cur = g.bias(y, t)
	return g.module(in, g.cur), in
}

// randomChain: linear layers with biases and relus, 2-d or 3-d, with
// either weight layout, on an input with a few outlier channels.
func randomChain(seed int64) (string, []int64) {
	rng := rand.New(rand.NewSource(seed))
	in := []int64{3, 8}
	if rng.Intn(2) == 0 {
		in = []int64{2, 3, 8}
	}
	g := &mgen{rng: rng, cur: "%x", typ: in}
	for l := 0; l < 2+rng.Intn(3); l++ {
		n := int64(4 + rng.Intn(12))
		v, t := g.linear(g.cur, g.typ, n, rng.Intn(2) == 0)
		if rng.Intn(2) == 0 {
			v = g.bias(v, t)
		}
		if rng.Intn(2) == 0 {
			v = g.unary("core.relu", v, t)
		}
		g.cur, g.typ = v, t
	}
	return g.module(in, g.cur), in
}

// outlierInputs: n samples of shape, uniform in [-1, 1] with the last
// dimension's channels in hot multiplied by their factor.
func outlierInputs(rng *rand.Rand, n int, shape []int64, hot map[int64]float64) []Sample {
	var out []Sample
	for s := 0; s < n; s++ {
		size := int64(1)
		for _, d := range shape {
			size *= d
		}
		k := shape[len(shape)-1]
		vals := make([]float64, size)
		for i := range vals {
			vals[i] = 2*rng.Float64() - 1
			if f, ok := hot[int64(i)%k]; ok {
				vals[i] *= f
			}
		}
		out = append(out, Sample{Set: fmt.Sprintf("test_data_set_%d", s), Inputs: []*tensor.Tensor{tensor.MustValues(tensor.F32, shape, vals...)}})
	}
	return out
}

func runMain(t *testing.T, m *ir.Operation, samples []Sample) [][]float64 {
	t.Helper()
	var out [][]float64
	for _, s := range samples {
		r, err := interp.RunModule(m, "main", s.Inputs)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r[0].Values())
	}
	return out
}

func smoothFn(t *testing.T, m *ir.Operation, alpha float64) *quantize.SmoothReport {
	t.Helper()
	return quantize.Smooth(mainOf(t, m), quantize.SmoothConfig{Alpha: alpha})
}

// weightRowMax is max |w| of each input row of a matmul's constant
// weight, and the matmul's mlc.act_absmax.
func weightRowMax(t *testing.T, mm *ir.Operation) []float64 {
	t.Helper()
	v := mm.Operand(1)
	transposed := false
	if d := v.DefiningOp(); d.Name() == "core.transpose" {
		v, transposed = d.Operand(0), true
	}
	vals, ok := ir.FloatElements(v.DefiningOp().InherentAttr("value"))
	if !ok {
		t.Fatal("no weight data")
	}
	sh := v.Type().(*ir.RankedTensorType).Shape
	k, n := sh[0], sh[1]
	if transposed {
		k, n = n, k
	}
	r := make([]float64, k)
	for j := int64(0); j < k; j++ {
		for c := int64(0); c < n; c++ {
			i := j*n + c
			if transposed {
				i = c*k + j
			}
			r[j] = max(r[j], math.Abs(vals[i]))
		}
	}
	return r
}

func actOf(t *testing.T, mm *ir.Operation) []float64 {
	t.Helper()
	a, ok := mm.Attr(quantize.ActAbsMaxAttr).(*ir.DenseArrayAttr)
	if !ok {
		t.Fatalf("%s has no %s", mm.Loc, quantize.ActAbsMaxAttr)
	}
	return slices.Clone(a.Floats)
}

func closeTo(a, b, rel float64) bool { return math.Abs(a-b) <= rel*max(math.Abs(a), math.Abs(b)) }

// checkSmoothing runs the whole SmoothQuant flow on src: channel
// statistics, smoothing, statistics again. It checks that the function
// computes the same values (on the calibration samples and on others),
// and that every group's activation channel j now has range
// (a_j·w_j)^(1-alpha) and its weights' rows (a_j·w_j)^alpha, with a_j,
// w_j the ranges before — what s_j = a_j^alpha / w_j^(1-alpha) predicts
// and another formula would not.
func checkSmoothing(t *testing.T, src string, calib, eval []Sample, alpha float64) *quantize.SmoothReport {
	t.Helper()
	ref := parse(t, src)
	m := parse(t, src)
	want := runMain(t, ref, append(slices.Clone(calib), eval...))
	if _, err := ChannelAbsMax(m, &Dataset{Samples: calib}, ChannelOptions{}); err != nil {
		t.Fatal(err)
	}
	type before struct{ a, w []float64 }
	pre := map[*ir.Operation]before{}
	ir.WalkPreOrder(m, func(op *ir.Operation) ir.WalkResult {
		if op.Attr(quantize.ActAbsMaxAttr) != nil {
			pre[op] = before{actOf(t, op), weightRowMax(t, op)}
		}
		return ir.Advance
	})
	rep := smoothFn(t, m, alpha)
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify after smoothing: %v", err)
	}
	got := runMain(t, m, append(slices.Clone(calib), eval...))
	for s := range want {
		scale := 0.0
		for _, v := range want[s] {
			scale = max(scale, math.Abs(v))
		}
		for i := range want[s] {
			if math.Abs(got[s][i]-want[s][i]) > 1e-5*scale {
				t.Fatalf("sample %d element %d: %g after smoothing, %g before", s, i, got[s][i], want[s][i])
			}
		}
	}
	// The statistics of the smoothed function, measured again.
	if _, err := ChannelAbsMax(m, &Dataset{Samples: calib}, ChannelOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, g := range rep.Groups {
		k := len(g.Scales)
		a, w := make([]float64, k), make([]float64, k)
		for _, mm := range g.Matmuls {
			for j := range k {
				a[j] = max(a[j], pre[mm].a[j])
				w[j] = max(w[j], pre[mm].w[j])
			}
		}
		wAfter := make([]float64, k)
		for _, mm := range g.Matmuls {
			for j, r := range weightRowMax(t, mm) {
				wAfter[j] = max(wAfter[j], r)
			}
		}
		act := actOf(t, g.Matmuls[0])
		for j := range k {
			if a[j] == 0 || w[j] == 0 {
				continue
			}
			if wantA := math.Pow(a[j]*w[j], 1-alpha); !closeTo(act[j], wantA, 1e-4) {
				t.Errorf("%s channel %d: activation range %g after smoothing, want (a·w)^(1-alpha) = %g (a %g, w %g)", g.Matmuls[0].Loc, j, act[j], wantA, a[j], w[j])
			}
			if wantW := math.Pow(a[j]*w[j], alpha); !closeTo(wAfter[j], wantW, 1e-4) {
				t.Errorf("%s channel %d: weight row range %g after smoothing, want (a·w)^alpha = %g", g.Matmuls[0].Loc, j, wAfter[j], wantW)
			}
		}
	}
	return rep
}

func TestSmoothRandomChains(t *testing.T) {
	for seed := int64(1); seed <= 12; seed++ {
		src, in := randomChain(seed)
		rng := rand.New(rand.NewSource(seed))
		hot := map[int64]float64{int64(rng.Intn(8)): 30, int64(rng.Intn(8)): 0.01}
		calib := outlierInputs(rng, 4, in, hot)
		eval := outlierInputs(rng, 2, in, hot)
		for _, alpha := range []float64{0.5, 0.8} {
			rep := checkSmoothing(t, src, calib, eval, alpha)
			if len(rep.Groups) == 0 {
				t.Fatalf("seed %d: nothing smoothed: %+v", seed, rep.Skipped)
			}
		}
	}
}

// TestSmoothTransformerBlock: Q, K and V share one s, folded into the
// first layer norm's gamma and beta; fc1's into the second's; out_proj
// and fc2 get explicit muls; the attention matmuls are skipped.
func TestSmoothTransformerBlock(t *testing.T) {
	outliers := map[int64]float64{3: 40, 11: -25}
	src, in := transformerBlock(5, 6, 16, outliers, true)
	rng := rand.New(rand.NewSource(9))
	calib := outlierInputs(rng, 4, in, nil)
	eval := outlierInputs(rng, 2, in, nil)
	rep := checkSmoothing(t, src, calib, eval, 0.5)
	var sizes []int
	folded, explicit := 0, 0
	for _, g := range rep.Groups {
		sizes = append(sizes, len(g.Matmuls))
		if g.Explicit {
			explicit++
		} else {
			folded++
			for _, o := range g.FoldedInto {
				if o.Name() != "core.mul" && o.Name() != "core.add" {
					t.Errorf("folded into '%s'", o.Name())
				}
			}
			if len(g.FoldedInto) != 2 {
				t.Errorf("folded into %d ops, want gamma's mul and beta's add", len(g.FoldedInto))
			}
		}
	}
	if !slices.Equal(sizes, []int{3, 1, 1, 1}) || folded != 2 || explicit != 2 {
		t.Errorf("groups of %v matmuls, %d folded, %d explicit; want [3 1 1 1], 2 and 2", sizes, folded, explicit)
	}
	if len(rep.Skipped) != 2 {
		t.Errorf("skipped %d matmuls, want the 2 attention matmuls", len(rep.Skipped))
	}
}

// w8a8 quantizes m's matmuls for trt-orin (int8 activations per tensor,
// int8 weights per output channel) after calibrating on calib, every
// other op kept in f32 as SmoothQuant's W8A8 setting does.
func w8a8(t *testing.T, m *ir.Operation, calib []Sample) {
	t.Helper()
	ctx := m.Ctx()
	ir.WalkPreOrder(m, func(op *ir.Operation) ir.WalkResult {
		weight := op.Name() == "core.transpose" && op.Operand(0).DefiningOp() != nil && op.Operand(0).DefiningOp().Name() == "core.constant"
		if strings.HasPrefix(op.Name(), "core.") && op.Name() != "core.constant" && !weight {
			p := "f32"
			if _, why := quantize.SmoothWeight(op); why == "" {
				p = "i8"
			}
			op.SetAttr("mlc.precision", ctx.StringAttr(p))
		}
		return ir.Advance
	})
	if _, err := Calibrate(m, &Dataset{Samples: calib}, Options{}); err != nil {
		t.Fatal(err)
	}
	tg, err := target.Load("trt-orin")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := quantize.Run(mainOf(t, m), quantize.Config{Target: tg}); err != nil {
		t.Fatal(err)
	}
}

func sqnrDB(want, got [][]float64) float64 {
	var s, n float64
	for i := range want {
		for j := range want[i] {
			s += want[i][j] * want[i][j]
			n += (want[i][j] - got[i][j]) * (want[i][j] - got[i][j])
		}
	}
	return 10 * math.Log10(s/n)
}

// w8a8Gain is the output SQNR against fp32 of src's W8A8 form without
// and with smoothing (alpha 0.5), calibrated on 8 samples, evaluated on 4
// others.
func w8a8Gain(t *testing.T, src string, in []int64, seed int64) (before, after float64) {
	t.Helper()
	rng := rand.New(rand.NewSource(100 + seed))
	calib := outlierInputs(rng, 8, in, nil)
	eval := outlierInputs(rng, 4, in, nil)
	want := runMain(t, parse(t, src), eval)
	plain := parse(t, src)
	w8a8(t, plain, calib)
	smoothed := parse(t, src)
	if _, err := Smooth(smoothed, &Dataset{Samples: calib}, SmoothOptions{Alpha: 0.5}); err != nil {
		t.Fatal(err)
	}
	w8a8(t, smoothed, calib)
	return sqnrDB(want, runMain(t, plain, eval)), sqnrDB(want, runMain(t, smoothed, eval))
}

// TestSmoothImprovesW8A8: what the pass is for. Layer norms whose gamma
// has two outlier channels (x100, x-80 of 64, as LLM activations have)
// make the per-tensor int8 activation scale waste its range; after
// smoothing the output SQNR against fp32 is better on every seed of the
// MLP-like model (by at least 2 dB, 4 dB on average), and 3 dB better on
// average on the transformer block, whose softmax turns the int8 error
// of q and k (the matmul outputs, which smoothing does not change) into
// a seed-dependent amount.
func TestSmoothImprovesW8A8(t *testing.T) {
	outliers := map[int64]float64{5: 100, 40: -80}
	const seeds = 8
	gain, gainTF := 0.0, 0.0
	for seed := int64(1); seed <= seeds; seed++ {
		src, in := mlpBlock(seed, 16, 64, outliers)
		before, after := w8a8Gain(t, src, in, seed)
		t.Logf("MLP block, seed %d: W8A8 output SQNR %.1f dB, %.1f dB after smoothing", seed, before, after)
		if after < before+2 {
			t.Errorf("MLP block, seed %d: SQNR %.1f dB after smoothing, %.1f dB before: want at least 2 dB better", seed, after, before)
		}
		gain += after - before
		src, in = transformerBlock(seed, 16, 64, outliers, false)
		before, after = w8a8Gain(t, src, in, seed)
		t.Logf("transformer block, seed %d: W8A8 output SQNR %.1f dB, %.1f dB after smoothing", seed, before, after)
		gainTF += after - before
	}
	if gain/seeds < 4 {
		t.Errorf("MLP block: smoothing gains %.1f dB on average, want at least 4", gain/seeds)
	}
	if gainTF/seeds < 3 {
		t.Errorf("transformer block: smoothing gains %.1f dB on average, want at least 3", gainTF/seeds)
	}
}

// TestChannelAbsMax: the statistics are the per-channel max |x| over all
// samples, on matmuls reading an argument and an op result, for both
// weight layouts; stale entries go, matmuls without a constant weight get
// none, and bad data changes nothing.
func TestChannelAbsMax(t *testing.T) {
	m := parse(t, `
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x2xf32> {
  %w = core.constant dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]> : tensor<3x2xf32>
  %0 = core.matmul %x, %w : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %1 = core.relu %0 : tensor<2x2xf32>
  %v = core.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %t = core.transpose %v {perm = array<i64: 1, 0>} : (tensor<1x2xf32>) -> tensor<2x1xf32>
  %2 = core.matmul %1, %t {mlc.act_absmax = array<f64: 9.0>} : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  %3 = core.transpose %1 {perm = array<i64: 1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %4 = core.matmul %1, %3 {mlc.act_absmax = array<f64: 9.0>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %4 : tensor<2x2xf32>
}`)
	x := func(v ...float64) Sample {
		return Sample{Set: "s", Inputs: []*tensor.Tensor{tensor.MustValues(tensor.F32, []int64{2, 3}, v...)}}
	}
	// Sample 1: x = [[1, -5, 2], [0, 1, -3]]: |x| max per channel [1, 5, 3];
	// xW = [[3, -3], [-3, -2]], relu [[3, 0], [0, 0]].
	// Sample 2: x = [[-2, 0, 0], [0, 0, 1]]: [2, 0, 1]; xW = [[-2, 0], [1, 1]],
	// relu [[0, 0], [1, 1]]. Over both: x [2, 5, 3], relu [3, 1].
	data := &Dataset{Samples: []Sample{x(1, -5, 2, 0, 1, -3), x(-2, 0, 0, 0, 0, 1)}}
	rep, err := ChannelAbsMax(m, data, ChannelOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Matmuls) != 2 || rep.Samples != 2 {
		t.Fatalf("report %+v", rep)
	}
	var got [][]float64
	ir.WalkPreOrder(m, func(op *ir.Operation) ir.WalkResult {
		if op.Name() == "core.matmul" {
			if a, ok := op.Attr(quantize.ActAbsMaxAttr).(*ir.DenseArrayAttr); ok {
				got = append(got, a.Floats)
			} else {
				got = append(got, nil)
			}
		}
		return ir.Advance
	})
	if len(got) != 3 || !slices.Equal(got[0], []float64{2, 5, 3}) || !slices.Equal(got[1], []float64{3, 1}) || got[2] != nil {
		t.Errorf("mlc.act_absmax %v, want [2 5 3], [3 1] and none on the activation × activation matmul", got)
	}
	// Errors change nothing.
	before := asm.String(m, asm.PrintOptions{})
	if _, err := ChannelAbsMax(m, &Dataset{}, ChannelOptions{}); err == nil {
		t.Error("no samples: no error")
	}
	if _, err := ChannelAbsMax(m, data, ChannelOptions{Function: "nope"}); err == nil {
		t.Error("unknown function: no error")
	}
	if _, err := Smooth(m, data, SmoothOptions{Alpha: 2}); err == nil {
		t.Error("alpha 2: no error")
	}
	if _, err := Smooth(m, &Dataset{}, SmoothOptions{Alpha: 0.5}); err == nil {
		t.Error("Smooth without samples: no error")
	}
	if asm.String(m, asm.PrintOptions{}) != before {
		t.Error("a failed run changed the module")
	}
}
