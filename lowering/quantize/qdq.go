package quantize

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/mlc-go/mlc/dialects/qbehavior"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/target"
)

// emit rewrites p's op into QDQ form and records its precision.
func (s *state) emit(p *plan) error {
	o := p.op
	o.SetAttr(PrecisionAttr, s.ctx.StringAttr(p.precision))
	if p.act == nil {
		s.stats.Float++
		s.floatPrecision(o, p.precision)
		return nil
	}
	s.stats.Quantized++
	if p.keep {
		return s.emitKept(p)
	}
	var in *quant.UniformType // the first activation input's encoding
	var w quant.QuantizedType // the weight's encoding
	bias := -1
	for i, v := range o.Operands() {
		if !isFloat(v) {
			continue
		}
		switch quantRole(o, p.class, i) {
		case "activation":
			q, err := s.activation(o, i, p.act)
			if err != nil {
				return err
			}
			if operandRole(p.class, i) == "weight" {
				w = q // a computed weight: its scale still scales the accumulator
			} else if in == nil {
				in = q
			}
		case "weight":
			r := s.weightRuleFor(o, p.class, i, p.act)
			q, err := s.weight(o, i, r)
			if err != nil {
				return err
			}
			w = q
		case "bias":
			bias = i
		case "param":
			if !floatParam(s.t, p.class, o, i) {
				if _, err := s.weight(o, i, paramRule(s.t, p.class, operandRole(p.class, i))); err != nil {
					return err
				}
			}
		}
	}
	if bias >= 0 && in != nil && w != nil {
		if r := biasRule(s.t, p.class); r != nil {
			if err := s.bias(o, bias, r, in, w); err != nil {
				return err
			}
		}
	}
	for _, r := range o.Results() {
		if !isFloat(r) {
			continue
		}
		if p.resFloat != "" {
			s.floatResult(o, r, p.resFloat)
			continue
		}
		lo, hi, err := s.rangeOf(r, o)
		if err != nil {
			return err
		}
		if rg, ok := s.shared[r]; ok {
			lo, hi = rg[0], rg[1]
		}
		_, ft := floatTensor(r.Type())
		q, err := uniform(s.ctx, p.resultRule(), ft, lo, hi)
		if err != nil {
			return ir.Errorf(o.Loc, "'%s' op result: %v", o.Name(), err)
		}
		s.output(o, r, q)
	}
	return nil
}

// emitKept quantizes a same-scale op in one encoding shared by its float
// inputs and its result: the producer's when every input already has the
// same one, else one from the result's range (for several inputs) or the
// input's.
func (s *state) emitKept(p *plan) error {
	o := p.op
	var ins []int
	for i, v := range o.Operands() {
		if isFloat(v) {
			ins = append(ins, i)
		}
	}
	var q *quant.UniformType
	for _, i := range ins {
		e := s.encodingOf(o.Operand(i), p.act)
		if e == nil || (q != nil && e.String() != q.String()) {
			q = nil
			break
		}
		q = e
	}
	if q == nil {
		lo, hi, err := s.sharedRange(o, ins, p.act)
		if err != nil {
			return err
		}
		_, ft := floatTensor(o.Operand(ins[0]).Type())
		if q, err = uniform(s.ctx, p.act, ft, lo, hi); err != nil {
			return ir.Errorf(o.Loc, "'%s' op: %v", o.Name(), err)
		}
	}
	for _, i := range ins {
		if e := s.encodingOf(o.Operand(i), p.act); e == nil || e.String() != q.String() {
			o.SetOperand(i, s.qdq(o.Operand(i), q, o))
		}
	}
	for _, r := range o.Results() {
		if isFloat(r) {
			s.output(o, r, q)
		}
	}
	return nil
}

// shareInputs: the inputs of a concatenation kept in one encoding that
// come straight from integer-precision ops with the same rule are
// produced in that encoding (a value read by several takes the union), so
// nothing is requantized between them.
func (s *state) shareInputs(p *plan) error {
	o := p.op
	var ins []int
	for i, v := range o.Operands() {
		if isFloat(v) {
			ins = append(ins, i)
		}
	}
	if !p.keep || len(ins) < 2 {
		return nil
	}
	lo, hi, err := s.sharedRange(o, ins, p.act)
	if err != nil {
		return err
	}
	for _, i := range ins {
		v := o.Operand(i)
		if d := v.DefiningOp(); d == nil || !sameRule(s.planned[v], p.act) || s.keeps[d] {
			continue
		}
		if rg, ok := s.shared[v]; ok {
			lo, hi = min(lo, rg[0]), max(hi, rg[1])
		}
		s.shared[v] = [2]float64{lo, hi}
	}
	return nil
}

// sharedRange is the range of a same-scale op's one encoding: its
// result's calibrated range when it has several inputs and one was
// recorded, else the union of its inputs' ranges (for an input already
// encoded, the range its encoding represents).
func (s *state) sharedRange(o *ir.Operation, ins []int, r *target.QuantRule) (lo, hi float64, err error) {
	if len(ins) > 1 && o.NumResults() == 1 {
		if l, h, err := s.rangeOf(o.Result(0), o); err == nil {
			return l, h, nil
		}
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, i := range ins {
		v := o.Operand(i)
		var l, h float64
		if e := s.encodingOf(v, r); e != nil {
			l, h = e.Dequantize(e.StorageMin), e.Dequantize(e.StorageMax)
		} else if l, h, err = s.rangeOf(v, o); err != nil {
			return 0, 0, err
		}
		lo, hi = min(lo, l), max(hi, h)
	}
	return lo, hi, nil
}

// encodingOf is the per-tensor encoding v already carries (v is a dcast)
// when it follows rule r, else nil.
func (s *state) encodingOf(v *ir.Value, r *target.QuantRule) *quant.UniformType {
	if !s.encodedBy(v, r) {
		return nil
	}
	q, _ := quant.ElementType(v.DefiningOp().Operand(0).Type()).(*quant.UniformType)
	return q
}

// activation quantizes operand i of o with rule r: the encoding it
// already carries, or a new one from its range.
func (s *state) activation(o *ir.Operation, i int, r *target.QuantRule) (*quant.UniformType, error) {
	v := o.Operand(i)
	if q := s.encodingOf(v, r); q != nil {
		return q, nil
	}
	lo, hi, err := s.rangeOf(v, o)
	if err != nil {
		return nil, err
	}
	_, ft := floatTensor(v.Type())
	q, err := uniform(s.ctx, r, ft, lo, hi)
	if err != nil {
		return nil, ir.Errorf(o.Loc, "'%s' op operand #%d: %v", o.Name(), i, err)
	}
	o.SetOperand(i, s.qdq(v, q, o))
	return q, nil
}

// qdq is dcast(qcast(v)) with element type q, made once per value and
// type (right before the first user, which dominates the later ones).
func (s *state) qdq(v *ir.Value, q quant.QuantizedType, before *ir.Operation) *ir.Value {
	rt, _ := floatTensor(v.Type())
	qt := s.ctx.TensorType(rt.Shape, q, nil)
	key := castKey{v, qt.String(), before.Block()}
	if d, ok := s.casts[key]; ok {
		return d
	}
	b := ir.NewBuilder(s.ctx)
	b.SetInsertionPoint(before)
	b.Loc = before.Loc
	qc := b.Create(ir.OperationState{Name: "quant.qcast", Operands: []*ir.Value{v}, ResultTypes: []ir.Type{qt}})
	d := b.Create(ir.OperationState{Name: "quant.dcast", Operands: []*ir.Value{qc.Result(0)}, ResultTypes: []ir.Type{v.Type()}}).Result(0)
	s.stats.QCasts++
	s.casts[key] = d
	s.origin[d] = v
	if o, ok := s.origin[v]; ok {
		s.origin[d] = o
	}
	return d
}

// floatResult leaves result r of an integer-precision op in float type
// p (mlc.result_precision): unquantized, rounded to p through a
// core.cast pair when p is narrower than r's type, as the target writes
// it.
func (s *state) floatResult(o *ir.Operation, r *ir.Value, p string) {
	rt, ft := floatTensor(r.Type())
	if p != "f16" || ft.Kind == ir.F16 {
		return
	}
	b := ir.NewBuilder(s.ctx)
	b.SetInsertionPointAfter(o)
	b.Loc = o.Loc
	narrow := b.Create(ir.OperationState{Name: "core.cast", Operands: []*ir.Value{r},
		ResultTypes: []ir.Type{s.ctx.TensorType(rt.Shape, s.ctx.FloatType(ir.F16), rt.Encoding)}})
	back := b.Create(ir.OperationState{Name: "core.cast", Operands: []*ir.Value{narrow.Result(0)}, ResultTypes: []ir.Type{r.Type()}})
	r.ReplaceUsesIf(back.Result(0), func(u *ir.OpOperand) bool { return u.Owner() != narrow })
	s.origin[back.Result(0)] = r
	s.widened[back.Result(0)] = narrow.Result(0)
}

// output quantizes result r of o: qcast and dcast right after o, and every
// user of r reads the dcast, as the target would read o's stored output.
func (s *state) output(o *ir.Operation, r *ir.Value, q quant.QuantizedType) {
	rt, _ := floatTensor(r.Type())
	qt := s.ctx.TensorType(rt.Shape, q, nil)
	b := ir.NewBuilder(s.ctx)
	b.SetInsertionPointAfter(o)
	b.Loc = o.Loc
	qc := b.Create(ir.OperationState{Name: "quant.qcast", Operands: []*ir.Value{r}, ResultTypes: []ir.Type{qt}})
	d := b.Create(ir.OperationState{Name: "quant.dcast", Operands: []*ir.Value{qc.Result(0)}, ResultTypes: []ir.Type{r.Type()}}).Result(0)
	r.ReplaceUsesIf(d, func(u *ir.OpOperand) bool { return u.Owner() != qc })
	s.stats.QCasts++
	s.origin[d] = r
	s.casts[castKey{r, qt.String(), o.Block()}] = d
}

// weight quantizes the constant operand i of o with rule r, from the data
// itself: symmetric, per channel along the op's channel axis when r is
// per-channel. It emits core.constant (stored integers) -> quant.scast ->
// quant.dcast, shared by every user asking for the same encoding.
func (s *state) weight(o *ir.Operation, i int, r *target.QuantRule) (quant.QuantizedType, error) {
	v := o.Operand(i)
	if q := storedConstant(v); q != nil && Satisfies(q, r) == "" {
		return q, nil // already in QDQ form
	}
	data, ok := constFloats(v.DefiningOp())
	rt, ft := floatTensor(v.Type())
	if !ok {
		return nil, ir.Errorf(o.Loc, "'%s' op: cannot read the data of its weight operand #%d", o.Name(), i)
	}
	axis := -1
	if r.Granularity == "per-channel" {
		b, _ := qbehavior.OfOp(o)
		a, _ := b.PerChannelAxis(i)
		if a < 0 {
			a += len(rt.Shape)
		}
		if a < 0 || a >= len(rt.Shape) {
			return nil, ir.Errorf(o.Loc, "'%s' op: weight operand #%d has no channel axis %d", o.Name(), i, a)
		}
		axis = a
	}
	maxAbs, err := channelMaxAbs(data, rt.Shape, axis)
	if err != nil {
		return nil, ir.Errorf(v.DefiningOp().Loc, "'%s' op: %v", v.DefiningOp().Name(), err)
	}
	qmin, qmax := StoredRange(r)
	scales := make([]float64, len(maxAbs))
	for c, m := range maxAbs {
		scales[c], _ = Params(r, -m, m)
	}
	var q quant.QuantizedType
	if axis < 0 {
		q, err = quant.NewUniform(s.ctx, storageType(s.ctx, r), qmin, qmax, ft, scales[0], 0)
	} else {
		q, err = quant.NewUniformPerAxis(s.ctx, storageType(s.ctx, r), qmin, qmax, ft, axis, scales, make([]int64, len(scales)))
	}
	if err != nil {
		return nil, ir.Errorf(o.Loc, "'%s' op weight: %v", o.Name(), err)
	}
	d, err := s.storedQDQ(v, data, q, o)
	if err != nil {
		return nil, err
	}
	o.SetOperand(i, d)
	return q, nil
}

// bias quantizes the constant bias operand i of o to rule r (i32) with
// scale s_in × s_w per output channel and zero point 0, as the i32
// accumulator of a contraction holds it. A bias that is not a 1-D
// constant stays float.
func (s *state) bias(o *ir.Operation, i int, r *target.QuantRule, in *quant.UniformType, w quant.QuantizedType) error {
	v := o.Operand(i)
	if !isConstant(v) || storedConstant(v) != nil {
		return nil
	}
	data, ok := constFloats(v.DefiningOp())
	rt, ft := floatTensor(v.Type())
	if !ok || len(rt.Shape) != 1 {
		return nil
	}
	n := int(rt.Shape[0])
	scales := make([]float64, n)
	switch w := w.(type) {
	case *quant.UniformType:
		for c := range scales {
			scales[c] = in.Scale * w.Scale
		}
	case *quant.UniformPerAxisType:
		if len(w.Scales) != n {
			return nil
		}
		for c := range scales {
			scales[c] = in.Scale * w.Scales[c]
		}
	}
	qmin, qmax := StoredRange(r)
	var q quant.QuantizedType
	var err error
	if r.Granularity == "per-channel" {
		q, err = quant.NewUniformPerAxis(s.ctx, storageType(s.ctx, r), qmin, qmax, ft, 0, scales, make([]int64, n))
	} else if _, per := w.(*quant.UniformType); per {
		q, err = quant.NewUniform(s.ctx, storageType(s.ctx, r), qmin, qmax, ft, scales[0], 0)
	} else {
		return nil // a per-tensor bias rule cannot hold per-channel scales
	}
	if err != nil {
		return ir.Errorf(o.Loc, "'%s' op bias: %v", o.Name(), err)
	}
	d, err := s.storedQDQ(v, data, q, o)
	if err != nil {
		return err
	}
	o.SetOperand(i, d)
	return nil
}

// storedQDQ emits core.constant (data quantized to q with the shared
// arithmetic of quant.QuantizeElements) -> quant.scast -> quant.dcast
// before op, once per constant and type.
func (s *state) storedQDQ(v *ir.Value, data *ir.DenseElementsAttr, q quant.QuantizedType, before *ir.Operation) (*ir.Value, error) {
	rt, _ := floatTensor(v.Type())
	qt := s.ctx.TensorType(rt.Shape, q, nil)
	key := castKey{v, qt.String(), before.Block()}
	if d, ok := s.casts[key]; ok {
		return d, nil
	}
	stored, err := quant.QuantizeElements(s.ctx, data, qt)
	if err != nil {
		return nil, ir.Errorf(before.Loc, "'%s' op: %v", before.Name(), err)
	}
	b := ir.NewBuilder(s.ctx)
	b.SetInsertionPoint(before)
	b.Loc = v.DefiningOp().Loc
	c := b.Create(ir.OperationState{Name: "core.constant", ResultTypes: []ir.Type{stored.Type},
		Props: s.ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: stored}})})
	sc := b.Create(ir.OperationState{Name: "quant.scast", Operands: []*ir.Value{c.Result(0)}, ResultTypes: []ir.Type{qt}})
	d := b.Create(ir.OperationState{Name: "quant.dcast", Operands: []*ir.Value{sc.Result(0)}, ResultTypes: []ir.Type{v.Type()}}).Result(0)
	s.casts[key] = d
	return d, nil
}

// storedConstant is the quantized type of v when v is
// dcast(scast(core.constant)), the QDQ form of a quantized constant.
func storedConstant(v *ir.Value) quant.QuantizedType {
	d := v.DefiningOp()
	if d == nil || d.Name() != "quant.dcast" {
		return nil
	}
	sc := d.Operand(0).DefiningOp()
	if sc == nil || sc.Name() != "quant.scast" {
		return nil
	}
	if c := sc.Operand(0).DefiningOp(); c == nil || c.Name() != "core.constant" {
		return nil
	}
	return quant.ElementType(d.Operand(0).Type())
}

// channelMaxAbs is max |x| per index along axis (one entry when axis < 0).
func channelMaxAbs(data *ir.DenseElementsAttr, shape []int64, axis int) ([]float64, error) {
	n, stride := int64(1), int64(1)
	if axis >= 0 {
		n = shape[axis]
		for _, d := range shape[axis+1:] {
			stride *= d
		}
	}
	out := make([]float64, n)
	// Element i lies in channel (i / stride) % n: walk the channels with a
	// counter rather than divide per element (resnet18 has 11M weights).
	c, left := int64(0), stride
	// float32 data is read straight from its bytes (FloatAt decodes by
	// kind per element).
	ft, _ := data.Type.ElementType().(*ir.FloatType)
	f32 := ft != nil && ft.Kind == ir.F32 && !data.Splat && len(data.Raw) == 4*data.NumElements()
	for i := range data.NumElements() {
		var x float64
		if f32 {
			x = float64(math.Float32frombits(binary.LittleEndian.Uint32(data.Raw[4*i:])))
		} else {
			x = data.FloatAt(i)
		}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("weight element %d is %v, which no encoding represents", i, x)
		}
		out[c] = max(out[c], math.Abs(x))
		if left--; left == 0 && axis >= 0 {
			left = stride
			if c++; c == n {
				c = 0
			}
		}
	}
	return out, nil
}

// floatPrecision makes o compute in the float type of precision p when
// its values have another one (f16 on an f32 model): core.cast of each
// float operand (one per value), o retyped, core.cast of each result back
// for its users, so running the IR rounds as the target does. Ops with
// integer results keep their types. An op whose
// verifier refuses the retyped form (an attribute typed by its element
// type, such as a pad value) keeps its types: its precision is then the
// attribute alone.
func (s *state) floatPrecision(o *ir.Operation, p string) {
	want := s.ctx.FloatType(ir.F32)
	if p == "f16" {
		want = s.ctx.FloatType(ir.F16)
	}
	retype := func(v *ir.Value) bool { _, ft := floatTensor(v.Type()); return ft != nil && ft != want }
	for _, r := range o.Results() {
		if !isFloat(r) {
			return // integer results (a cast to i32, an argmax): rounding the input first could change them
		}
	}
	need := false
	for _, v := range append(o.Operands(), o.Results()...) {
		need = need || retype(v)
	}
	if !need {
		return
	}
	olds := o.Operands()
	oldTypes := o.ResultTypes()
	var made []*ir.Operation
	for i, v := range olds {
		if retype(v) {
			o.SetOperand(i, s.castTo(v, want, o, &made))
		}
	}
	for _, r := range o.Results() {
		if retype(r) {
			rt, _ := floatTensor(r.Type())
			r.SetType(s.ctx.TensorType(rt.Shape, want, rt.Encoding))
		}
	}
	if err := ir.Verify(o); err != nil {
		for i, v := range olds {
			o.SetOperand(i, v)
		}
		for i, r := range o.Results() {
			r.SetType(oldTypes[i])
		}
		for j := len(made) - 1; j >= 0; j-- {
			c := made[j]
			delete(s.casts, castKey{c.Operand(0), "cast:" + c.Result(0).Type().String(), c.Block()})
			c.Erase()
		}
		return
	}
	for i, r := range o.Results() {
		if r.Type() == oldTypes[i] {
			continue
		}
		b := ir.NewBuilder(s.ctx)
		b.SetInsertionPointAfter(o)
		b.Loc = o.Loc
		back := b.Create(ir.OperationState{Name: "core.cast", Operands: []*ir.Value{r}, ResultTypes: []ir.Type{oldTypes[i]}})
		r.ReplaceUsesIf(back.Result(0), func(u *ir.OpOperand) bool { return u.Owner() != back })
		s.origin[back.Result(0)] = r // its range is r's
		s.widened[back.Result(0)] = r
	}
}

// castTo is core.cast of v to element type ft, made once per value.
func (s *state) castTo(v *ir.Value, ft *ir.FloatType, before *ir.Operation, made *[]*ir.Operation) *ir.Value {
	rt, _ := floatTensor(v.Type())
	t := s.ctx.TensorType(rt.Shape, ft, rt.Encoding)
	key := castKey{v, "cast:" + t.String(), before.Block()}
	if c, ok := s.casts[key]; ok {
		return c
	}
	if w, ok := s.widened[v]; ok && w.Type() == ir.Type(t) {
		return w // v widened a value of this type exactly: no round trip
	}
	b := ir.NewBuilder(s.ctx)
	b.SetInsertionPoint(before)
	b.Loc = before.Loc
	c := b.Create(ir.OperationState{Name: "core.cast", Operands: []*ir.Value{v}, ResultTypes: []ir.Type{t}})
	*made = append(*made, c)
	s.casts[key] = c.Result(0)
	return c.Result(0)
}
