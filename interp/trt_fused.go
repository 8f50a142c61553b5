package interp

import (
	"fmt"
	"math"

	"github.com/mlc-go/mlc/internal/quantize"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// TensorRT's execution of quantized layers (Options.TRTFused).
//
// TensorRT builds trt.dequantize(x) → convolution or matrix multiply →
// trt.quantize into one int8 kernel: exact integer sums of the stored
// operands and one requantization to the quantize's scale. Interpreted op
// by op, the same IR dequantizes to float, sums in float32 and quantizes,
// which lands some values on the other side of a rounding boundary; deep
// networks compound those flips. In this mode each such group runs on
// qexec's integer kernels and requantizer, the arithmetic of ONNX
// Runtime's QLinearConv and QLinearMatMul (which its graph optimisation
// "all" builds from the same groups of the exported ONNX):
//
//   - Σ x·w over the stored int8 values in int32 (int64 where 16-bit
//     operands could pass int32); zero points are 0 (TensorRT's Q/DQ are
//     symmetric).
//   - An f32 bias of a convolution quantized to int32 at scale s_x × s_w
//     per channel (round half to even in float32, as ONNX Runtime's
//     WeightBiasQuantization does) and added to the sum. TensorRT adds it
//     in float after scaling; the two differ by at most half of s_x × s_w,
//     a small fraction of an output step.
//   - float32(acc) × (s_x × s_w / s_y), rounded half to even, saturated
//     (internal/quantize via qexec's requantizer).
//   - relu and clip activations between the layer and the quantize fold
//     into the saturation bounds: quantization is monotonic, so clamping
//     before it or clamping the stored value to the quantized bounds gives
//     the same integers.
//
// Operands may reach the layer through element-moving layers after their
// dequantize (a weight transposed and reshaped for a matrix multiply);
// those are replayed on the stored integers, and a per-channel scale
// must end up along the layer's output channels. Anything else (another
// op in between, a per-channel activation scale, 3-D convolutions) runs
// op by op as without the option. The ops a group replaces are not run,
// so Observe and Substitute see only the group's quantize.

// trtContractions are the layers a group is built around: how the group
// runs, the layer's bias operand (-1: none) and where the weight's output
// channels lie.
var trtContractions = map[string]struct {
	run  func(it *Interpreter, g *trtGroup, c *opCall) (*tensor.Tensor, error)
	bias int
	// channelDim says along which dim of the (moved) weight operand the
	// output channels lie, given its rank.
	channelDim func(rank int) int
}{
	"trt.convolution":     {run: runTRTConv, bias: 2, channelDim: func(int) int { return 0 }},
	"trt.matrix_multiply": {run: runTRTMatMul, bias: -1, channelDim: func(rank int) int { return rank - 1 }},
}

// trtMoves are layers that only move or select the elements of their one
// operand; between a dequantize and the layer they are replayed on the
// stored integers.
var trtMoves = map[string]bool{"trt.shuffle": true, "trt.slice": true}

// trtClamps are the epilogue activations that are a clamp of the float
// value: their bounds (lo, hi), or ok false for other activations.
var trtClamps = map[string]func(op *ir.Operation) (lo, hi float64, ok bool){
	"trt.activation": func(op *ir.Operation) (float64, float64, bool) {
		c := &opCall{op: op}
		switch c.trtStr("activation_type", "") {
		case "relu":
			return 0, math.Inf(1), true
		case "clip":
			return c.trtFloat("alpha", 0), c.trtFloat("beta", 0), true
		}
		return 0, 0, false
	},
}

// trtOperand is how a layer operand comes from stored integers: the
// dequantize, then the moves (in order).
type trtOperand struct {
	dq    *ir.Operation
	moves []*ir.Operation
	// channels maps each output channel of the layer to its scale's
	// index; nil for a per-tensor scale.
	channels []int
}

// trtGroup is one dequantize → layer → [clamps] → quantize group.
type trtGroup struct {
	quant  *ir.Operation
	layer  *ir.Operation
	ops    [2]trtOperand // input and weight (lhs and rhs of a matrix multiply)
	clamps []*ir.Operation
	// inputs are the values the group reads, in order: stored x, its
	// scale, stored w, its scale, the quantize's scale, then the bias if
	// any.
	inputs []*ir.Value
	// weight caches the moved (and packed) weight when it is a constant.
	weight *trtWeight
}

type trtWeight struct {
	src    *tensor.Tensor // the stored constant it was made from
	moved  *tensor.Tensor
	packed *tensor.PackedConvInteger
}

// trtPlan is the grouping of one function body.
type trtPlan struct {
	groups map[*ir.Operation]*trtGroup // by quantize
	skip   map[*ir.Operation]bool      // ops replaced by groups
}

// operands is what op reads when run under the plan.
func (p *trtPlan) operands(op *ir.Operation) []*ir.Value {
	if p != nil {
		if g := p.groups[op]; g != nil {
			return g.inputs
		}
	}
	return op.Operands()
}

// group is the group whose quantize is op, or nil.
func (p *trtPlan) group(op *ir.Operation) *trtGroup {
	if p == nil {
		return nil
	}
	return p.groups[op]
}

// trtPlanFor groups the body of fn, once per interpreter.
func (it *Interpreter) trtPlanFor(fn *ir.Operation, body *ir.Block) *trtPlan {
	if p, ok := it.trtPlans[fn]; ok {
		return p
	}
	p := &trtPlan{groups: map[*ir.Operation]*trtGroup{}, skip: map[*ir.Operation]bool{}}
	ops := body.Ops()
	for _, op := range ops {
		if g := matchTRTGroup(op); g != nil {
			p.groups[op] = g
			p.skip[g.layer] = true
			for _, c := range g.clamps {
				p.skip[c] = true
			}
		}
	}
	// Ops whose every result is read only by replaced ops (the
	// dequantizes and moves a group reads through) are dead too.
	live := map[*ir.Value]bool{}
	for i := len(ops) - 1; i >= 0; i-- {
		op := ops[i]
		if p.skip[op] {
			continue
		}
		if len(p.groups) > 0 && op.NumResults() > 0 && op.NumRegions() == 0 && op.Name() != "func.call" {
			dead := true
			for _, r := range op.Results() {
				if live[r] || !r.HasUses() {
					dead = false
				}
			}
			if dead {
				p.skip[op] = true
				continue
			}
		}
		for _, v := range p.operands(op) {
			live[v] = true
		}
	}
	if it.trtPlans == nil {
		it.trtPlans = map[*ir.Operation]*trtPlan{}
	}
	it.trtPlans[fn] = p
	return p
}

// matchTRTGroup is the one matcher: q → [clamps] → layer → operands, or
// nil.
func matchTRTGroup(q *ir.Operation) *trtGroup {
	if q.Name() != "trt.quantize" || q.NumOperands() != 2 || q.NumResults() != 1 || typeNumel(q.Operand(1).Type()) != 1 {
		return nil
	}
	if !storedInts(q.Result(0).Type()) {
		return nil
	}
	g := &trtGroup{quant: q}
	v := q.Operand(0)
	for {
		d := v.DefiningOp()
		if d == nil || !v.HasOneUse() || d.NumResults() != 1 {
			return nil
		}
		if f := trtClamps[d.Name()]; f != nil {
			if _, _, ok := f(d); !ok || d.NumOperands() != 1 {
				return nil
			}
			g.clamps = append(g.clamps, d)
			v = d.Operand(0)
			continue
		}
		g.layer = d
		break
	}
	kind, ok := trtContractions[g.layer.Name()]
	if !ok || g.layer.NumOperands() < 2 || !sameShape(g.layer.Result(0).Type(), q.Result(0).Type()) {
		return nil
	}
	if g.layer.Name() == "trt.convolution" && !convFusable(g.layer) {
		return nil
	}
	if kind.bias < 0 && g.layer.NumOperands() != 2 || kind.bias >= 0 && g.layer.NumOperands() > kind.bias+1 {
		return nil
	}
	for i := range 2 {
		o, ok := matchTRTOperand(g.layer, i)
		if !ok {
			return nil
		}
		g.ops[i] = o
	}
	// The input must be per tensor; the weight per tensor or per output
	// channel.
	if g.ops[0].channels != nil {
		return nil
	}
	g.inputs = []*ir.Value{g.ops[0].dq.Operand(0), g.ops[0].dq.Operand(1), g.ops[1].dq.Operand(0), g.ops[1].dq.Operand(1), q.Operand(1)}
	if kind.bias >= 0 && g.layer.NumOperands() > kind.bias {
		b := g.layer.Operand(kind.bias)
		if _, dims, ok := typeShape(b.Type()); !ok || len(dims) != 1 || !ir.IsFloat(ir.ElementTypeOf(b.Type())) {
			return nil
		}
		g.inputs = append(g.inputs, b)
	}
	return g
}

// convFusable: a 2-D convolution whose output size the integer kernel
// computes (not explicit_round_up) and whose operands are NCHW/KCRS.
func convFusable(op *ir.Operation) bool {
	c := &opCall{op: op}
	if c.trtStr("padding_mode", "explicit_round_down") == "explicit_round_up" {
		return false
	}
	_, dims, ok := typeShape(op.Operand(0).Type())
	return ok && len(dims) == 4 && isStatic(dims)
}

// matchTRTOperand follows layer operand i back through moves to a trt.dequantize of stored integers, and works out where
// a per-channel scale lands.
func matchTRTOperand(layer *ir.Operation, i int) (trtOperand, bool) {
	var o trtOperand
	v := layer.Operand(i)
	for {
		d := v.DefiningOp()
		if d == nil || d.NumResults() != 1 {
			return o, false
		}
		if d.Name() == "trt.dequantize" {
			o.dq = d
			break
		}
		if !trtMoves[d.Name()] || d.NumOperands() != 1 ||
			ir.ElementTypeOf(d.Operand(0).Type()) != ir.ElementTypeOf(d.Result(0).Type()) {
			return o, false
		}
		o.moves = append([]*ir.Operation{d}, o.moves...)
		v = d.Operand(0)
	}
	if o.dq.NumOperands() != 2 {
		return o, false
	}
	_, dims, ok := typeShape(o.dq.Operand(0).Type())
	if !ok || !isStatic(dims) || !storedInts(o.dq.Operand(0).Type()) {
		return o, false
	}
	n := typeNumel(o.dq.Operand(1).Type())
	if n == 1 {
		return o, true
	}
	// Per channel: replay the moves on each element's channel index and
	// require the index to depend on the output-channel dim alone.
	axis := int((&opCall{op: o.dq}).trtInt("axis", 0))
	if axis < 0 {
		axis += len(dims)
	}
	if axis < 0 || axis >= len(dims) || dims[axis] != n {
		return o, false
	}
	idx := tensor.New(tensor.F32, dims...)
	_, cn, inner := dimView(dims, axis)
	vals := idx.Float32s()
	for j := range vals {
		vals[j] = float32((j / inner) % cn)
	}
	moved, err := replayMoves(o.moves, idx)
	if err != nil {
		return o, false
	}
	if layer.Name() == "trt.matrix_multiply" {
		if i == 0 {
			return o, false // a per-channel lhs has no integer kernel
		}
		ins, err := (&opCall{op: layer}).trtMatMulOperands(tensor.New(tensor.F32, 1, 1), moved)
		if err != nil {
			return o, false
		}
		moved = ins[1]
	}
	o.channels = channelsAlong(moved, trtContractions[layer.Name()].channelDim(moved.Rank()))
	return o, o.channels != nil
}

// channelsAlong reads the channel index at each position of dim k of t,
// or nil when it varies along another dim.
func channelsAlong(t *tensor.Tensor, k int) []int {
	if k < 0 || k >= t.Rank() {
		return nil
	}
	shape := t.Shape()
	_, n, inner := dimView(shape, k)
	out := make([]int, n)
	for j := range out {
		out[j] = -1
	}
	for j, v := range t.Float32s() {
		c := (j / inner) % n
		if out[c] < 0 {
			out[c] = int(v)
		} else if out[c] != int(v) {
			return nil
		}
	}
	return out
}

// replayMoves runs the move layers on x and returns their result in x's
// element type (their kernels give the layer's float type; stored
// integers and channel indices convert back exactly).
func replayMoves(moves []*ir.Operation, x *tensor.Tensor) (*tensor.Tensor, error) {
	dt := x.DType()
	for _, m := range moves {
		out, err := runKernel(kernels[m.Name()], &opCall{op: m, in: []*tensor.Tensor{x}})
		if err != nil {
			return nil, err
		}
		if len(out) != 1 {
			return nil, fmt.Errorf("'%s' op gave %d results", m.Name(), len(out))
		}
		if x, err = tensor.Cast(out[0], dt); err != nil {
			return nil, err
		}
	}
	return x, nil
}

// storedInts: t holds 8- or 16-bit integers, what the integer kernels
// and their requantization take.
func storedInts(t ir.Type) bool {
	dt, err := DTypeOf(ir.ElementTypeOf(t))
	return err == nil && (dt == tensor.I8 || dt == tensor.U8 || dt == tensor.I16 || dt == tensor.U16)
}

func typeNumel(t ir.Type) int64 {
	_, dims, ok := typeShape(t)
	if !ok || !isStatic(dims) {
		return -1
	}
	n := int64(1)
	for _, d := range dims {
		n *= d
	}
	return n
}

func sameShape(a, b ir.Type) bool {
	_, da, oka := typeShape(a)
	_, db, okb := typeShape(b)
	if !oka || !okb || len(da) != len(db) || !isStatic(da) {
		return false
	}
	for i := range da {
		if da[i] != db[i] {
			return false
		}
	}
	return true
}

// execTRTGroup runs group g; c is the quantize's call, its inputs g.inputs.
func (it *Interpreter) execTRTGroup(g *trtGroup, c *opCall) ([]*tensor.Tensor, error) {
	y, err := trtContractions[g.layer.Name()].run(it, g, c)
	if err != nil {
		return nil, ir.Errorf(g.layer.Loc, "'%s' op (run as TensorRT's int8 layer with its dequantizes and the quantize): %s", g.layer.Name(), cleanErr(err))
	}
	return []*tensor.Tensor{y}, nil
}

// stored returns operand i's stored integers after its moves.
func (g *trtGroup) stored(c *opCall, i int) (*tensor.Tensor, error) {
	x := c.in[2*i]
	if !x.DType().IsInt() {
		return nil, fmt.Errorf("operand %d is %s, not stored integers", i, x.DType())
	}
	if len(g.ops[i].moves) == 0 {
		return x, nil
	}
	return replayMoves(g.ops[i].moves, x)
}

// constWeight reports whether the weight's stored value is a cached
// constant, so its moved and packed forms can be kept.
func (g *trtGroup) constWeight(it *Interpreter) bool {
	d := g.ops[1].dq.Operand(0).DefiningOp()
	return d != nil && it.consts[d] != nil
}

// weightOf returns the moved stored weight, from the cache when the
// weight is a constant.
func (g *trtGroup) weightOf(it *Interpreter, c *opCall) (*trtWeight, error) {
	if g.weight != nil && g.weight.src == c.in[2] {
		return g.weight, nil
	}
	w, err := g.stored(c, 1)
	if err != nil {
		return nil, err
	}
	tw := &trtWeight{src: c.in[2], moved: w}
	if g.constWeight(it) {
		g.weight = tw
	}
	return tw, nil
}

// requant is the requantization of the group's sums: input and weight
// scales (per output channel), the quantize's scale and range narrowed by
// the clamps, and the bias quantized to int32, over m channels.
func (g *trtGroup) requant(c *opCall, m int) (*requant, tensor.DType, error) {
	sx := c.in[1].Values()
	if len(sx) != 1 {
		return nil, 0, fmt.Errorf("expects a per-tensor input scale, got %d values", len(sx))
	}
	ws := c.in[3].Values()
	wScales := []float64{float64(float32(ws[0]))}
	if ch := g.ops[1].channels; ch != nil {
		if len(ch) != m {
			return nil, 0, fmt.Errorf("%d weight channels for %d outputs", len(ch), m)
		}
		wScales = make([]float64, m)
		for k, j := range ch {
			if j < 0 || j >= len(ws) {
				return nil, 0, fmt.Errorf("weight channel %d has no scale (%d scales)", j, len(ws))
			}
			wScales[k] = float64(float32(ws[j]))
		}
	}
	dt, err := c.resultDType(0)
	if err != nil {
		return nil, 0, err
	}
	lo, hi := dt.IntRange()
	out := quantize.Params{Scale: float64(float32(c.in[4].Values()[0])), Min: lo, Max: hi}
	// The clamps (the last one innermost) become bounds on the stored
	// result: clamp_b(clamp_a(v)) = clamp(v, clamp_b(lo_a), clamp_b(hi_a)).
	if len(g.clamps) > 0 {
		bl, bh := math.Inf(-1), math.Inf(1)
		for k := len(g.clamps) - 1; k >= 0; k-- {
			a, b, _ := trtClamps[g.clamps[k].Name()](g.clamps[k])
			al, ah := boundQ(out, a), boundQ(out, b)
			bl, bh = min(max(bl, al), ah), min(max(bh, al), ah)
		}
		out.Min = int64(min(max(bl, float64(lo)), float64(hi)))
		out.Max = int64(min(max(bh, float64(lo)), float64(hi)))
	}
	r := newRequantScales(sx[0], wScales, out)
	if len(c.in) > 5 {
		b := c.in[5].Values()
		if len(b) != m {
			return nil, 0, fmt.Errorf("expects a bias of %d values, got %d", m, len(b))
		}
		r.biasI = make([]int32, m)
		for k, v := range b {
			bs := quantize.Params{Scale: float64(r.accScale[min(k, len(r.accScale)-1)]), Min: math.MinInt32, Max: math.MaxInt32}
			r.biasI[k] = int32(bs.Quantize32(float32(v)))
		}
	}
	return r, dt, nil
}

// boundQ is a clamp bound v in stored units before saturation: round half
// to even of v / scale in float32 (±Inf stays infinite).
func boundQ(p quantize.Params, v float64) float64 {
	if math.IsInf(v, 0) {
		return v
	}
	return math.RoundToEven(float64(float32(v) / float32(p.Scale)))
}

func runTRTConv(it *Interpreter, g *trtGroup, c *opCall) (*tensor.Tensor, error) {
	x, err := g.stored(c, 0)
	if err != nil {
		return nil, err
	}
	w, err := g.weightOf(it, c)
	if err != nil {
		return nil, err
	}
	lc := &opCall{op: g.layer, in: []*tensor.Tensor{x}}
	win, _, err := trtWindow(lc, "kernel_size", x, false)
	if err != nil {
		return nil, err
	}
	groups := int(lc.trtInt("num_groups", 1))
	p := tensor.Conv2DParams{Strides: win.stride, Dilations: win.dilation, Pads: win.pads, Groups: groups}
	shape, err := tensor.ConvIntegerOutShape(x.Shape(), w.moved.Shape(), p)
	if err != nil {
		return nil, err
	}
	r, dt, err := g.requant(c, int(shape[1]))
	if err != nil {
		return nil, err
	}
	if w.packed == nil && g.weight == w && (w.moved.DType() == tensor.I8 || w.moved.DType() == tensor.U8) {
		w.packed, _ = tensor.PackConvInteger(w.moved, nil, groups)
	}
	return c.convRequant(x, 0, w.moved, nil, w.packed, p, r, dt, shape, true)
}

func runTRTMatMul(it *Interpreter, g *trtGroup, c *opCall) (*tensor.Tensor, error) {
	a, err := g.stored(c, 0)
	if err != nil {
		return nil, err
	}
	w, err := g.weightOf(it, c)
	if err != nil {
		return nil, err
	}
	ins, err := (&opCall{op: g.layer}).trtMatMulOperands(a, w.moved)
	if err != nil {
		return nil, err
	}
	shape, err := tensor.MatMulIntegerOutShape(ins[0].Shape(), ins[1].Shape())
	if err != nil {
		return nil, err
	}
	r, dt, err := g.requant(c, int(shape[len(shape)-1]))
	if err != nil {
		return nil, err
	}
	y, err := c.matMulRequant(ins[0], 0, ins[1], nil, r, dt, shape, true)
	if err != nil {
		return nil, err
	}
	want, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	return y.Reshape(want...)
}
