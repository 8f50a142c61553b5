package quantize

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// SmoothQuant (Xiao et al. 2023, arXiv:2211.10438, "SmoothQuant: Accurate and Efficient
// Post-Training Quantization for Large Language Models", section 4).
//
// For Y = X·W with X's input channel j (the contraction dimension K) of
// range a_j = max|X_j| over calibration data and W's row j of range
// w_j = max|W_j|, dividing X_j by s_j and multiplying W_j by s_j leaves Y
// unchanged. With migration strength alpha the paper's choice
//
//	s_j = a_j^alpha / w_j^(1-alpha)
//
// gives the activation channel the range a_j/s_j = (a_j·w_j)^(1-alpha)
// and the weight row w_j·s_j = (a_j·w_j)^alpha: outlier activation
// channels (as LLM and ViT activations have) move part of their range
// into the weights, which are quantized per output channel and have the
// headroom, while a per-tensor activation scale no longer spends its
// range on a few channels. Matmuls reading one activation (Q, K, V
// projections) share one s, from the max of their weights' rows.
//
// The division has to happen somewhere real. Where the activation is
// the end of a per-channel affine chain — a core.layer_norm over the
// channels (its scale and bias), or core.mul or core.div by a constant
// (a decomposed layer norm's gamma), optionally followed by core.add/sub
// of a constant (its beta), through transposes and reshapes that keep
// the last dimension — 1/s is folded into those constants (new
// constants: a shared gamma keeps its other users' values). That needs
// every value of the chain to feed only this group. Otherwise a core.mul
// by the constant 1/s is inserted before the group: exact, but one more
// elementwise op at run time. The activation statistics come from
// calibrate-channels (mlc.act_absmax); the pass rewrites them to the
// smoothed activation's ranges a_j/s_j, and calibrate must run after it.

// ActAbsMaxAttr is the attribute calibrate-channels writes on a matmul:
// max |x| of each input channel of its activation over the calibration
// samples.
const ActAbsMaxAttr = "mlc.act_absmax"

// SmoothPass is smooth-quant.
var SmoothPass = pass.Register(&pass.Pass{
	Name:    "smooth-quant",
	Summary: "SmoothQuant",
	Doc: "Migrates quantization difficulty from activations to weights (SmoothQuant, Xiao et al. 2023) for every " +
		"core.matmul whose right operand is a constant K×N weight (or a [1, 0] transpose of an N×K one, as linear " +
		"layers import) and which carries `mlc.act_absmax` (written by calibrate-channels): with a_j the max |x| of " +
		"input channel j and w_j the max |w| of weight row j, s_j = a_j^alpha / w_j^(1-alpha); the activation's " +
		"channel j is divided by s_j and the weight's row j multiplied by it, so the activation's range becomes " +
		"(a_j·w_j)^(1-alpha) and the function computes the same values up to float rounding. Matmuls reading the " +
		"same activation share one s (w_j the max over their weights). The division is folded into the constants of " +
		"a per-channel affine producer (a core.layer_norm's constant scale and bias of one value per channel, or core.mul/div " +
		"by a constant, e.g. a decomposed layer norm's gamma, optionally followed by core.add/sub of a constant, its beta; " +
		"transposes and reshapes keeping the last dimension pass through) when " +
		"every value of that chain feeds only the group; otherwise a core.mul by the constant 1/s is inserted (one " +
		"more op). Channels with a zero, NaN or infinite range keep s = 1. The matmuls' mlc.act_absmax is rewritten " +
		"to the smoothed ranges; run calibrate (ranges) after this pass. Pipeline: calibrate-channels → smooth-quant " +
		"→ calibrate → quantize.",
	OpName: "func.func",
	Options: []pass.Option{
		pass.FloatOpt("alpha", 0.5, "migration strength in [0, 1]: the share of the activation range moved to the weights"),
		pass.BoolOpt("explain", false, "print one line per matmul group: the scales and where 1/s went, or why it was skipped"),
	},
	// Only constants change, plus elementwise muls by constants; no
	// type, layout or encoding.
	Changes: pass.NoEffects,
	After:   []string{"torch-decompose", "cross-layer-equalize"},
	// Quantization reads the smoothed weights. (calibrate-channels, a
	// driver pass, declares Before smooth-quant, and calibrate After it.)
	Before: []string{"quantize"},
	Run: func(fn *ir.Operation, opts pass.Options, pc *pass.Context) error {
		alpha := opts.Float("alpha")
		if !(alpha >= 0 && alpha <= 1) {
			return ir.Errorf(fn.Loc, "smooth-quant: alpha must lie in [0, 1], got %g", alpha)
		}
		rep := Smooth(fn, SmoothConfig{Alpha: alpha})
		folded, muls, members := 0, 0, 0
		for _, g := range rep.Groups {
			members += len(g.Matmuls)
			if g.Explicit {
				muls++
			} else {
				folded++
			}
		}
		pc.Add("num-groups", "Activations smoothed (groups of matmuls sharing one)", int64(len(rep.Groups)))
		pc.Add("num-matmuls", "Matmuls whose weights were scaled", int64(members))
		pc.Add("num-folded", "Groups whose 1/s was folded into a producer's constants", int64(folded))
		pc.Add("num-explicit-muls", "Groups given an explicit core.mul by 1/s", int64(muls))
		pc.Add("num-skipped", "Matmuls not smoothed", int64(len(rep.Skipped)))
		pc.Add("num-unit-channels", "Channels left at scale 1 (zero, NaN or infinite range)", int64(rep.UnitChannels))
		if opts.Bool("explain") {
			rep.Write(pc.Out())
		}
		return nil
	},
})

// SmoothConfig is smooth-quant's options.
type SmoothConfig struct {
	Alpha float64
}

// SmoothGroup is the matmuls reading one activation, smoothed together.
type SmoothGroup struct {
	Matmuls []*ir.Operation
	Scales  []float64
	// SpreadBefore and SpreadAfter: max_j / min_j of the activation's
	// nonzero channel ranges before and after.
	SpreadBefore, SpreadAfter float64
	// Explicit: a core.mul by 1/s was inserted; else FoldedInto names the
	// ops whose constants took it.
	Explicit   bool
	FoldedInto []*ir.Operation
	// Why the fold was not possible, when Explicit.
	NoFold string
}

// SmoothReport says what Smooth did.
type SmoothReport struct {
	Groups       []SmoothGroup
	Skipped      []Skip
	UnitChannels int
}

// Write prints one remark per group and per skipped matmul.
func (r *SmoothReport) Write(w io.Writer) {
	for _, g := range r.Groups {
		lo, hi := slices.Min(g.Scales), slices.Max(g.Scales)
		var into string
		if g.Explicit {
			into = "inserted 'core.mul' by 1/s (" + g.NoFold + ")"
		} else {
			var names []string
			for _, o := range g.FoldedInto {
				names = append(names, "'"+o.Name()+"' at "+where(o.Loc))
			}
			into = "folded 1/s into " + strings.Join(names, ", ")
		}
		fmt.Fprintf(w, "%s: remark: smoothed %d matmul(s): s in [%.4g, %.4g], activation channel range spread %.4g -> %.4g; %s\n",
			where(g.Matmuls[0].Loc), len(g.Matmuls), lo, hi, g.SpreadBefore, g.SpreadAfter, into)
	}
	for _, s := range r.Skipped {
		fmt.Fprintf(w, "%s: remark: '%s' not smoothed: %s\n", where(s.Op.Loc), s.Op.Name(), s.Reason)
	}
}

// SmoothWeight says whether calibrate-channels and smooth-quant handle
// the matmul op: its contraction size K and "", or 0 and why not. The
// right operand must be a float K×N core.constant or a [1, 0]
// core.transpose of an N×K one, the left operand a ranked float tensor
// whose last dimension is K.
func SmoothWeight(op *ir.Operation) (int64, string) {
	if op.Name() != "core.matmul" || op.NumOperands() != 2 {
		return 0, fmt.Sprintf("'%s' is not a core.matmul", op.Name())
	}
	rhs := op.Operand(1)
	transposed := false
	if tr := rhs.DefiningOp(); tr != nil && tr.Name() == "core.transpose" {
		if def := tr.Operand(0).DefiningOp(); def == nil || def.Name() != "core.constant" {
			return 0, "the right operand is not a constant weight"
		}
		perm, ok := tr.InherentAttr("perm").(*ir.DenseArrayAttr)
		if !ok || !slices.Equal(perm.Ints, []int64{1, 0}) {
			return 0, "the weight is a transpose other than [1, 0]"
		}
		transposed = true
		rhs = tr.Operand(0)
	}
	if def := rhs.DefiningOp(); def == nil || def.Name() != "core.constant" {
		return 0, "the right operand is not a constant weight"
	}
	wt, ok := rhs.Type().(*ir.RankedTensorType)
	if !ok || wt.Rank() != 2 || !wt.HasStaticShape() || !ir.IsFloat(wt.Elem) || wt.NumElements() == 0 {
		return 0, "the weight is not a non-empty static float matrix"
	}
	k := wt.Shape[0]
	if transposed {
		k = wt.Shape[1]
	}
	lt, ok := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ok || lt.Rank() < 1 || !ir.IsFloat(lt.Elem) || lt.Shape[lt.Rank()-1] != k {
		return 0, "the activation is not a float tensor contracting over its last dimension"
	}
	if !isFloatTensor(op.Result(0).Type()) {
		return 0, "the matmul is not on float tensors"
	}
	return k, ""
}

// smoothMember is one matmul of a group with its weight decoded.
type smoothMember struct {
	op         *ir.Operation
	w          *weights
	transposed bool
	act        []float64
}

// rowRange is max |w| of row j (input channel j) of the weight.
func (m *smoothMember) rowRange(j int64) float64 {
	s := m.w.t.Shape
	r := 0.0
	if m.transposed { // N×K
		for n := int64(0); n < s[0]; n++ {
			r = max(r, math.Abs(m.w.vals[n*s[1]+j]))
		}
		return r
	}
	for n := int64(0); n < s[1]; n++ {
		r = max(r, math.Abs(m.w.vals[j*s[1]+n]))
	}
	return r
}

func (m *smoothMember) scaleRow(j int64, s float64) {
	sh := m.w.t.Shape
	if m.transposed {
		for n := int64(0); n < sh[0]; n++ {
			m.w.vals[n*sh[1]+j] *= s
		}
		return
	}
	for n := int64(0); n < sh[1]; n++ {
		m.w.vals[j*sh[1]+n] *= s
	}
}

// Smooth runs SmoothQuant on the function fn.
func Smooth(fn *ir.Operation, cfg SmoothConfig) *SmoothReport {
	rep := &SmoothReport{}
	groups := map[*ir.Value][]*smoothMember{}
	var order []*ir.Value
	ir.WalkPreOrder(fn, func(op *ir.Operation) ir.WalkResult {
		if op.Name() != "core.matmul" {
			return ir.Advance
		}
		m, why := smoothMemberOf(op)
		if m == nil {
			rep.Skipped = append(rep.Skipped, Skip{Op: op, Reason: why})
			return ir.Advance
		}
		v := op.Operand(0)
		if groups[v] == nil {
			order = append(order, v)
		}
		groups[v] = append(groups[v], m)
		return ir.Advance
	})
	for _, v := range order {
		ms := groups[v]
		k := int64(len(ms[0].act))
		a := make([]float64, k)
		w := make([]float64, k)
		for _, m := range ms {
			for j := range a {
				a[j] = max(a[j], m.act[j])
				w[j] = max(w[j], m.rowRange(int64(j)))
			}
		}
		s := make([]float64, k)
		unit := 0
		for j := range s {
			s[j] = 1
			if !(a[j] > 0) || !(w[j] > 0) || math.IsInf(a[j], 0) || math.IsInf(w[j], 0) {
				unit++
				continue
			}
			sj := math.Pow(a[j], cfg.Alpha) / math.Pow(w[j], 1-cfg.Alpha)
			if !(sj > 0) || math.IsInf(sj, 0) {
				unit++
				continue
			}
			s[j] = sj
		}
		if !slices.ContainsFunc(s, func(x float64) bool { return x != 1 }) {
			for _, m := range ms {
				rep.Skipped = append(rep.Skipped, Skip{Op: m.op, Reason: "every channel scale is 1"})
			}
			continue
		}
		rep.UnitChannels += unit
		g := SmoothGroup{Scales: s, SpreadBefore: spread(a)}
		after := make([]float64, k)
		for j := range after {
			after[j] = a[j] / s[j]
		}
		g.SpreadAfter = spread(after)
		// The activation first, while the group's uses are as they were.
		folds, why := planFold(v, ms, k)
		if folds != nil {
			for _, f := range folds {
				f.apply(s)
				g.FoldedInto = append(g.FoldedInto, f.op)
			}
		} else {
			g.Explicit, g.NoFold = true, why
			insertDivision(v, ms, s)
		}
		ctx := fn.Ctx()
		f64 := ctx.FloatType(ir.F64)
		for _, m := range ms {
			for j := range s {
				if s[j] != 1 {
					m.scaleRow(int64(j), s[j])
				}
			}
			m.storePrivate()
			sm := make([]float64, k)
			for j := range sm {
				sm[j] = m.act[j] / s[j]
			}
			m.op.SetAttr(ActAbsMaxAttr, ctx.DenseFloatArrayAttr(f64, sm))
			g.Matmuls = append(g.Matmuls, m.op)
		}
		rep.Groups = append(rep.Groups, g)
	}
	return rep
}

// smoothMemberOf decodes a matmul smooth-quant can scale, or says why not.
func smoothMemberOf(op *ir.Operation) (*smoothMember, string) {
	k, why := SmoothWeight(op)
	if why != "" {
		return nil, why
	}
	attr := op.Attr(ActAbsMaxAttr)
	if attr == nil {
		return nil, "no " + ActAbsMaxAttr + " (run calibrate-channels first)"
	}
	arr, ok := attr.(*ir.DenseArrayAttr)
	if !ok || int64(len(arr.Floats)) != k {
		return nil, fmt.Sprintf("%s is not an array<f64> of %d entries, one per input channel", ActAbsMaxAttr, k)
	}
	m := &smoothMember{op: op, act: slices.Clone(arr.Floats)}
	rhs := op.Operand(1)
	if tr := rhs.DefiningOp(); tr.Name() == "core.transpose" {
		m.transposed = true
		rhs = tr.Operand(0)
	}
	def := rhs.DefiningOp()
	vals, ok := ir.FloatElements(def.InherentAttr("value"))
	t := rhs.Type().(*ir.RankedTensorType)
	if !ok || int64(len(vals)) != t.NumElements() {
		return nil, "the weight has no dense data of its type"
	}
	m.w = &weights{def: def, t: t, vals: vals}
	return m, ""
}

// storePrivate gives the matmul a new weight constant holding the scaled
// values, leaving the old one to its other users (ONNX exports share
// identical weights between layers) or erasing it when none are left.
func (m *smoothMember) storePrivate() {
	old := m.w.def
	c := newConstant(old, m.w.t, m.w.vals, "_smoothed")
	if m.transposed {
		tr := m.op.Operand(1).DefiningOp()
		if m.op.Operand(1).HasOneUse() {
			tr.SetOperand(0, c.Result(0))
		} else {
			b := ir.NewBuilder(tr.Ctx())
			b.SetInsertionPoint(m.op)
			nt := b.Create(ir.OperationState{Name: tr.Name(), Operands: []*ir.Value{c.Result(0)},
				ResultTypes: []ir.Type{tr.Result(0).Type()}, Loc: tr.Loc, Props: tr.Props})
			m.op.SetOperand(1, nt.Result(0))
		}
	} else {
		m.op.SetOperand(1, c.Result(0))
	}
	if !old.Result(0).HasUses() {
		old.Erase()
	}
	m.w.def = c
}

// newConstant creates, right before like (a core.constant), a constant of
// type t holding vals: a dense_resource blob (key + suffix) when like's
// data is one, else inline data.
func newConstant(like *ir.Operation, t *ir.RankedTensorType, vals []float64, suffix string) *ir.Operation {
	ctx := like.Ctx()
	k := t.Elem.(*ir.FloatType).Kind
	raw := make([]byte, 0, len(vals)*ir.ElementByteWidth(t.Elem))
	for _, v := range vals {
		raw = ir.EncodeFloat(raw, k, v)
	}
	var value ir.Attribute
	if r, ok := like.InherentAttr("value").(*ir.DenseResourceAttr); ok && r.Handle != nil {
		blob := ctx.NewResource(r.Handle.Dialect, r.Handle.Key+suffix, uint32(ir.ElementByteWidth(t.Elem)), raw)
		value = ctx.DenseResourceAttr(t, blob)
	} else {
		value = ctx.DenseElementsAttr(t, raw)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(like)
	return b.Create(ir.OperationState{
		Name: "core.constant", ResultTypes: []ir.Type{t}, Loc: like.Loc,
		Props: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: value}}),
	})
}

// affineFold is one constant operand of a per-channel affine op that
// takes 1/s: a mul's factor and an add's or sub's term are divided by s
// (per channel), a div's divisor multiplied by it.
type affineFold struct {
	op      *ir.Operation
	operand int
	def     *ir.Operation // its core.constant
	t       *ir.RankedTensorType
	vals    []float64
	k       int64
}

// apply replaces the operand with a new [.., K] constant: the old data
// broadcast over the channels and scaled.
func (f *affineFold) apply(s []float64) {
	shape := []int64{f.k}
	if f.t.Rank() > 1 {
		shape = slices.Clone(f.t.Shape)
		shape[len(shape)-1] = f.k
	}
	nt := f.op.Ctx().TensorType(shape, f.t.Elem, nil)
	vals := make([]float64, f.k)
	for j := range vals {
		v := f.vals[0]
		if len(f.vals) > 1 {
			v = f.vals[j]
		}
		if f.op.Name() == "core.div" {
			vals[j] = v * s[j]
		} else {
			vals[j] = v / s[j]
		}
	}
	c := newConstant(f.def, nt, vals, "_smoothed")
	f.op.SetOperand(f.operand, c.Result(0))
	if !f.def.Result(0).HasUses() {
		f.def.Erase()
	}
}

// planFold finds the per-channel affine chain that produces v and can
// take 1/s, or nil and why not. Nothing changes here.
func planFold(v *ir.Value, ms []*smoothMember, k int64) ([]*affineFold, string) {
	if v.NumUses() != len(ms) {
		return nil, fmt.Sprintf("the activation has %d uses besides the group's matmuls", v.NumUses()-len(ms))
	}
	var folds []*affineFold
	cur := v
	for {
		def := cur.DefiningOp()
		if def == nil {
			return nil, "the activation is a block argument"
		}
		if t, ok := cur.Type().(*ir.RankedTensorType); !ok || t.Rank() == 0 || t.Shape[t.Rank()-1] != k {
			return nil, fmt.Sprintf("the result of '%s' does not hold the channels in its last dimension", def.Name())
		}
		next := func(in *ir.Value) string {
			if !in.HasOneUse() {
				return fmt.Sprintf("the operand of '%s' has other uses", def.Name())
			}
			cur = in
			return ""
		}
		switch def.Name() {
		case "core.transpose":
			perm, ok := def.InherentAttr("perm").(*ir.DenseArrayAttr)
			if !ok || len(perm.Ints) == 0 || perm.Ints[len(perm.Ints)-1] != int64(len(perm.Ints)-1) {
				return nil, "a 'core.transpose' moves the channel dimension"
			}
			if why := next(def.Operand(0)); why != "" {
				return nil, why
			}
		case "core.reshape":
			// Row-major: the same last dimension keeps every element's
			// channel.
			if in, ok := def.Operand(0).Type().(*ir.RankedTensorType); !ok || in.Rank() == 0 || in.Shape[in.Rank()-1] != k {
				return nil, "a 'core.reshape' changes the channel dimension"
			}
			if why := next(def.Operand(0)); why != "" {
				return nil, why
			}
		case "core.add", "core.sub", "core.mul", "core.div":
			f, x, why := affineOperand(def, k)
			if f == nil {
				return nil, why
			}
			folds = append(folds, f)
			if def.Name() == "core.mul" || def.Name() == "core.div" {
				return folds, ""
			}
			if why := next(x); why != "" {
				return nil, why
			}
		case "core.layer_norm":
			// y = n·scale + bias: both divided by s per channel.
			for i := 1; i < def.NumOperands(); i++ {
				f, why := constantOperand(def, i, k)
				if f == nil {
					return nil, why
				}
				folds = append(folds, f)
			}
			return folds, ""
		default:
			return nil, fmt.Sprintf("the activation comes from '%s', not a per-channel affine op", def.Name())
		}
	}
}

// constantOperand is operand i of op as a fold: a float constant of one
// value per channel of the last dimension (leading dimensions 1).
func constantOperand(op *ir.Operation, i int, k int64) (*affineFold, string) {
	def := op.Operand(i).DefiningOp()
	t, ok := op.Operand(i).Type().(*ir.RankedTensorType)
	if def == nil || def.Name() != "core.constant" || !ok || !ir.IsFloat(t.Elem) || !lastOnly(t, k) {
		return nil, fmt.Sprintf("operand #%d of '%s' is not a float constant of one value per channel", i, op.Name())
	}
	vals, ok := ir.FloatElements(def.InherentAttr("value"))
	if !ok || int64(len(vals)) != k {
		return nil, fmt.Sprintf("operand #%d of '%s' is not a float constant of one value per channel", i, op.Name())
	}
	return &affineFold{op: op, operand: i, def: def, t: t, vals: vals, k: k}, ""
}

// affineOperand matches op(x, c) (or op(c, x) for add and sub) with c a
// float constant holding one value or one per channel and the result of
// x's type: the fold and x.
func affineOperand(op *ir.Operation, k int64) (*affineFold, *ir.Value, string) {
	sides := []int{1, 0}
	if op.Name() == "core.div" {
		sides = sides[:1] // c / x is not affine in x
	}
	for _, ci := range sides {
		c, x := op.Operand(ci), op.Operand(1-ci)
		def := c.DefiningOp()
		if def == nil || def.Name() != "core.constant" {
			continue
		}
		t, ok := c.Type().(*ir.RankedTensorType)
		if !ok || !t.HasStaticShape() || !ir.IsFloat(t.Elem) {
			continue
		}
		n := t.NumElements()
		if n != 1 && !lastOnly(t, k) {
			continue
		}
		for _, d := range t.Shape[:max(t.Rank()-1, 0)] {
			if d != 1 {
				n = -1
			}
		}
		if n < 0 || op.Result(0).Type() != x.Type() {
			continue
		}
		vals, ok := ir.FloatElements(def.InherentAttr("value"))
		if !ok || int64(len(vals)) != n || n == 0 {
			continue
		}
		// For c - x too: (c - x)/s = c/s - x/s.
		return &affineFold{op: op, operand: ci, def: def, t: t, vals: vals, k: k}, x, ""
	}
	return nil, nil, fmt.Sprintf("'%s' does not take a constant of one value per channel", op.Name())
}

// insertDivision puts core.mul(v, 1/s) before the group and makes its
// matmuls read it.
func insertDivision(v *ir.Value, ms []*smoothMember, s []float64) {
	ctx := ms[0].op.Ctx()
	vt := v.Type().(*ir.RankedTensorType)
	ct := ctx.TensorType([]int64{int64(len(s))}, vt.Elem, nil)
	inv := make([]float64, len(s))
	raw := make([]byte, 0, len(s)*ir.ElementByteWidth(vt.Elem))
	kind := vt.Elem.(*ir.FloatType).Kind
	for j := range s {
		inv[j] = 1 / s[j]
		raw = ir.EncodeFloat(raw, kind, inv[j])
	}
	// Before the first member in its block: v dominates it, and so does
	// the new op every member in that block.
	first := ms[0].op
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(first)
	c := b.Create(ir.OperationState{
		Name: "core.constant", ResultTypes: []ir.Type{ct}, Loc: first.Loc,
		Props: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: ctx.DenseElementsAttr(ct, raw)}}),
	})
	mul := b.Create(ir.OperationState{
		Name: "core.mul", Operands: []*ir.Value{v, c.Result(0)}, ResultTypes: []ir.Type{vt}, Loc: first.Loc,
	})
	for _, m := range ms {
		if m.op.Block() == first.Block() {
			m.op.SetOperand(0, mul.Result(0))
		}
	}
	// Members in other blocks get their own.
	for _, m := range ms {
		if m.op.Block() != first.Block() {
			insertDivision(v, []*smoothMember{m}, s)
		}
	}
}
