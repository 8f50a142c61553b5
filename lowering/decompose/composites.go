package decompose

import (
	"math"
	"slices"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Core's composite ops (core.layer_norm, core.softmax, core.gelu) stay
// whole through torch-to-core so that quantization encodes each as one
// unit and the targets run each as one layer. core-decompose-composites
// gives the primitive pieces to whoever needs them; core-fuse-composites
// finds the erf form of GELU that exporters write out op by op.

// compositeTable: composite op → its pieces (the numeric tests compare
// both).
var compositeTable = []struct {
	op string
	fn func(e *emitter, op *ir.Operation) []*ir.Value
}{
	{"core.gelu", decomposeGelu},
	{"core.layer_norm", decomposeLayerNorm},
	{"core.softmax", decomposeSoftmax},
}

// core.gelu(x) -> geluPieces(x)
func decomposeGelu(e *emitter, op *ir.Operation) []*ir.Value {
	if !floatComposite(e, op) {
		return one(op.Operand(0))
	}
	return one(e.geluPieces(op.Operand(0), ods.StringOf(op, "approximate")))
}

// core.layer_norm(x, w, b) -> layerNormPieces(x, w, b)
func decomposeLayerNorm(e *emitter, op *ir.Operation) []*ir.Value {
	if !floatComposite(e, op) {
		return one(op.Operand(0))
	}
	var b *ir.Value
	if op.NumOperands() > 2 {
		b = op.Operand(2)
	}
	eps, _ := ods.FloatOrDefault(op, "epsilon")
	return one(e.layerNormPieces(op.Operand(0), op.Operand(1), b, ods.IntsOf(op, "axes"), eps))
}

// core.softmax(x) -> softmaxPieces(x)
func decomposeSoftmax(e *emitter, op *ir.Operation) []*ir.Value {
	if !floatComposite(e, op) {
		return one(op.Operand(0))
	}
	return one(e.softmaxPieces(op.Operand(0), ods.IntOf(op, "axis", 0)))
}

// floatComposite fails the decomposition of a quantized composite: its
// pieces would each need an encoding the unit never had.
func floatComposite(e *emitter, op *ir.Operation) bool {
	if quant.ElementType(op.Operand(0).Type()) != nil || quant.ElementType(op.Result(0).Type()) != nil {
		e.fail("a quantized '%s' is one unit; its pieces have no encodings", op.Name())
		return false
	}
	return true
}

func compositePatterns() []ir.Pattern {
	var out []ir.Pattern
	for _, c := range compositeTable {
		out = append(out, &goPattern{root: c.op, name: "decompose-composite:" + c.op, benefit: benefitGo, fn: c.fn})
	}
	return out
}

// CompositesPass is core-decompose-composites.
var CompositesPass = pass.Register(&pass.Pass{
	Name:    "core-decompose-composites",
	Summary: "CoreDecomposeComposites",
	Doc: "Rewrites core.layer_norm, core.softmax and core.gelu on float tensors into primitive core ops " +
		"(reductions, elementwise arithmetic, exp, rsqrt, erf or tanh), as torch-to-core produced them before " +
		"the composites existed, for consumers that need the pieces. Quantized composites are one unit and " +
		"stay as they are.",
	OpName:  "func.func",
	Changes: pass.NoEffects,
	Run: func(fn *ir.Operation, _ pass.Options, st *pass.Context) error {
		stats, err := rewrite.ApplyPatternsGreedily(fn, compositePatterns(), false, rewrite.GreedyConfig{TopDown: true, DisableFold: true})
		st.Add("num-decomposed", "Number of composite ops decomposed", int64(stats.Rewrites))
		if err != nil {
			return ir.Errorf(fn.Loc, "%v", err)
		}
		return nil
	},
})

// FuseCompositesPass is core-fuse-composites.
var FuseCompositesPass = pass.Register(&pass.Pass{
	Name:    "core-fuse-composites",
	Summary: "CoreFuseComposites",
	Doc: "Replaces the composites that exporters write op by op with one op, on float tensors, so that " +
		"quantization and the targets see one unit: the exact erf form of GELU x · 0.5 · (1 + erf(x / √2)) " +
		"(products in any order and grouping, x / √2 or x · (1/√2), constants within their type's rounding) " +
		"by core.gelu, and layer normalization (x − mean) / √(mean((x − mean)²) + eps) · w + b (or · rsqrt(…), " +
		"means over the trailing axes, w and b optional constants of the normalized shape) by core.layer_norm. " +
		"Every intermediate value must be read only inside the pattern.",
	OpName:  "func.func",
	Changes: pass.NoEffects,
	Run: func(fn *ir.Operation, _ pass.Options, st *pass.Context) error {
		patterns := []ir.Pattern{fuseGelu{}, fuseLayerNorm{root: "core.div"}, fuseLayerNorm{root: "core.mul"}}
		stats, err := rewrite.ApplyPatternsGreedily(fn, patterns, false, rewrite.GreedyConfig{TopDown: true, DisableFold: true})
		st.Add("num-fused", "Number of composite ops formed", int64(stats.Rewrites))
		if err != nil {
			return ir.Errorf(fn.Loc, "%v", err)
		}
		return nil
	},
})

// fuseGelu: mul(mul(x, add(erf(div(x, √2)), 1)), 0.5) and its reorderings -> core.gelu(x)
type fuseGelu struct{}

func (fuseGelu) Root() string { return "core.mul" }
func (fuseGelu) Benefit() int { return 1 }
func (fuseGelu) Name() string { return "fuse-gelu-erf" }

func (fuseGelu) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	x, ok := matchGeluErf(op)
	if !ok {
		return rw.NotifyMatchFailure(op, "not the erf form of GELU")
	}
	rw.SetInsertionPoint(op)
	g := rw.Create(ir.OperationState{Name: "core.gelu", Operands: []*ir.Value{x}, ResultTypes: []ir.Type{op.Result(0).Type()},
		Loc: op.Loc, Props: rw.Context().DictionaryAttr([]ir.NamedAttr{kv("approximate", rw.Context().StringAttr("none"))})})
	rw.ReplaceOp(op, g.Results())
	return true
}

// matchGeluErf finds x when root is x · 0.5 · (1 + erf(x/√2)): the three
// factors x, 0.5 and the erf term in a product of two core.mul, the
// inner product used once.
func matchGeluErf(root *ir.Operation) (*ir.Value, bool) {
	rt, ok := root.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !ir.IsFloat(rt.Elem) {
		return nil, false
	}
	for k := 0; k < 2; k++ {
		inner, outer := root.Operand(k).DefiningOp(), root.Operand(1-k)
		if inner == nil || inner.Name() != "core.mul" || !inner.Result(0).HasOneUse() {
			continue
		}
		factors := []*ir.Value{outer, inner.Operand(0), inner.Operand(1)}
		if x, ok := geluFactors(factors); ok && x.Type() == root.Result(0).Type() {
			return x, true
		}
	}
	return nil, false
}

// geluFactors: one factor is the splat 0.5, one is 1 + erf(x/√2) (used
// once), and the remaining one is that x.
func geluFactors(f []*ir.Value) (*ir.Value, bool) {
	for h := range f {
		if !isSplat(f[h], 0.5) {
			continue
		}
		for t := range f {
			if t == h {
				continue
			}
			x, ok := erfTerm(f[t])
			if !ok {
				continue
			}
			if rest := f[3-h-t]; rest == x {
				return x, true
			}
		}
	}
	return nil, false
}

// erfTerm matches add(erf(s), 1) (either order) with s = x/√2 or
// x·(1/√2), every op used once, and returns x.
func erfTerm(v *ir.Value) (*ir.Value, bool) {
	add := v.DefiningOp()
	if add == nil || add.Name() != "core.add" || !v.HasOneUse() {
		return nil, false
	}
	for k := 0; k < 2; k++ {
		erf := add.Operand(k).DefiningOp()
		if erf == nil || erf.Name() != "core.erf" || !erf.Result(0).HasOneUse() || !isSplat(add.Operand(1-k), 1) {
			continue
		}
		s := erf.Operand(0).DefiningOp()
		if s == nil || !s.Result(0).HasOneUse() {
			continue
		}
		switch {
		case s.Name() == "core.div" && isSplat(s.Operand(1), math.Sqrt2):
			return s.Operand(0), true
		case s.Name() == "core.mul" && isSplat(s.Operand(1), 1/math.Sqrt2):
			return s.Operand(0), true
		case s.Name() == "core.mul" && isSplat(s.Operand(0), 1/math.Sqrt2):
			return s.Operand(1), true
		}
	}
	return nil, false
}

// isSplat reports a float core.constant whose every element is want
// within its element type's rounding.
func isSplat(v *ir.Value, want float64) bool {
	d := v.DefiningOp()
	if d == nil || d.Name() != "core.constant" {
		return false
	}
	a, ok := d.InherentAttr("value").(*ir.DenseElementsAttr)
	if !ok || a.NumElements() == 0 {
		return false
	}
	ft, ok := ir.ElementTypeOf(a.Type).(*ir.FloatType)
	if !ok {
		return false
	}
	tol := 1e-6 // f32's rounding, and tighter for f64
	if ft.Kind == ir.F16 || ft.Kind == ir.BF16 {
		tol = 4e-3
	}
	for i := 0; i < a.NumElements(); i++ {
		if math.Abs(a.FloatAt(i)-want) > tol*math.Abs(want) {
			return false
		}
	}
	return true
}

// fuseLayerNorm: add(mul(div(d, sqrt(add(mean(pow(d, 2)), eps))), w), b), d = sub(x, mean(x)) -> core.layer_norm(x, w, b)
//
// Also mul(d, rsqrt(…)) for the division and mul(d, d) for the square;
// w and b (constants of the normalized shape, leading 1s allowed) are
// each optional. The means run over the trailing axes with keepdims,
// and every intermediate value is read only inside the pattern.
type fuseLayerNorm struct{ root string }

func (f fuseLayerNorm) Root() string { return f.root }
func (fuseLayerNorm) Benefit() int   { return 1 }
func (fuseLayerNorm) Name() string   { return "fuse-layer-norm" }

func (fuseLayerNorm) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	m, ok := matchLayerNorm(op)
	if !ok {
		return rw.NotifyMatchFailure(op, "not a layer normalization")
	}
	ctx := rw.Context()
	rw.SetInsertionPoint(m.last)
	x := m.x
	rt := x.Type().(*ir.RankedTensorType)
	norm := rt.Shape[len(rt.Shape)-len(m.axes):]
	param := func(v *ir.Value, fill float64) *ir.Value {
		pt := ctx.TensorType(norm, rt.Elem, nil)
		if v == nil {
			raw, _ := encodeScalar(rt.Elem, fill)
			return rw.Create(ir.OperationState{Name: "core.constant", ResultTypes: []ir.Type{pt}, Loc: op.Loc,
				Props: ctx.DictionaryAttr([]ir.NamedAttr{kv("value", ctx.DenseElementsAttr(pt, raw))})}).Result(0)
		}
		if v.Type() == ir.Type(pt) {
			return v
		}
		return rw.Create(ir.OperationState{Name: "core.reshape", Operands: []*ir.Value{v}, ResultTypes: []ir.Type{pt}, Loc: op.Loc}).Result(0)
	}
	operands := []*ir.Value{x, param(m.scale, 1)}
	if m.bias != nil {
		operands = append(operands, param(m.bias, 0))
	}
	ln := rw.Create(ir.OperationState{Name: "core.layer_norm", Operands: operands, ResultTypes: []ir.Type{m.last.Result(0).Type()},
		Loc: op.Loc, Props: ctx.DictionaryAttr([]ir.NamedAttr{
			kv("axes", ctx.DenseIntArrayAttr(ctx.I(64), m.axes)),
			kv("epsilon", ctx.FloatAttr(ctx.F32(), m.eps)),
		})})
	rw.ReplaceOp(m.last, ln.Results())
	return true
}

type layerNormMatch struct {
	x, scale, bias *ir.Value
	axes           []int64
	eps            float64
	last           *ir.Operation
}

// matchLayerNorm matches from the normalizing op n (the div or mul by
// the reciprocal standard deviation) up to the input and down through
// the optional scale and bias.
func matchLayerNorm(n *ir.Operation) (layerNormMatch, bool) {
	var m layerNormMatch
	rt, ok := n.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !ir.IsFloat(rt.Elem) {
		return m, false
	}
	var d, inv *ir.Value
	switch n.Name() {
	case "core.div":
		d, inv = n.Operand(0), n.Operand(1)
		if s := inv.DefiningOp(); s == nil || s.Name() != "core.sqrt" {
			return m, false
		}
	case "core.mul":
		for k := 0; k < 2; k++ {
			if s := n.Operand(k).DefiningOp(); s != nil && s.Name() == "core.rsqrt" {
				d, inv = n.Operand(1-k), n.Operand(k)
			}
		}
		if d == nil {
			return m, false
		}
	default:
		return m, false
	}
	if !inv.HasOneUse() {
		return m, false
	}
	ve := inv.DefiningOp().Operand(0).DefiningOp() // add(var, eps)
	if ve == nil || ve.Name() != "core.add" || !ve.Result(0).HasOneUse() {
		return m, false
	}
	var v *ir.Value
	for k := 0; k < 2; k++ {
		if e, ok := splatValue(ve.Operand(1 - k)); ok && e >= 0 {
			v, m.eps = ve.Operand(k), e
		}
	}
	if v == nil || !v.HasOneUse() {
		return m, false
	}
	vm := v.DefiningOp()
	if vm == nil || vm.Name() != "core.reduce_mean" || !ods.BoolOf(vm, "keepdims") {
		return m, false
	}
	m.axes = ods.IntsOf(vm, "axes")
	sq := vm.Operand(0).DefiningOp()
	if sq == nil || !sq.Result(0).HasOneUse() {
		return m, false
	}
	switch {
	case sq.Name() == "core.pow" && sq.Operand(0) == d && isSplat(sq.Operand(1), 2):
	case sq.Name() == "core.mul" && sq.Operand(0) == d && sq.Operand(1) == d:
	default:
		return m, false
	}
	sub := d.DefiningOp()
	if sub == nil || sub.Name() != "core.sub" {
		return m, false
	}
	for _, u := range d.Uses() {
		if u.Owner() != sq && u.Owner() != n {
			return m, false
		}
	}
	m.x = sub.Operand(0)
	mean := sub.Operand(1).DefiningOp()
	if mean == nil || mean.Name() != "core.reduce_mean" || mean.Operand(0) != m.x || !mean.Result(0).HasOneUse() ||
		!ods.BoolOf(mean, "keepdims") || !slices.Equal(ods.IntsOf(mean, "axes"), m.axes) {
		return m, false
	}
	xt, ok := m.x.Type().(*ir.RankedTensorType)
	if !ok || xt != rt || checkTrailing(m.axes, len(xt.Shape)) != nil {
		return m, false
	}
	norm := xt.Shape[len(xt.Shape)-len(m.axes):]
	m.last = n
	// scale, then bias, each a constant of the normalized shape.
	if c, y := affineStep(m.last, "core.mul", norm, rt); c != nil {
		m.scale, m.last = c, y
	}
	if c, y := affineStep(m.last, "core.add", norm, rt); c != nil {
		m.bias, m.last = c, y
	}
	return m, true
}

// affineStep: prev's only user is name(prev, c) with c a constant of the
// normalized shape (leading 1s allowed) and the result of prev's type.
func affineStep(prev *ir.Operation, name string, norm []int64, rt *ir.RankedTensorType) (*ir.Value, *ir.Operation) {
	r := prev.Result(0)
	if !r.HasOneUse() {
		return nil, nil
	}
	u := r.Uses()[0].Owner()
	if u.Name() != name || u.Result(0).Type() != ir.Type(rt) {
		return nil, nil
	}
	for k := 0; k < 2; k++ {
		if u.Operand(1-k) != r {
			continue
		}
		c := u.Operand(k)
		d := c.DefiningOp()
		ct, ok := c.Type().(*ir.RankedTensorType)
		if d == nil || d.Name() != "core.constant" || !ok || ct.Elem != rt.Elem {
			continue
		}
		s := ct.Shape
		for len(s) > len(norm) && s[0] == 1 {
			s = s[1:]
		}
		if slices.Equal(s, norm) {
			return c, u
		}
	}
	return nil, nil
}

func checkTrailing(axes []int64, rank int) error {
	if len(axes) == 0 || len(axes) > rank {
		return errNotTrailing
	}
	for i, a := range axes {
		if a != int64(rank-len(axes)+i) {
			return errNotTrailing
		}
	}
	return nil
}

var errNotTrailing = errorString("axes are not the trailing dimensions")

type errorString string

func (e errorString) Error() string { return string(e) }

// splatValue is the value of a float core.constant whose elements are
// all equal.
func splatValue(v *ir.Value) (float64, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name() != "core.constant" {
		return 0, false
	}
	a, ok := d.InherentAttr("value").(*ir.DenseElementsAttr)
	if !ok || a.NumElements() == 0 || !ir.IsFloat(ir.ElementTypeOf(a.Type)) {
		return 0, false
	}
	x := a.FloatAt(0)
	for i := 1; i < a.NumElements(); i++ {
		if a.FloatAt(i) != x {
			return 0, false
		}
	}
	return x, true
}
