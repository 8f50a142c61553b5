package quantize

import (
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Cross-layer equalization (Nagel et al. 2019, "Data-Free Quantization
// through Weight Equalization and Bias Correction", section 4.1).
//
// For y = f(W2 · g(W1 x + b1)) with W1, W2 convolutions or matmuls and g
// positively homogeneous per channel (g(x/s) = g(x)/s for s > 0: relu,
// clamp(min 0), max/avg pooling, a mean over spatial axes), scaling output
// channel i of layer 1 (its weights and bias) by 1/s_i and input channel i
// of layer 2 by s_i leaves y unchanged. With r1_i the range of layer 1's output channel i and r2_i
// the range of layer 2's input channel i (range: max |w|, the symmetric
// range an int8 weight quantizer sees), the paper's choice
//
//	s_i = sqrt(r1_i · r2_i) / r2_i = sqrt(r1_i / r2_i)
//
// makes both ranges sqrt(r1_i · r2_i); the paper derives it as the
// optimum of the two layers' per-channel precision (a channel's range
// over its tensor's full range, what per-tensor quantization leaves it).
// A layer in two pairs (the depthwise conv of conv → dw conv → conv, as in
// MobileNet) gets one scale from each pair; sweeping the pairs in order
// until the scales stay near 1 converges to ranges equal along the whole
// chain (per channel the geometric mean of the chain's ranges), the fixed
// point AIMET computes for such sets.
//
// Bounded activations: clamp(min 0, max M) (ReLU6) is not positively
// homogeneous — after scaling it would clip channel i at M·s_i. By default
// a pair with one between is left alone (the function stays exactly the
// same). With bounded=rescale the clamp becomes clamp(min 0) followed by
// core.min against a per-channel constant M/s_i, which is exact but adds
// an op. (AIMET instead replaces ReLU6 by ReLU, which changes the
// function; this pass does not.)
//
// High-bias absorption (the paper's section 4.1.2) needs activation
// statistics (batch-norm β and γ, or calibration ranges) and is not done
// here.

// EqualizePass is cross-layer-equalize.
var EqualizePass = pass.Register(&pass.Pass{
	Name:    "cross-layer-equalize",
	Summary: "CrossLayerEqualize",
	Doc: "Equalizes the per-channel weight ranges of consecutive layers with the scale-equivariance of the ops " +
		"between them, as in Nagel et al. 2019 and AIMET: core.conv2d → conv2d, conv2d → core.matmul through a " +
		"flattening reshape, and matmul (+ bias add) → matmul, every weight a constant. Output channel i of the " +
		"first layer (weights and bias) is divided by s_i = sqrt(r1_i / r2_i) and input channel i of the second " +
		"multiplied by it, where r1_i and r2_i are the channel's max |w| in each layer, so both become " +
		"sqrt(r1_i·r2_i). Chains through depthwise convs are swept until the scales settle. Between the layers " +
		"only relu, clamp(min 0) and, after a conv, max/avg pooling and spatial means are allowed; clamp with a " +
		"finite max (ReLU6) stops a pair unless bounded=rescale, which rewrites it to clamp(min 0) then core.min " +
		"against per-channel bounds M/s_i. A pair is skipped when a weight or bias is not a constant, is used by " +
		"another op, or an intermediate value has other uses; channels with a zero range keep scale 1. Weights " +
		"are scaled in float64 and rounded once, so the function computes the same values up to that rounding. " +
		"Run it on core IR before calibration.",
	OpName: "func.func",
	Options: []pass.Option{
		pass.IntOpt("iterations", 100, "sweeps over all pairs at most"),
		pass.FloatOpt("tolerance", 1e-7, "stop after a sweep whose scales all lie within a factor e^tolerance of 1"),
		pass.EnumOpt("bounded", "skip", []string{"skip", "rescale"},
			"clamp with a finite max between two layers: skip the pair, or rescale its bound per channel"),
		pass.BoolOpt("explain", false, "print one line per candidate layer: the pair equalized (with the range spread before and after) or why not"),
	},
	// Only weights and bias values change; no type, layout or encoding.
	Changes: pass.NoEffects,
	After:   []string{"torch-decompose"},
	// Calibration and quantization read the equalized weights.
	Before: []string{"quantize"},
	Run: func(fn *ir.Operation, opts pass.Options, pc *pass.Context) error {
		cfg := EqualizeConfig{
			Iterations: opts.Int("iterations"),
			Tolerance:  opts.Float("tolerance"),
			Rescale:    opts.Text("bounded") == "rescale",
		}
		rep := Equalize(fn, cfg)
		pc.Add("num-pairs", "Number of layer pairs equalized", int64(len(rep.Pairs)))
		pc.Add("num-sweeps", "Sweeps over the pairs", int64(rep.Sweeps))
		pc.Add("num-skipped", "Candidate layers not equalized with a successor", int64(len(rep.Skipped)))
		pc.Add("num-zero-range-channels", "Channels left at scale 1 because a range was zero", int64(rep.ZeroChannels))
		pc.Add("num-rescaled-clamps", "Bounded clamps rewritten with per-channel bounds", int64(rep.RescaledClamps))
		if opts.Bool("explain") {
			rep.Write(pc.Out())
		}
		return nil
	},
})

// EqualizeConfig is the pass's options.
type EqualizeConfig struct {
	Iterations int
	Tolerance  float64
	// Rescale: equalize through clamp(min 0, max M) by bounding per channel.
	Rescale bool
}

// PairReport is one equalized pair: the layers' locations and the ratio
// max_i r_i / min_i r_i of the first layer's output-channel ranges and of
// the second's input-channel ranges, before and after.
type PairReport struct {
	First, Second              *ir.Operation
	SpreadOutBefore, SpreadOut float64
	SpreadInBefore, SpreadIn   float64
}

// Skip is a candidate first layer that was not equalized, and why.
type Skip struct {
	Op     *ir.Operation
	Reason string
}

// EqualizeReport says what Equalize did.
type EqualizeReport struct {
	Pairs          []PairReport
	Skipped        []Skip
	Sweeps         int
	ZeroChannels   int
	RescaledClamps int
}

// Write prints one remark per pair and per skipped layer, positioned as
// diagnostics are (file:line:col: remark: ...).
func (r *EqualizeReport) Write(w io.Writer) {
	for _, p := range r.Pairs {
		fmt.Fprintf(w, "%s: remark: equalized '%s' with '%s' at %s: output-channel range spread %.4g -> %.4g, input-channel range spread %.4g -> %.4g\n",
			where(p.First.Loc), p.First.Name(), p.Second.Name(), where(p.Second.Loc), p.SpreadOutBefore, p.SpreadOut, p.SpreadInBefore, p.SpreadIn)
	}
	for _, s := range r.Skipped {
		fmt.Fprintf(w, "%s: remark: '%s' not equalized: %s\n", where(s.Op.Loc), s.Op.Name(), s.Reason)
	}
}

// where is loc as a diagnostic's position: file:line:col, else loc(...).
func where(loc ir.Location) string {
	if flc, ok := ir.FileLineCol(loc); ok {
		return fmt.Sprintf("%s:%d:%d", flc.File, flc.Line, flc.Col)
	}
	if loc == nil {
		return "loc(unknown)"
	}
	return "loc(" + loc.String() + ")"
}

// weights is a constant operand of a layer, decoded to float64 while the
// pass scales it.
type weights struct {
	def    *ir.Operation // the core.constant
	t      *ir.RankedTensorType
	vals   []float64
	scaled bool // vals changed: store them
}

// layer is a conv2d or matmul whose weights a pair scales.
type layer struct {
	op   *ir.Operation
	w, b *weights
	// conv2d: OIHW weight, groups; matmul: a K×N matrix (transposed: the
	// constant is N×K behind a core.transpose).
	matmul, transposed bool
	groups             int64
	inChannels         int64 // conv2d: C of the input
}

// pair is layer first feeding layer second through scale-equivariant ops.
type pair struct {
	first, second *layer
	channels      int64
	// perChannel: rows of second's input per channel of first (a
	// flattening reshape before a matmul).
	perChannel int64
	clamps     []boundedClamp // to rescale
	total      []float64      // product of the scales applied so far
	spreadOut0 float64
	spreadIn0  float64
}

// Equalize runs cross-layer equalization on the function fn.
func Equalize(fn *ir.Operation, cfg EqualizeConfig) *EqualizeReport {
	rep := &EqualizeReport{}
	layers := map[*ir.Operation]*layer{}
	var pairs []*pair
	var cands []*ir.Operation
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "core.conv2d" || o.Name() == "core.matmul" {
			cands = append(cands, o)
		}
		return ir.Advance
	})
	for _, c := range cands {
		p, why := matchPair(c, layers, cfg)
		if p == nil {
			rep.Skipped = append(rep.Skipped, Skip{Op: c, Reason: why})
			continue
		}
		pairs = append(pairs, p)
	}
	for _, p := range pairs {
		p.total = filled(p.channels, 1)
		p.spreadOut0 = spread(p.outRanges())
		p.spreadIn0 = spread(p.inRanges())
	}
	zero := map[[2]int64]bool{}
	for sweep := 0; sweep < max(cfg.Iterations, 1) && len(pairs) > 0; sweep++ {
		rep.Sweeps++
		worst := 0.0
		for pi, p := range pairs {
			r1, r2 := p.outRanges(), p.inRanges()
			s := make([]float64, p.channels)
			for i := range s {
				s[i] = 1
				if r1[i] == 0 || r2[i] == 0 || math.IsInf(r1[i], 0) || math.IsInf(r2[i], 0) || math.IsNaN(r1[i]+r2[i]) {
					zero[[2]int64{int64(pi), int64(i)}] = true
					continue
				}
				s[i] = math.Sqrt(r1[i] / r2[i])
				worst = max(worst, math.Abs(math.Log(s[i])))
			}
			p.apply(s)
		}
		if worst <= cfg.Tolerance {
			break
		}
	}
	rep.ZeroChannels = len(zero)
	// Write the scaled weights back, one rounding each, in program order.
	stored := map[*layer]bool{}
	for _, p := range pairs {
		for _, l := range []*layer{p.first, p.second} {
			if stored[l] {
				continue
			}
			stored[l] = true
			for _, w := range []*weights{l.w, l.b} {
				if w != nil && w.scaled {
					w.store()
				}
			}
		}
	}
	for _, p := range pairs {
		rep.Pairs = append(rep.Pairs, PairReport{
			First: p.first.op, Second: p.second.op,
			SpreadOutBefore: p.spreadOut0, SpreadOut: spread(p.outRanges()),
			SpreadInBefore: p.spreadIn0, SpreadIn: spread(p.inRanges()),
		})
		if slices.ContainsFunc(p.total, func(s float64) bool { return s != 1 }) {
			for _, c := range p.clamps {
				rescaleClamp(c.op, c.axis, p.total)
				rep.RescaledClamps++
			}
		}
	}
	return rep
}

// matchPair finds the layer that op's result feeds alone, through
// scale-equivariant ops: "" and a pair, or nil and why not. After a conv
// the channels are dimension 1 (NCHW); after a matmul the last dimension,
// and a core.add of a per-channel constant right after it is its bias.
func matchPair(op *ir.Operation, layers map[*ir.Operation]*layer, cfg EqualizeConfig) (*pair, string) {
	first, why := layerOf(op, layers)
	if first == nil {
		return nil, why
	}
	channels := first.outChannels()
	v := op.Result(0)
	perChannel := int64(1)
	var clamps []boundedClamp
	var bias *weights
	for {
		if !v.HasOneUse() {
			if v.HasUses() {
				return nil, fmt.Sprintf("%s has %d uses, not one", describeValue(v), v.NumUses())
			}
			return nil, fmt.Sprintf("%s has no use", describeValue(v))
		}
		use := v.Uses()[0]
		next := use.Owner()
		axis := -1
		if next.NumResults() == 1 {
			axis = first.channelAxis(next.Result(0), channels)
		}
		switch next.Name() {
		case "core.relu":
		case "core.max_pool2d", "core.avg_pool2d", "core.reduce_mean", "core.reduce_max":
			if first.matmul {
				return nil, fmt.Sprintf("'%s' on the result of a matmul", next.Name())
			}
			if axes, ok := next.InherentAttr("axes").(*ir.DenseArrayAttr); next.Name() == "core.reduce_mean" || next.Name() == "core.reduce_max" {
				if !ok || slices.ContainsFunc(axes.Ints, func(a int64) bool { return a < 2 }) {
					return nil, fmt.Sprintf("'%s' reduces the batch or channel dimension", next.Name())
				}
			}
			if axis != 1 {
				return nil, fmt.Sprintf("'%s' changes the channel dimension", next.Name())
			}
		case "core.clamp":
			lo, hasLo := ods.FloatOf(next, "min")
			_, hasHi := ods.FloatOf(next, "max")
			if hasLo && lo != 0 {
				return nil, fmt.Sprintf("'core.clamp' with min %g is not scale-equivariant", lo)
			}
			if hasHi {
				if !cfg.Rescale {
					return nil, "'core.clamp' with a finite max (ReLU6-like) between the layers; bounded=rescale equalizes through it"
				}
				if !hasLo {
					return nil, "'core.clamp' with a max and no min is not scale-equivariant"
				}
				if axis < 0 || !isFloatTensor(next.Result(0).Type()) {
					return nil, "'core.clamp' on a tensor whose channels are not where the layer put them"
				}
				clamps = append(clamps, boundedClamp{next, axis})
			}
		case "core.add":
			// matmul + per-channel constant: the matmul's bias.
			if !first.matmul || v != op.Result(0) || first.b != nil {
				return nil, "'core.add' between the layers is not scale-equivariant"
			}
			w, why := constWeights(next.Operand(1-use.OperandNumber()), "bias")
			if w == nil {
				return nil, "the matmul's bias: " + why
			}
			if !lastOnly(w.t, channels) || next.Result(0).Type() != v.Type() {
				return nil, "the 'core.add' after the matmul is not of one value per output channel"
			}
			bias = w
		case "core.reshape":
			// Only flattening [N, C, ...] to [N, C·R] right before a matmul.
			in, ok1 := next.Operand(0).Type().(*ir.RankedTensorType)
			out, ok2 := next.Result(0).Type().(*ir.RankedTensorType)
			r := int64(1)
			if ok1 && in.Rank() >= 2 {
				for _, d := range in.Shape[2:] {
					r *= d
				}
			}
			if first.matmul || !ok1 || !ok2 || in.Rank() < 2 || out.Rank() != 2 || in.Shape[1] != channels ||
				in.Shape[0] != out.Shape[0] || out.Shape[1] != channels*r || perChannel != 1 {
				return nil, "'core.reshape' is not a flattening [N, C, ...] -> [N, C·R] after a conv"
			}
			perChannel = r
		case "core.conv2d":
			if use.OperandNumber() != 0 {
				return nil, "the result is a weight or bias of the next 'core.conv2d'"
			}
			if first.matmul || perChannel != 1 {
				return nil, "the next 'core.conv2d' does not read the channels at dimension 1"
			}
			second, why := layerOf(next, layers)
			if second == nil {
				return nil, "next layer: " + why
			}
			if second.inChannels != channels {
				return nil, fmt.Sprintf("the next 'core.conv2d' reads %d channels, not %d", second.inChannels, channels)
			}
			return &pair{first: first, second: second, channels: channels, perChannel: 1, clamps: clamps}, ""
		case "core.matmul":
			if use.OperandNumber() != 0 {
				return nil, "the result is the right operand of 'core.matmul'"
			}
			lt, ok := v.Type().(*ir.RankedTensorType)
			switch {
			case !ok:
				return nil, "the 'core.matmul' operand is not a ranked tensor"
			case first.matmul && lt.Shape[lt.Rank()-1] != channels:
				return nil, "the next 'core.matmul' does not contract over the channels"
			case !first.matmul && (lt.Rank() != 2 || lt.Shape[1] != channels*perChannel):
				return nil, "the 'core.matmul' operand is not [N, C·R] with the channels in the last dimension"
			}
			second, why := layerOf(next, layers)
			if second == nil {
				return nil, "next layer: " + why
			}
			if bias != nil {
				first.b = bias
			}
			return &pair{first: first, second: second, channels: channels, perChannel: perChannel, clamps: clamps}, ""
		case "func.return":
			return nil, "the result is returned, not fed to a layer"
		default:
			return nil, fmt.Sprintf("'%s' between the layers is not scale-equivariant", next.Name())
		}
		v = next.Result(0)
	}
}

// boundedClamp is a clamp(min 0, max M) on a tensor with the pair's
// channels at dimension axis.
type boundedClamp struct {
	op   *ir.Operation
	axis int
}

// channelAxis is where v holds the channels l produced (1 after a conv,
// the last dimension after a matmul), or -1 when they are not there.
func (l *layer) channelAxis(v *ir.Value, channels int64) int {
	t, ok := v.Type().(*ir.RankedTensorType)
	switch {
	case !ok || t.Rank() < 2:
		return -1
	case l.matmul && t.Shape[t.Rank()-1] == channels:
		return t.Rank() - 1
	case !l.matmul && t.Shape[1] == channels:
		return 1
	}
	return -1
}

// lastOnly: t is [C] or [1, ..., 1, C].
func lastOnly(t *ir.RankedTensorType, channels int64) bool {
	if t.Rank() == 0 || t.Shape[t.Rank()-1] != channels {
		return false
	}
	for _, d := range t.Shape[:t.Rank()-1] {
		if d != 1 {
			return false
		}
	}
	return true
}

func describeValue(v *ir.Value) string {
	if op := v.DefiningOp(); op != nil {
		return fmt.Sprintf("the result of '%s'", op.Name())
	}
	return "the value"
}

func isFloatTensor(t ir.Type) bool {
	rt, ok := t.(*ir.RankedTensorType)
	return ok && ir.IsFloat(rt.Elem)
}

// layerOf is the layer of op (a conv2d or matmul), shared between the
// pairs it is in; nil and why when its weights cannot be scaled.
func layerOf(op *ir.Operation, layers map[*ir.Operation]*layer) (*layer, string) {
	if l, ok := layers[op]; ok {
		return l, ""
	}
	l := &layer{op: op}
	var why string
	switch op.Name() {
	case "core.conv2d":
		if l.w, why = constWeights(op.Operand(1), "weight"); l.w == nil {
			return nil, why
		}
		if l.w.t.Rank() != 4 || l.w.t.Shape[0] == 0 {
			return nil, "the weight is not a non-empty OIHW tensor"
		}
		in, ok := op.Operand(0).Type().(*ir.RankedTensorType)
		if !ok || in.Rank() != 4 || !in.HasStaticShape() || !isFloatTensor(op.Result(0).Type()) {
			return nil, "the convolution is not on a static 4-d float tensor"
		}
		l.inChannels = in.Shape[1]
		l.groups = 1
		if g, ok := ods.AttrOrDefault(op, "groups").(*ir.IntegerAttr); ok {
			l.groups = g.Value
		}
		if l.groups <= 0 || l.inChannels%l.groups != 0 || l.w.t.Shape[0]%l.groups != 0 || l.w.t.Shape[1] != l.inChannels/l.groups {
			return nil, "the weight's shape does not fit the input and groups"
		}
		if op.NumOperands() > 2 {
			if l.b, why = constWeights(op.Operand(2), "bias"); l.b == nil {
				return nil, why
			}
			if l.b.t.Rank() != 1 || l.b.t.Shape[0] != l.w.t.Shape[0] {
				return nil, "the bias is not one value per output channel"
			}
		}
	case "core.matmul":
		l.matmul = true
		rhs := op.Operand(1)
		if tr := rhs.DefiningOp(); tr != nil && tr.Name() == "core.transpose" {
			perm, ok := tr.InherentAttr("perm").(*ir.DenseArrayAttr)
			if !ok || !slices.Equal(perm.Ints, []int64{1, 0}) {
				return nil, "the matmul's weight is a transpose other than [1, 0]"
			}
			if !rhs.HasOneUse() {
				return nil, "the matmul's transposed weight has other uses"
			}
			l.transposed = true
			rhs = tr.Operand(0)
		}
		if l.w, why = constWeights(rhs, "weight"); l.w == nil {
			return nil, why
		}
		if l.w.t.Rank() != 2 || l.w.t.Shape[0] == 0 || l.w.t.Shape[1] == 0 {
			return nil, "the matmul's weight is not a non-empty matrix"
		}
		if !isFloatTensor(op.Result(0).Type()) {
			return nil, "the matmul is not on float tensors"
		}
	default:
		return nil, fmt.Sprintf("'%s' is not a layer", op.Name())
	}
	layers[op] = l
	return l, ""
}

// constWeights decodes v when it is a float core.constant used once.
func constWeights(v *ir.Value, what string) (*weights, string) {
	def := v.DefiningOp()
	if def == nil || def.Name() != "core.constant" {
		return nil, fmt.Sprintf("the %s is not a core.constant", what)
	}
	if !v.HasOneUse() {
		return nil, fmt.Sprintf("the %s constant is shared with %d other uses", what, v.NumUses()-1)
	}
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok || !t.HasStaticShape() || !ir.IsFloat(t.Elem) {
		return nil, fmt.Sprintf("the %s is not a static float tensor", what)
	}
	vals, ok := ir.FloatElements(def.InherentAttr("value"))
	if !ok || int64(len(vals)) != t.NumElements() {
		return nil, fmt.Sprintf("the %s has no dense data of its type", what)
	}
	return &weights{def: def, t: t, vals: vals}, ""
}

// store replaces the constant with one holding the scaled values: a new
// dense_resource blob when the original was one, else inline data.
func (w *weights) store() {
	ctx := w.def.Ctx()
	k := w.t.Elem.(*ir.FloatType).Kind
	raw := make([]byte, 0, len(w.vals)*ir.ElementByteWidth(w.t.Elem))
	for _, v := range w.vals {
		raw = ir.EncodeFloat(raw, k, v)
	}
	var value ir.Attribute
	if r, ok := w.def.InherentAttr("value").(*ir.DenseResourceAttr); ok && r.Handle != nil {
		blob := ctx.NewResource(r.Handle.Dialect, r.Handle.Key+"_equalized", uint32(ir.ElementByteWidth(w.t.Elem)), raw)
		value = ctx.DenseResourceAttr(w.t, blob)
	} else {
		value = ctx.DenseElementsAttr(w.t, raw)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(w.def)
	c := b.Create(ir.OperationState{
		Name: "core.constant", ResultTypes: []ir.Type{w.t}, Loc: w.def.Loc,
		Props: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: value}}),
	})
	w.def.Result(0).ReplaceAllUsesWith(c.Result(0))
	w.def.Erase()
	w.def = c
}

// outChannels is the number of channels the layer produces.
func (l *layer) outChannels() int64 {
	if l.matmul && !l.transposed {
		return l.w.t.Shape[1]
	}
	return l.w.t.Shape[0]
}

// eachOut calls f with the flat indices of the weights of output channel
// o: a conv's OIHW slice o, a matmul's column o of its K×N weight.
func (l *layer) eachOut(o int64, f func(i int64)) {
	if l.matmul && !l.transposed {
		s := l.w.t.Shape
		for k := int64(0); k < s[0]; k++ {
			f(k*s[1] + o)
		}
		return
	}
	per := int64(len(l.w.vals)) / l.w.t.Shape[0]
	for i := o * per; i < (o+1)*per; i++ {
		f(i)
	}
}

// eachIn calls f with the flat indices of the weights that read input
// row c (a channel of a conv2d; a row of a matmul's K×N weight).
func (l *layer) eachIn(c int64, f func(i int64)) {
	s := l.w.t.Shape
	if l.matmul {
		if l.transposed { // N×K constant
			for n := int64(0); n < s[0]; n++ {
				f(n*s[1] + c)
			}
			return
		}
		for n := int64(0); n < s[1]; n++ {
			f(c*s[1] + n)
		}
		return
	}
	// OIHW with groups: channel c is local channel c mod C/G of group
	// c / (C/G), read by that group's O/G output channels.
	cg := l.inChannels / l.groups
	og := s[0] / l.groups
	khw := s[2] * s[3]
	g, cl := c/cg, c%cg
	for o := g * og; o < (g+1)*og; o++ {
		base := (o*cg + cl) * khw
		for i := base; i < base+khw; i++ {
			f(i)
		}
	}
}

// outRanges: max |w| of each output channel of the first layer.
func (p *pair) outRanges() []float64 {
	r := make([]float64, p.channels)
	for c := range r {
		p.first.eachOut(int64(c), func(i int64) { r[c] = max(r[c], math.Abs(p.first.w.vals[i])) })
	}
	return r
}

// inRanges: max |w| of the second layer's weights that read each channel.
func (p *pair) inRanges() []float64 {
	r := make([]float64, p.channels)
	for c := range r {
		for k := int64(c) * p.perChannel; k < int64(c+1)*p.perChannel; k++ {
			p.second.eachIn(k, func(i int64) { r[c] = max(r[c], math.Abs(p.second.w.vals[i])) })
		}
	}
	return r
}

// apply divides the first layer's channel c (weights and bias) by s[c]
// and multiplies the second layer's weights reading it by s[c].
func (p *pair) apply(s []float64) {
	for c, sc := range s {
		if sc == 1 {
			continue
		}
		p.total[c] *= sc
		p.first.w.scaled, p.second.w.scaled = true, true
		p.first.eachOut(int64(c), func(i int64) { p.first.w.vals[i] /= sc })
		if p.first.b != nil {
			p.first.b.vals[c] /= sc
			p.first.b.scaled = true
		}
		for k := int64(c) * p.perChannel; k < int64(c+1)*p.perChannel; k++ {
			p.second.eachIn(k, func(i int64) { p.second.w.vals[i] *= sc })
		}
	}
}

// rescaleClamp rewrites clamp(x, min 0, max M) on a tensor whose channel
// c (along axis) was divided by total[c] into min(clamp(x, min 0),
// M / total[c]).
func rescaleClamp(c *ir.Operation, axis int, total []float64) {
	ctx := c.Ctx()
	t := c.Result(0).Type().(*ir.RankedTensorType)
	ft := t.Elem.(*ir.FloatType)
	hi, _ := ods.FloatOf(c, "max")
	lo := c.InherentAttr("min")
	shape := make([]int64, t.Rank())
	for i := range shape {
		shape[i] = 1
	}
	shape[axis] = int64(len(total))
	bt := ctx.TensorType(shape, ft, nil)
	raw := make([]byte, 0, len(total)*ir.ElementByteWidth(ft))
	for _, s := range total {
		raw = ir.EncodeFloat(raw, ft.Kind, hi/s)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(c)
	bound := b.Create(ir.OperationState{
		Name: "core.constant", ResultTypes: []ir.Type{bt}, Loc: c.Loc,
		Props: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: ctx.DenseElementsAttr(bt, raw)}}),
	})
	lower := b.Create(ir.OperationState{
		Name: "core.clamp", Operands: []*ir.Value{c.Operand(0)}, ResultTypes: []ir.Type{t}, Loc: c.Loc,
		Props: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "min", Value: lo}}),
	})
	upper := b.Create(ir.OperationState{
		Name: "core.min", Operands: []*ir.Value{lower.Result(0), bound.Result(0)}, ResultTypes: []ir.Type{t}, Loc: c.Loc,
	})
	c.Result(0).ReplaceAllUsesWith(upper.Result(0))
	c.Erase()
}

// spread is max r / min r over the channels with a nonzero range (1 when
// there are none).
func spread(r []float64) float64 {
	lo, hi := math.Inf(1), 0.0
	for _, v := range r {
		if v > 0 {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if hi == 0 {
		return 1
	}
	return hi / lo
}

func filled(n int64, v float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = v
	}
	return out
}
