package quantize

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// gen writes random test IR: constants as hex f32 data whose output
// channels have ranges spread over e^±3, so equalization has work to do.
type gen struct {
	rng  *rand.Rand
	b    strings.Builder
	n    int
	cur  string
	typ  []int64
	ops  []string // the layer ops' result names, in order
	seen int
}

func tt(shape []int64) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = fmt.Sprint(d)
	}
	return "tensor<" + strings.Join(parts, "x") + "xf32>"
}

func (g *gen) value() string { g.n++; return fmt.Sprintf("%%v%d", g.n) }

// constant emits a random constant of shape whose slices along dim 0 are
// scaled by factors spread over e^±3.
func (g *gen) constant(shape []int64) string {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	per := n / shape[0]
	raw := make([]byte, 4*n)
	for o := int64(0); o < shape[0]; o++ {
		f := math.Exp(6*g.rng.Float64() - 3)
		for i := o * per; i < (o+1)*per; i++ {
			binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(float32(f*(2*g.rng.Float64()-1))))
		}
	}
	v := g.value()
	fmt.Fprintf(&g.b, "  %s = core.constant dense<\"0x%s\"> : %s\n", v, strings.ToUpper(hex.EncodeToString(raw)), tt(shape))
	return v
}

func (g *gen) conv(out, k, groups int64, bias bool) {
	in := g.typ
	w := g.constant([]int64{out, in[1] / groups, k, k})
	operands, types := g.cur+", "+w, tt(in)+", "+tt([]int64{out, in[1] / groups, k, k})
	if bias {
		b := g.constant([]int64{out})
		operands += ", " + b
		types += ", " + tt([]int64{out})
	}
	p := (k - 1) / 2
	res := []int64{in[0], out, in[2], in[3]}
	v := g.value()
	fmt.Fprintf(&g.b, "  %s = core.conv2d %s {dilations = array<i64: 1, 1>, groups = %d : i64, padding = array<i64: %d, %d, %d, %d>, strides = array<i64: 1, 1>} : (%s) -> %s\n",
		v, operands, groups, p, p, p, p, types, tt(res))
	g.cur, g.typ = v, res
	g.ops = append(g.ops, v)
}

func (g *gen) unary(text string) {
	v := g.value()
	fmt.Fprintf(&g.b, "  %s = %s : %s\n", v, strings.ReplaceAll(text, "$", g.cur), tt(g.typ))
	g.cur = v
}

func (g *gen) op(text string, res []int64) {
	v := g.value()
	fmt.Fprintf(&g.b, "  %s = %s -> %s\n", v, strings.ReplaceAll(strings.ReplaceAll(text, "$T", tt(g.typ)), "$", g.cur), tt(res))
	g.cur, g.typ = v, res
}

func (g *gen) module(in []int64) string {
	return fmt.Sprintf("func.func @main(%%x: %s) -> %s {\n%s  return %s : %s\n}\n", tt(in), tt(g.typ), g.b.String(), g.cur, tt(g.typ))
}

func newGen(seed int64, in []int64) *gen {
	return &gen{rng: rand.New(rand.NewSource(seed)), cur: "%x", typ: in}
}

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := asm.Parse(all.NewContext(), "eq.mlir", []byte(src), 1)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return m
}

func randomInput(rng *rand.Rand, shape []int64) *tensor.Tensor {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	vals := make([]float64, n)
	for i := range vals {
		vals[i] = 4*rng.Float64() - 2
	}
	return tensor.MustValues(tensor.F32, shape, vals...)
}

// equalizeAndCompare runs @main before and after Equalize on the same
// inputs; the outputs must agree within f32 rounding of the whole chain.
func equalizeAndCompare(t *testing.T, src string, in []int64, cfg EqualizeConfig) (*ir.Operation, *EqualizeReport) {
	t.Helper()
	m := parse(t, src)
	rng := rand.New(rand.NewSource(7))
	inputs := []*tensor.Tensor{randomInput(rng, in)}
	want, err := interp.RunModule(m, "main", inputs)
	if err != nil {
		t.Fatal(err)
	}
	fn, err := interp.LookupFunc(m, "main")
	if err != nil {
		t.Fatal(err)
	}
	rep := Equalize(fn, cfg)
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify after: %v\n%s", err, asm.String(m, asm.PrintOptions{}))
	}
	got, err := interp.RunModule(m, "main", inputs)
	if err != nil {
		t.Fatal(err)
	}
	w, o := want[0].Values(), got[0].Values()
	scale := 0.0
	for _, v := range w {
		scale = max(scale, math.Abs(v))
	}
	for i := range w {
		if d := math.Abs(w[i] - o[i]); d > 1e-5*scale {
			t.Fatalf("output %d: %g after equalization, %g before (|diff| %g, output scale %g)", i, o[i], w[i], d, scale)
		}
	}
	return m, rep
}

var tight = EqualizeConfig{Iterations: 500, Tolerance: 1e-12}

// layerRanges reads the stored (f32) weights of the pairs back from the IR.
func pairRanges(t *testing.T, p PairReport) (out, in []float64) {
	t.Helper()
	layers := map[*ir.Operation]*layer{}
	first, why := layerOf(p.First, layers)
	if first == nil {
		t.Fatal(why)
	}
	second, why := layerOf(p.Second, layers)
	if second == nil {
		t.Fatal(why)
	}
	c := first.outChannels()
	per := int64(1)
	if second.matmul && !first.matmul {
		k := second.w.t.Shape[0]
		if second.transposed {
			k = second.w.t.Shape[1]
		}
		per = k / c
	}
	pr := &pair{first: first, second: second, channels: c, perChannel: per}
	return pr.outRanges(), pr.inRanges()
}

func closeRel(a, b, tol float64) bool { return math.Abs(a-b) <= tol*max(math.Abs(a), math.Abs(b)) }

// TestEqualizePairs: on random conv → op → conv chains the function is
// unchanged and each pair ends at the paper's fixed point, r1_i = r2_i =
// sqrt(r1_i·r2_i) of the original ranges.
func TestEqualizePairs(t *testing.T) {
	between := map[string]func(g *gen){
		"none":   func(g *gen) {},
		"relu":   func(g *gen) { g.unary("core.relu $") },
		"clamp0": func(g *gen) { g.unary("core.clamp $ min 0.0") },
		"max_pool": func(g *gen) {
			g.op("core.max_pool2d $ {kernel = array<i64: 3, 3>, padding = array<i64: 1, 1, 1, 1>} : ($T)", g.typ)
		},
		"avg_pool": func(g *gen) {
			g.op("core.avg_pool2d $ {kernel = array<i64: 3, 3>, padding = array<i64: 1, 1, 1, 1>, count_include_pad = true} : ($T)", g.typ)
		},
	}
	for name, mid := range between {
		for seed := int64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%s/%d", name, seed), func(t *testing.T) {
				in := []int64{2, 3, 5, 5}
				g := newGen(seed, in)
				g.conv(6, 3, 1, seed != 2)
				mid(g)
				g.conv(4, 3, 1, true)
				before := parse(t, g.module(in))
				b1, b2 := pairRangesFromIR(t, before)
				_, rep := equalizeAndCompare(t, g.module(in), in, tight)
				if len(rep.Pairs) != 1 {
					t.Fatalf("got %d pairs, want 1 (skipped: %v)", len(rep.Pairs), rep.Skipped)
				}
				r1, r2 := pairRanges(t, rep.Pairs[0])
				for i := range r1 {
					want := math.Sqrt(b1[i] * b2[i])
					if !closeRel(r1[i], want, 1e-6) || !closeRel(r2[i], want, 1e-6) {
						t.Errorf("channel %d: ranges %g and %g after, want both sqrt(%g·%g) = %g", i, r1[i], r2[i], b1[i], b2[i], want)
					}
				}
				// Both layers end with the spread of sqrt(r1·r2), at most the
				// geometric mean of the spreads before.
				p := rep.Pairs[0]
				if !closeRel(p.SpreadOut, p.SpreadIn, 1e-6) || p.SpreadOut > math.Sqrt(p.SpreadOutBefore*p.SpreadInBefore)*(1+1e-6) {
					t.Errorf("spreads: %+v", p)
				}
			})
		}
	}
}

// pairRangesFromIR: the first conv's output-channel ranges and the second
// conv's input-channel ranges, before any equalization.
func pairRangesFromIR(t *testing.T, m *ir.Operation) (out, in []float64) {
	t.Helper()
	var convs []*ir.Operation
	ir.WalkPreOrder(m, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "core.conv2d" || o.Name() == "core.matmul" {
			convs = append(convs, o)
		}
		return ir.Advance
	})
	return pairRanges(t, PairReport{First: convs[0], Second: convs[1]})
}

// TestEqualizeDepthwiseChain: conv → relu → depthwise conv → relu →
// pointwise conv, as in MobileNet. Sweeping both pairs converges to ranges
// equal along the chain per channel: the cube root of the three original
// ranges' product.
func TestEqualizeDepthwiseChain(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		in := []int64{1, 4, 6, 6}
		g := newGen(seed, in)
		g.conv(8, 1, 1, true)
		g.unary("core.relu $")
		g.conv(8, 3, 8, true)
		g.unary("core.clamp $ min 0.0")
		g.conv(5, 1, 1, seed%2 == 0)
		before := parse(t, g.module(in))
		fn := before.Region(0).Front().First()
		var convs []*ir.Operation
		ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
			if o.Name() == "core.conv2d" {
				convs = append(convs, o)
			}
			return ir.Advance
		})
		a, _ := pairRanges(t, PairReport{First: convs[0], Second: convs[1]})
		b, c := pairRanges(t, PairReport{First: convs[1], Second: convs[2]})

		_, rep := equalizeAndCompare(t, g.module(in), in, tight)
		if len(rep.Pairs) != 2 {
			t.Fatalf("seed %d: got %d pairs, want 2 (skipped: %v)", seed, len(rep.Pairs), rep.Skipped)
		}
		if rep.Sweeps < 3 {
			t.Errorf("seed %d: converged in %d sweeps; a chain needs more than one", seed, rep.Sweeps)
		}
		r1, r2 := pairRanges(t, rep.Pairs[0])
		r2b, r3 := pairRanges(t, rep.Pairs[1])
		for i := range r1 {
			want := math.Cbrt(a[i] * b[i] * c[i])
			for _, got := range []float64{r1[i], r2[i], r2b[i], r3[i]} {
				if !closeRel(got, want, 1e-5) {
					t.Errorf("seed %d channel %d: ranges %g %g %g %g, want all %g", seed, i, r1[i], r2[i], r2b[i], r3[i], want)
					break
				}
			}
		}
	}
}

// TestEqualizeGroupedSecond: a grouped conv (2 groups) reads the channels.
func TestEqualizeGroupedSecond(t *testing.T) {
	in := []int64{1, 2, 4, 4}
	g := newGen(11, in)
	g.conv(6, 3, 1, true)
	g.unary("core.relu $")
	g.conv(4, 3, 2, true)
	_, rep := equalizeAndCompare(t, g.module(in), in, tight)
	if len(rep.Pairs) != 1 {
		t.Fatalf("got %d pairs", len(rep.Pairs))
	}
	r1, r2 := pairRanges(t, rep.Pairs[0])
	for i := range r1 {
		if !closeRel(r1[i], r2[i], 1e-6) {
			t.Errorf("channel %d: %g vs %g", i, r1[i], r2[i])
		}
	}
}

// TestEqualizeConvMatmul: conv → relu → spatial mean → flatten → matmul
// with a transposed constant weight (a classifier head), and a flatten of
// a 2×2 map, where each channel owns four rows of the weight.
func TestEqualizeConvMatmul(t *testing.T) {
	for _, pool := range []bool{true, false} {
		in := []int64{2, 3, 2, 2}
		g := newGen(5, in)
		g.conv(4, 1, 1, true)
		g.unary("core.relu $")
		k := int64(4 * 4)
		if pool {
			g.op("core.reduce_mean $ {axes = array<i64: 2, 3>, keepdims = true} : ($T)", []int64{2, 4, 1, 1})
			k = 4
		}
		g.op("core.reshape $ : ($T)", []int64{2, k})
		flat := g.cur
		w := g.constant([]int64{7, k})
		tr := g.value()
		fmt.Fprintf(&g.b, "  %s = core.transpose %s {perm = array<i64: 1, 0>} : (%s) -> %s\n", tr, w, tt([]int64{7, k}), tt([]int64{k, 7}))
		v := g.value()
		fmt.Fprintf(&g.b, "  %s = core.matmul %s, %s : (%s, %s) -> %s\n", v, flat, tr, tt([]int64{2, k}), tt([]int64{k, 7}), tt([]int64{2, 7}))
		g.cur, g.typ = v, []int64{2, 7}
		before := parse(t, g.module(in))
		b1, b2 := pairRangesFromIR(t, before)
		_, rep := equalizeAndCompare(t, g.module(in), in, tight)
		if len(rep.Pairs) != 1 || rep.Pairs[0].Second.Name() != "core.matmul" {
			t.Fatalf("pool=%v: got %d pairs (skipped %v)", pool, len(rep.Pairs), rep.Skipped)
		}
		r1, r2 := pairRanges(t, rep.Pairs[0])
		for i := range r1 {
			want := math.Sqrt(b1[i] * b2[i])
			if !closeRel(r1[i], want, 1e-6) || !closeRel(r2[i], want, 1e-6) {
				t.Errorf("pool=%v channel %d: %g %g, want %g", pool, i, r1[i], r2[i], want)
			}
		}
	}
}

// TestEqualizeBoundedClamp: ReLU6 between the layers stops the pair by
// default; bounded=rescale equalizes through it with per-channel bounds
// and keeps the function, clipping included (the inputs are wide enough
// that many values clip at 6).
func TestEqualizeBoundedClamp(t *testing.T) {
	in := []int64{1, 3, 5, 5}
	g := newGen(3, in)
	g.conv(6, 3, 1, true)
	g.unary("core.clamp $ min 0.0 max 6.0")
	g.conv(4, 3, 1, true)
	_, rep := equalizeAndCompare(t, g.module(in), in, tight)
	if len(rep.Pairs) != 0 || len(rep.Skipped) != 2 || !strings.Contains(rep.Skipped[0].Reason, "finite max") {
		t.Fatalf("skip mode: pairs %d, skipped %+v", len(rep.Pairs), rep.Skipped)
	}
	cfg := tight
	cfg.Rescale = true
	m, rep := equalizeAndCompare(t, g.module(in), in, cfg)
	if len(rep.Pairs) != 1 || rep.RescaledClamps != 1 {
		t.Fatalf("rescale mode: pairs %d, clamps %d", len(rep.Pairs), rep.RescaledClamps)
	}
	text := asm.String(m, asm.PrintOptions{})
	if !strings.Contains(text, "core.min") || strings.Contains(text, "max 6.0") {
		t.Errorf("the clamp was not rewritten:\n%s", text)
	}
	// The clamp must clip somewhere, or the bound was not tested: the same
	// conv and clamp (same seed), returned.
	h := newGen(3, in)
	h.conv(6, 3, 1, true)
	h.unary("core.clamp $ min 0.0 max 6.0")
	out, err := interp.RunModule(parse(t, h.module(in)), "main", []*tensor.Tensor{randomInput(rand.New(rand.NewSource(7)), in)})
	if err != nil {
		t.Fatal(err)
	}
	clipped := 0
	for _, v := range out[0].Values() {
		if v == 6 {
			clipped++
		}
	}
	if clipped == 0 {
		t.Error("no value reaches the clamp's max")
	}
}

// TestEqualizeSkips: each reason a pair is not formed.
func TestEqualizeSkips(t *testing.T) {
	conv := func(in, w, b, res string, win, wt string) string {
		return fmt.Sprintf("core.conv2d %s, %s%s {dilations = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (%s, %s%s) -> %s",
			in, w, b, win, wt, map[bool]string{true: ", tensor<2xf32>", false: ""}[b != ""], res)
	}
	x, y := "tensor<1x2x2x2xf32>", "tensor<2x2x1x1xf32>"
	w := "core.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : " + y
	for name, c := range map[string]struct{ body, want string }{
		"weight argument": {fmt.Sprintf("%%w = %s\n %%0 = %s\n %%1 = %s\n return %%1 : %s", w, conv("%x", "%a", "", x, x, y), conv("%0", "%w", "", x, x, y), x),
			"the weight is not a core.constant"},
		"shared weight": {fmt.Sprintf("%%w = %s\n %%0 = %s\n %%1 = %s\n return %%1 : %s", w, conv("%x", "%w", "", x, x, y), conv("%0", "%w", "", x, x, y), x),
			"shared with 1 other uses"},
		"two uses": {fmt.Sprintf("%%w = %s\n %%v = %s\n %%0 = %s\n %%1 = %s\n %%2 = core.add %%0, %%1 : (%s, %s) -> %s\n return %%2 : %s", w, w, conv("%x", "%w", "", x, x, y), conv("%0", "%v", "", x, x, y), x, x, x, x),
			"has 2 uses"},
		"sigmoid": {fmt.Sprintf("%%w = %s\n %%v = %s\n %%0 = %s\n %%s = core.sigmoid %%0 : %s\n %%1 = %s\n return %%1 : %s", w, w, conv("%x", "%w", "", x, x, y), x, conv("%s", "%v", "", x, x, y), x),
			"'core.sigmoid' between the layers is not scale-equivariant"},
		"clamp min": {fmt.Sprintf("%%w = %s\n %%v = %s\n %%0 = %s\n %%s = core.clamp %%0 min -1.0 : %s\n %%1 = %s\n return %%1 : %s", w, w, conv("%x", "%w", "", x, x, y), x, conv("%s", "%v", "", x, x, y), x),
			"with min -1 is not scale-equivariant"},
	} {
		src := fmt.Sprintf("func.func @main(%%x: %s, %%a: %s) -> %s {\n %s\n}\n", x, y, x, c.body)
		m := parse(t, src)
		fn, _ := interp.LookupFunc(m, "main")
		rep := Equalize(fn, tight)
		if len(rep.Pairs) != 0 || len(rep.Skipped) == 0 || !strings.Contains(rep.Skipped[0].Reason, c.want) {
			t.Errorf("%s: pairs %d, skipped %+v; want the first skipped for %q", name, len(rep.Pairs), rep.Skipped, c.want)
		}
	}
}

// TestEqualizeZeroChannel: a channel whose weights are all zero keeps
// scale 1 (no division by zero), the others are equalized.
func TestEqualizeZeroChannel(t *testing.T) {
	src := `func.func @main(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32> {
  %w1 = core.constant dense<[[[[4.0]]], [[[0.0]]]]> : tensor<2x1x1x1xf32>
  %0 = core.conv2d %x, %w1 {dilations = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x2x2xf32>
  %w2 = core.constant dense<[[[[1.0]], [[3.0]]]]> : tensor<1x2x1x1xf32>
  %1 = core.conv2d %0, %w2 {dilations = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x2x2x2xf32>, tensor<1x2x1x1xf32>) -> tensor<1x1x2x2xf32>
  return %1 : tensor<1x1x2x2xf32>
}`
	m, rep := equalizeAndCompare(t, src, []int64{1, 1, 2, 2}, tight)
	if rep.ZeroChannels != 1 || len(rep.Pairs) != 1 {
		t.Fatalf("zero channels %d, pairs %d", rep.ZeroChannels, len(rep.Pairs))
	}
	text := asm.String(m, asm.PrintOptions{})
	// Channel 0: s = sqrt(4/1) = 2; channel 1 keeps its weights.
	for _, want := range []string{"dense<[[[[2.000000e+00]]], [[[0.000000e+00]]]]>", "dense<[[[[2.000000e+00]], [[3.000000e+00]]]]>"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %s in\n%s", want, text)
		}
	}
}

// TestEqualizePassRegistered runs the registered pass with options from a
// pipeline string.
func TestEqualizePassRegistered(t *testing.T) {
	in := []int64{1, 3, 4, 4}
	g := newGen(9, in)
	g.conv(5, 3, 1, true)
	g.unary("core.relu $")
	g.conv(2, 1, 1, false)
	m := parse(t, g.module(in))
	pm, err := pass.ParsePipeline("builtin.module(func.func(cross-layer-equalize{iterations=3 tolerance=0.5 bounded=rescale explain=true}))")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := pm.Run(m, &pass.Config{VerifyEach: true, Out: &out}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "equalized 'core.conv2d' with 'core.conv2d'") {
		t.Errorf("explain output:\n%s", out.String())
	}
	if _, err := pass.ParsePipeline("builtin.module(func.func(cross-layer-equalize{bounded=relu}))"); err == nil {
		t.Error("bounded=relu was accepted")
	}
}

// fakeQuantWeights rounds every conv2d and matmul weight constant of m to
// per-tensor symmetric int8 (scale max|w| / 127), as a target without
// per-channel weights quantizes them.
func fakeQuantWeights(t *testing.T, m *ir.Operation) {
	t.Helper()
	var ws []*weights
	ir.WalkPreOrder(m, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "core.conv2d" || o.Name() == "core.matmul" {
			v := o.Operand(1)
			if d := v.DefiningOp(); d != nil && d.Name() == "core.transpose" {
				v = d.Operand(0)
			}
			w, why := constWeights(v, "weight")
			if w == nil {
				t.Fatal(why)
			}
			ws = append(ws, w)
		}
		return ir.Advance
	})
	for _, w := range ws {
		hi := 0.0
		for _, v := range w.vals {
			hi = max(hi, math.Abs(v))
		}
		for i, v := range w.vals {
			w.vals[i] = math.RoundToEven(v/hi*127) * hi / 127
		}
		w.store()
	}
}

func sqnr(want, got []float64) float64 {
	var s, n float64
	for i := range want {
		s += want[i] * want[i]
		n += (want[i] - got[i]) * (want[i] - got[i])
	}
	return 10 * math.Log10(s/n)
}

// TestEqualizeHelpsPerTensorInt8: what the pass is for. With weights
// quantized per tensor to int8, a MobileNet-like chain whose channels'
// ranges differ by up to e^6 computes its output more accurately after
// equalization: never worse, 10 dB better on average.
func TestEqualizeHelpsPerTensorInt8(t *testing.T) {
	gain := 0.0
	const seeds = 8
	for seed := int64(1); seed <= seeds; seed++ {
		in := []int64{1, 3, 8, 8}
		g := newGen(seed, in)
		g.conv(16, 3, 1, true)
		g.unary("core.relu $")
		g.conv(16, 3, 16, true)
		g.unary("core.relu $")
		g.conv(8, 1, 1, true)
		src := g.module(in)
		x := []*tensor.Tensor{randomInput(rand.New(rand.NewSource(seed)), in)}
		run := func(m *ir.Operation) []float64 {
			out, err := interp.RunModule(m, "main", x)
			if err != nil {
				t.Fatal(err)
			}
			return out[0].Values()
		}
		ref := run(parse(t, src))
		plain := parse(t, src)
		fakeQuantWeights(t, plain)
		eq := parse(t, src)
		fn, _ := interp.LookupFunc(eq, "main")
		Equalize(fn, tight)
		fakeQuantWeights(t, eq)
		before, after := sqnr(ref, run(plain)), sqnr(ref, run(eq))
		t.Logf("seed %d: per-tensor int8 weights: output SQNR %.1f dB, %.1f dB after equalization", seed, before, after)
		if after < before+1 {
			t.Errorf("seed %d: SQNR %.1f dB after equalization, %.1f dB before", seed, after, before)
		}
		gain += after - before
	}
	if gain/seeds < 10 {
		t.Errorf("equalization gains %.1f dB on average, want at least 10", gain/seeds)
	}
}

// linear appends x · W (+ b) with W a constant [k, n], or the transpose
// of a constant [n, k].
func (g *gen) linear(n int64, transposed, bias bool) {
	in := g.typ
	k := in[len(in)-1]
	out := append(append([]int64(nil), in[:len(in)-1]...), n)
	var w string
	if transposed {
		c := g.constant([]int64{n, k})
		w = g.value()
		fmt.Fprintf(&g.b, "  %s = core.transpose %s {perm = array<i64: 1, 0>} : (%s) -> %s\n", w, c, tt([]int64{n, k}), tt([]int64{k, n}))
	} else {
		w = g.constant([]int64{k, n})
	}
	v := g.value()
	fmt.Fprintf(&g.b, "  %s = core.matmul %s, %s : (%s, %s) -> %s\n", v, g.cur, w, tt(in), tt([]int64{k, n}), tt(out))
	g.cur, g.typ = v, out
	g.ops = append(g.ops, v)
	if bias {
		b := g.constant([]int64{n})
		v := g.value()
		fmt.Fprintf(&g.b, "  %s = core.add %s, %s : (%s, %s) -> %s\n", v, g.cur, b, tt(out), tt([]int64{n}), tt(out))
		g.cur = v
	}
}

// TestEqualizeLinearChain: linear → (bias add) → relu or ReLU6 → linear,
// on 2-d and batched 3-d activations, with either weight layout. The
// channels are the last dimension; the bias add's constant scales with
// the first layer's channels.
func TestEqualizeLinearChain(t *testing.T) {
	for i, c := range []struct {
		in               []int64
		transposed, bias bool
		act              string
	}{
		{[]int64{4, 6}, true, true, "core.relu $"},
		{[]int64{2, 3, 6}, false, true, "core.clamp $ min 0.0"},
		{[]int64{3, 6}, true, false, "core.clamp $ min 0.0 max 6.0"},
		{[]int64{2, 2, 6}, true, true, "core.clamp $ min 0.0 max 6.0"},
	} {
		g := newGen(int64(20+i), c.in)
		g.linear(8, c.transposed, c.bias)
		g.unary(c.act)
		g.linear(5, i%2 == 0, true)
		src := g.module(c.in)
		before := parse(t, src)
		b1, b2 := pairRangesFromIR(t, before)
		_, rep := equalizeAndCompare(t, src, c.in, EqualizeConfig{Iterations: 50, Tolerance: 1e-12, Rescale: true})
		if len(rep.Pairs) != 1 {
			t.Fatalf("case %d: got %d pairs (skipped %+v)", i, len(rep.Pairs), rep.Skipped)
		}
		r1, r2 := pairRanges(t, rep.Pairs[0])
		for ch := range r1 {
			want := math.Sqrt(b1[ch] * b2[ch])
			if !closeRel(r1[ch], want, 1e-6) || !closeRel(r2[ch], want, 1e-6) {
				t.Errorf("case %d channel %d: %g %g, want %g", i, ch, r1[ch], r2[ch], want)
			}
		}
		if strings.Contains(c.act, "max") != (rep.RescaledClamps == 1) {
			t.Errorf("case %d: %d clamps rescaled", i, rep.RescaledClamps)
		}
	}
}

// TestEqualizeDenseChain: conv → conv → conv → conv with full convs,
// where the middle layers' input and output ranges differ and no closed
// form exists: the sweeps still reach the point where every pair's ranges
// agree per channel.
func TestEqualizeDenseChain(t *testing.T) {
	in := []int64{1, 3, 5, 5}
	g := newGen(31, in)
	g.conv(6, 3, 1, true)
	g.unary("core.relu $")
	g.conv(5, 1, 1, true)
	g.unary("core.relu $")
	g.conv(7, 3, 1, true)
	g.conv(2, 1, 1, false)
	_, rep := equalizeAndCompare(t, g.module(in), in, tight)
	if len(rep.Pairs) != 3 {
		t.Fatalf("got %d pairs", len(rep.Pairs))
	}
	for k, p := range rep.Pairs {
		r1, r2 := pairRanges(t, p)
		for i := range r1 {
			if !closeRel(r1[i], r2[i], 1e-5) {
				t.Errorf("pair %d channel %d: ranges %g and %g", k, i, r1[i], r2[i])
			}
		}
	}
}
