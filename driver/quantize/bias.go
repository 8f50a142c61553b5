package quantize

import (
	"math"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
)

// Empirical bias correction (as AIMET's): quantizing a layer's weights
// and input shifts the mean of its output per channel, and the next
// layers amplify the shift. For every core.conv2d with a constant bias
// and every core.matmul with a constant right operand whose only user
// adds a constant bias, the correction added to the bias is, per output
// channel o,
//
//	δ_o = (E[y_fp] − E[y_q])_o − Σ_c W̄_oc (E[x_fp] − E[x_q])_c
//
// where y is the layer's output and x its input in the fp32 model (fp)
// and the quantized one (q), means over the calibration samples and
// every position, and W̄_oc the float weights summed over the kernel
// window. The first term is the whole mean error at the layer's output;
// the second is the part it inherits from its input, which the layers
// upstream correct themselves. So δ is the error the layer itself adds
// (E[W·x_q + b] − E[y_q], up to padding), and every layer is corrected
// from one fp32 run and one quantized run per sample, all at once,
// instead of re-running the model after each layer in topological order.
// A correction holds for the precision it was measured at: a layer mixed
// precision moves elsewhere keeps its original bias.

// biasLayer is one layer bias correction may correct.
type biasLayer struct {
	op   *ir.Operation // the conv2d or matmul (master)
	out  *ir.Operation // the op that adds the bias: op itself, or the add
	bias int           // the bias operand of out
	// wbar[o*cg+k] is W̄ for output channel o and input channel
	// g(o)*cg+k, g(o) = o/(outs/groups).
	wbar            []float64
	outs, ins, cg   int
	groups          int
	inAxis, outAxis int // channel axes of input and output (-1: last)
	prec            string
	delta           []float64
	xf, yf, xq, yq  chanMean
}

// biasLayers finds the layers bias correction applies to among the ops
// given an integer precision.
func (d *driver) biasLayers(chosen map[*ir.Operation]string) []*biasLayer {
	var out []*biasLayer
	fn, _ := interp.LookupFunc(d.master, d.fnName)
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		p := chosen[o]
		if bits, _, ok := storageBits(p); !ok || bits == 0 {
			return ir.Advance
		}
		var l *biasLayer
		switch o.Name() {
		case "core.conv2d":
			l = convLayer(o)
		case "core.matmul":
			l = matmulLayer(o)
		}
		if l != nil {
			l.prec = p
			out = append(out, l)
		}
		return ir.Advance
	})
	return out
}

func constData(v *ir.Value) ([]float64, []int64, bool) {
	c := v.DefiningOp()
	if c == nil || c.Name() != "core.constant" {
		return nil, nil, false
	}
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok || !t.HasStaticShape() || !ir.IsFloat(t.Elem) {
		return nil, nil, false
	}
	vals, ok := ir.FloatElements(c.InherentAttr("value"))
	return vals, t.Shape, ok
}

func convLayer(o *ir.Operation) *biasLayer {
	if o.NumOperands() != 3 {
		return nil
	}
	if _, _, ok := constData(o.Operand(2)); !ok {
		return nil
	}
	w, shape, ok := constData(o.Operand(1))
	if !ok || len(shape) != 4 {
		return nil
	}
	groups := 1
	if g, ok := o.Attr("groups").(*ir.IntegerAttr); ok && g.Value > 0 {
		groups = int(g.Value)
	}
	outs, cg, win := int(shape[0]), int(shape[1]), int(shape[2]*shape[3])
	l := &biasLayer{op: o, out: o, bias: 2, outs: outs, ins: cg * groups, cg: cg, groups: groups, inAxis: 1, outAxis: 1,
		wbar: make([]float64, outs*cg)}
	for oc := range outs {
		for k := range cg {
			var s float64
			for j := range win {
				s += w[(oc*cg+k)*win+j]
			}
			l.wbar[oc*cg+k] = s
		}
	}
	return l
}

func matmulLayer(o *ir.Operation) *biasLayer {
	w, shape, ok := constData(o.Operand(1))
	if !ok || len(shape) != 2 || !o.Result(0).HasOneUse() {
		return nil
	}
	add := o.Result(0).Users()[0]
	if add.Name() != "core.add" {
		return nil
	}
	k, n := int(shape[0]), int(shape[1])
	bias := 1
	if add.Operand(1) == o.Result(0) {
		bias = 0
	}
	b, _, ok := constData(add.Operand(bias))
	if !ok || len(b) != n || !tensor.ShapeEqual(shapeOf(add.Result(0)), shapeOf(o.Result(0))) {
		return nil
	}
	l := &biasLayer{op: o, out: add, bias: bias, outs: n, ins: k, cg: k, groups: 1, inAxis: -1, outAxis: -1,
		wbar: make([]float64, n*k)}
	for i := range k {
		for j := range n {
			l.wbar[j*k+i] = w[i*n+j]
		}
	}
	return l
}

func shapeOf(v *ir.Value) []int64 {
	if t, ok := v.Type().(*ir.RankedTensorType); ok {
		return t.Shape
	}
	return nil
}

// chanMean accumulates the per-channel mean of a tensor.
type chanMean struct {
	sum []float64
	n   []int64
}

func (m *chanMean) add(t *tensor.Tensor, axis, channels int) bool {
	shape := t.Shape()
	if axis < 0 {
		axis += len(shape)
	}
	if axis < 0 || axis >= len(shape) || shape[axis] != int64(channels) {
		return false
	}
	if m.sum == nil {
		m.sum, m.n = make([]float64, channels), make([]int64, channels)
	}
	inner := int64(1)
	for _, d := range shape[axis+1:] {
		inner *= d
	}
	vals := t.Values()
	for i, x := range vals {
		c := (int64(i) / inner) % int64(channels)
		m.sum[c] += x
		m.n[c]++
	}
	return true
}

func (m *chanMean) mean(c int) float64 {
	if m.n == nil || m.n[c] == 0 {
		return 0
	}
	return m.sum[c] / float64(m.n[c])
}

// local is the mean error the layer itself adds, per output channel.
func (l *biasLayer) local() []float64 {
	out := make([]float64, l.outs)
	per := l.outs / l.groups
	for o := range l.outs {
		g := o / per
		inherit := 0.0
		for k := range l.cg {
			c := g*l.cg + k
			inherit += l.wbar[o*l.cg+k] * (l.xf.mean(c) - l.xq.mean(c))
		}
		out[o] = l.yf.mean(o) - l.yq.mean(o) - inherit
	}
	return out
}

func rms(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x * x
	}
	if len(v) == 0 {
		return 0
	}
	return math.Sqrt(s / float64(len(v)))
}

// collectBias runs the master (fp32) and candidate c on every calibration
// sample and accumulates the layers' input and output means.
func (d *driver) collectBias(c *candidate, layers []*biasLayer) error {
	for _, l := range layers {
		l.xf, l.yf, l.xq, l.yq = chanMean{}, chanMean{}, chanMean{}, chanMean{}
	}
	type watch struct {
		l     *biasLayer
		input bool
		into  *chanMean
	}
	fnF, err := interp.LookupFunc(d.master, d.fnName)
	if err != nil {
		return err
	}
	// One pass per model: the values to watch, by producer.
	pass := func(fn *ir.Operation, in, out func(*biasLayer) *ir.Value, xm, ym func(*biasLayer) *chanMean, phase string) error {
		byOp := map[*ir.Operation][]watch{}
		args := map[int][]watch{}
		add := func(v *ir.Value, w watch) {
			if v.IsBlockArgument() {
				args[v.ArgNumber()] = append(args[v.ArgNumber()], w)
				return
			}
			byOp[v.DefiningOp()] = append(byOp[v.DefiningOp()], w)
		}
		for _, l := range layers {
			add(in(l), watch{l: l, input: true, into: xm(l)})
			add(out(l), watch{l: l, into: ym(l)})
		}
		feed := func(w watch, t *tensor.Tensor) {
			if w.input {
				w.into.add(t, w.l.inAxis, w.l.ins)
			} else {
				w.into.add(t, w.l.outAxis, w.l.outs)
			}
		}
		it := interp.New(interp.Options{Cancel: d.opts.Cancel, Observe: func(op *ir.Operation, results []*tensor.Tensor) {
			for _, w := range byOp[op] {
				// Both watched values of a layer are result 0 of their
				// producers except where an op has several results.
				idx := 0
				if w.input {
					idx = resultIndex(in(w.l))
				} else {
					idx = resultIndex(out(w.l))
				}
				if idx < len(results) && results[idx] != nil {
					feed(w, results[idx])
				}
			}
		}})
		for i, s := range d.calib.Samples {
			for a, ws := range args {
				for _, w := range ws {
					feed(w, s.Inputs[a])
				}
			}
			if _, err := d.interpRun(it, fn, s); err != nil {
				return err
			}
			d.progress(phase, i+1, len(d.calib.Samples))
		}
		return nil
	}
	if err := pass(fnF, func(l *biasLayer) *ir.Value { return l.op.Operand(0) },
		func(l *biasLayer) *ir.Value { return l.out.Result(0) },
		func(l *biasLayer) *chanMean { return &l.xf }, func(l *biasLayer) *chanMean { return &l.yf }, "bias-correction (fp32)"); err != nil {
		return err
	}
	return pass(c.fn, func(l *biasLayer) *ir.Value { return c.opOf[l.op].Operand(0) },
		func(l *biasLayer) *ir.Value { return c.opOf[l.out].Result(0) },
		func(l *biasLayer) *chanMean { return &l.xq }, func(l *biasLayer) *chanMean { return &l.yq }, "bias-correction (quantized)")
}

func resultIndex(v *ir.Value) int {
	if v.IsBlockArgument() {
		return 0
	}
	return v.ResultNumber()
}

// correctBias measures every layer's own mean error on the baseline
// model and keeps the corrections.
func (d *driver) correctBias(base *candidate, chosen map[*ir.Operation]string) error {
	layers := d.biasLayers(chosen)
	if err := d.collectBias(base, layers); err != nil {
		return err
	}
	var before float64
	for _, l := range layers {
		l.delta = l.local()
		before += rms(l.delta)
	}
	d.bias = layers
	s := &BiasSummary{Layers: len(layers), ErrorBefore: DB(math.NaN()), ErrorAfter: DB(math.NaN())}
	if len(layers) > 0 {
		s.ErrorBefore = DB(before / float64(len(layers)))
	}
	d.report.BiasCorrection = s
	return nil
}

// applyBias writes the corrections into candidate c for the layers whose
// precision there (prec, else def, else the baseline's) is the one they
// were measured at.
func (d *driver) applyBias(c *candidate, prec map[*ir.Operation]string, def string) {
	for _, l := range d.bias {
		// A wider output keeps the op's arithmetic: its correction holds.
		p, _ := splitPrecision(prec[l.op])
		if p == "" {
			p = def
		}
		if p != "" && p != l.prec {
			continue
		}
		out := c.opOf[l.out]
		if out == nil {
			continue
		}
		vals, _, ok := constData(l.out.Operand(l.bias))
		if !ok || len(vals) != len(l.delta) {
			continue
		}
		t := out.Operand(l.bias).Type().(*ir.RankedTensorType)
		k := t.Elem.(*ir.FloatType).Kind
		raw := make([]byte, 0, len(vals)*ir.ElementByteWidth(t.Elem))
		for i, v := range vals {
			raw = ir.EncodeFloat(raw, k, v+l.delta[i])
		}
		b := ir.NewBuilder(d.ctx)
		b.SetInsertionPoint(out)
		nc := b.Create(ir.OperationState{Name: "core.constant", ResultTypes: []ir.Type{t}, Loc: out.Operand(l.bias).DefiningOp().Loc,
			Props: d.ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: d.ctx.DenseElementsAttr(t, raw)}})})
		old := out.Operand(l.bias).DefiningOp()
		out.SetOperand(l.bias, nc.Result(0))
		if !old.Result(0).HasUses() {
			old.Erase()
		}
	}
}
