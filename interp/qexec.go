package interp

import (
	"fmt"
	"slices"
	"sync"

	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/internal/quantize"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Integer execution of core.conv2d, core.matmul and core.add on quantized
// element types (docs/dialects/core.md), as ONNX Runtime's CPU kernels
// compute QLinearConv, QLinearMatMul and com.microsoft QLinearAdd, so that
// the stored results agree bit for bit (bench/ort-ops, ortcheck_test.go):
//
//   - conv2d / matmul: Σ (x − x_zp)(w − w_zp) in int32, plus an i32 bias
//     in int32; then float32(acc) × M with M = (s_x × s_w) / s_y in
//     float32 (per weight channel), rounded half to even, plus y_zp,
//     saturated to the result's storage range (MLAS's requantization).
//     Where the operands could take that sum past int32 (16-bit
//     activations: ORT has no such kernel), it is exact in int64 instead,
//     requantized the same way, so the result never wraps.
//   - An f32 bias (no ORT counterpart): float32(acc) × (s_x × s_w) + bias
//     in float32, then quantized to the result as quant.qcast does.
//   - add: MLAS's AVX2 QLinearAdd, its default on x86-64: ratios s_a/s_c
//     and s_b/s_c in float32, fused multiply-adds, round half to even.
//     This differs from dequantize-add-quantize in float by at most one
//     step on ties and near-ties (the ratios are rounded to float32).

// quantDispatch runs q for an op whose result is quantized, else f.
func quantDispatch(f, q kernel) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		if c.op.NumResults() == 1 && quant.ElementType(c.op.Result(0).Type()) != nil {
			return q(c)
		}
		return f(c)
	}
}

// accPool recycles int32 accumulators between calls.
var accPool sync.Pool

func getAcc(n int) *[]int32 { return pooledSlice[int32](&accPool, n) }

// pooledSlice is a slice of n values from pool (one of at least that
// capacity), else a new one; Put it back when done.
func pooledSlice[T any](pool *sync.Pool, n int) *[]T {
	if p, ok := pool.Get().(*[]T); ok && cap(*p) >= n {
		*p = (*p)[:n]
		return p
	}
	s := make([]T, n)
	return &s
}

// perTensor returns the quantized per-tensor type of operand or result
// type t.
func perTensor(t ir.Type, what string) (*quant.UniformType, error) {
	u, ok := quant.ElementType(t).(*quant.UniformType)
	if !ok {
		return nil, fmt.Errorf("expects %s quantized per tensor, got %s", what, ir.ElementTypeOf(t))
	}
	return u, nil
}

// channelScalesCached is channelScales keeping the zero points it
// converts in it (when not nil), per type: a per-channel weight's list
// would otherwise be a new slice every run.
func channelScalesCached(it *Interpreter, t ir.Type) ([]float64, []int32, error) {
	if it == nil {
		return channelScales(t)
	}
	if e, ok := it.wZeros[t]; ok {
		return e.scales, e.zeros, nil
	}
	s, z, err := channelScales(t)
	if err == nil {
		if it.wZeros == nil {
			it.wZeros = map[ir.Type]scalesZeros{}
		}
		it.wZeros[t] = scalesZeros{s, z}
	}
	return s, z, err
}

type scalesZeros struct {
	scales []float64
	zeros  []int32
}

// channelScales returns the weight's scales and zero points: one entry
// per tensor, or one per channel.
func channelScales(t ir.Type) ([]float64, []int32, error) {
	switch q := quant.ElementType(t).(type) {
	case *quant.UniformType:
		return []float64{q.Scale}, []int32{int32(q.ZeroPoint)}, nil
	case *quant.UniformPerAxisType:
		zs := make([]int32, len(q.ZeroPoints))
		for i, z := range q.ZeroPoints {
			zs[i] = int32(z)
		}
		return q.Scales, zs, nil
	}
	return nil, nil, fmt.Errorf("expects a quantized weight, got %s", ir.ElementTypeOf(t))
}

// requant holds what maps accumulators to a quantized result.
type requant struct {
	out      quantize.Params
	mult     []float32 // per channel (or one)
	accScale []float32 // s_x × s_w per channel, for an f32 bias
	biasI    []int32   // i32 bias per channel, or nil
	biasF    []float32 // f32 bias per channel, or nil
	fastR    *tensor.Requantizer
	// maxBiasAbs is maxBias's answer once computed (maxBiasSet).
	maxBiasAbs int64
	maxBiasSet bool
	// fitsFor is the operands for which accFits32 found int32 exact from
	// their storage types alone, an answer that holds for any data of
	// those types (a cached requant sees the same ones run after run).
	fitsFor storageFits
}

// storageFits is what IntegerStorageFits32 decides from: the input's type
// and zero point, the weight (its type and zero points are the op's) and
// the depth.
type storageFits struct {
	xt    tensor.DType
	xZero int32
	w     *tensor.Tensor
	k     int
}

// requantEntry is an op's requant as computed for one bias tensor.
type requantEntry struct {
	r    *requant
	bias *tensor.Tensor
}

// cachedRequant is newRequant, computed once per interpreter and op when
// the bias is absent or a constant (the same tensor run after run): the
// types it reads cannot change while the interpreter lives.
func (c *opCall) cachedRequant(xq *quant.UniformType, wScales []float64, yq *quant.UniformType, biasIdx int, channels int) (*requant, error) {
	var bias *tensor.Tensor
	cacheable := c.it != nil
	if biasIdx >= 0 && biasIdx < len(c.in) {
		bias = c.in[biasIdx]
		d := c.op.Operand(biasIdx).DefiningOp()
		cacheable = cacheable && d != nil && c.it.consts[d] == bias
	}
	if cacheable {
		if e, ok := c.it.requants[c.op]; ok && e.bias == bias && len(e.r.mult) == len(wScales) {
			return e.r, nil
		}
	}
	r, err := newRequant(c, xq, wScales, yq, biasIdx, channels)
	if err == nil && cacheable {
		if c.it.requants == nil {
			c.it.requants = map[*ir.Operation]requantEntry{}
		}
		c.it.requants[c.op] = requantEntry{r, bias}
	}
	return r, err
}

func newRequant(c *opCall, xq *quant.UniformType, wScales []float64, yq *quant.UniformType, biasIdx int, channels int) (*requant, error) {
	r := newRequantScales(xq.Scale, wScales, quantize.Params(yq.Params()))
	if biasIdx < 0 || biasIdx >= len(c.in) {
		return r, nil
	}
	b := c.in[biasIdx]
	if b.Len() != channels {
		return nil, fmt.Errorf("expects a bias of %d values, got %d", channels, b.Len())
	}
	if quant.ElementType(c.op.Operand(biasIdx).Type()) != nil {
		r.biasI = make([]int32, channels)
		for i, v := range b.IntValues() {
			r.biasI[i] = int32(v)
		}
		return r, nil
	}
	if b.DType() != tensor.F32 {
		return nil, fmt.Errorf("expects an f32 or quantized i32 bias, got %s", b.DType())
	}
	r.biasF = b.Float32s()
	return r, nil
}

// newRequantScales maps accumulators of inputs of scale xScale by
// weights of scales wScales (one, or one per channel) to out, without a
// bias.
func newRequantScales(xScale float64, wScales []float64, out quantize.Params) *requant {
	r := &requant{out: out, mult: make([]float32, len(wScales)), accScale: make([]float32, len(wScales))}
	for i, s := range wScales {
		r.mult[i] = quantize.OutputScale32(xScale, s, out.Scale)
		r.accScale[i] = float32(float32(xScale) * float32(s))
	}
	return r
}

// at is the stored result for accumulator acc of channel ch. The int32
// paths are taken only where acc plus an i32 bias cannot wrap (accFits32),
// so adding the bias in int64 gives what int32 would.
func (r *requant) at(acc int64, ch int) int64 {
	k := min(ch, len(r.mult)-1)
	switch {
	case r.biasF != nil:
		v := float32(float32(acc)*r.accScale[k]) + r.biasF[ch]
		return r.out.Quantize32(v)
	case r.biasI != nil:
		acc += int64(r.biasI[ch])
	}
	return r.out.RequantizeAcc64(acc, r.mult[k])
}

// maxBias is the largest |i32 bias| added to an accumulator.
func (r *requant) maxBias() int64 {
	if !r.maxBiasSet {
		for _, b := range r.biasI {
			r.maxBiasAbs = max(r.maxBiasAbs, abs64(int64(b)))
		}
		r.maxBiasSet = true
	}
	return r.maxBiasAbs
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// accFits32 reports whether the int32 kernels are exact for operands x
// and w of depth k and r's bias (tensor.IntegerAccFits32).
func (r *requant) accFits32(x *tensor.Tensor, xZero int32, w *tensor.Tensor, wZeros []int32, k int) bool {
	key := storageFits{x.DType(), xZero, w, k}
	if r.fitsFor == key {
		return true
	}
	if tensor.IntegerStorageFits32(x.DType(), xZero, w.DType(), wZeros, k, r.maxBias()) {
		r.fitsFor = key
		return true
	}
	return tensor.IntegerAccFits32(x, xZero, w, wZeros, k, r.maxBias())
}

// fast is r as tensor.Requantizer, which computes what at does for an
// i32 bias or none.
func (r *requant) fast() *tensor.Requantizer {
	if r.fastR == nil {
		r.fastR = &tensor.Requantizer{Scale: r.mult, Bias: r.biasI, Zero: int32(r.out.ZeroPoint), Min: int32(r.out.Min), Max: int32(r.out.Max)}
	}
	return r.fastR
}

// requantInto returns the tensor of dt (8 or 16 bits) the op's result is
// stored into by tensor.Requantizer, or nil when r needs at (an f32
// bias) or dt is another width.
func (c *opCall) requantInto(r *requant, dt tensor.DType, shape []int64, recycle bool) *tensor.Tensor {
	if r.biasF != nil || !reusable[dt] || dt == tensor.F32 {
		return nil
	}
	if r.out.Min < -(1<<20) || r.out.Max > 1<<20 || r.out.ZeroPoint < -(1<<20) || r.out.ZeroPoint > 1<<20 {
		return nil
	}
	if recycle {
		if y := c.out(dt, shape); y != nil {
			return y
		}
	}
	return tensor.New(dt, shape...)
}

// storeInts makes a tensor of dt from n stored values.
func storeInts(dt tensor.DType, shape []int64, n int, f func(i int) int64) (*tensor.Tensor, error) {
	switch dt {
	case tensor.I8:
		s := make([]int8, n)
		for i := range s {
			s[i] = int8(f(i))
		}
		return tensor.FromSlice(dt, shape, s)
	case tensor.U8:
		s := make([]uint8, n)
		for i := range s {
			s[i] = uint8(f(i))
		}
		return tensor.FromSlice(dt, shape, s)
	case tensor.I16:
		s := make([]int16, n)
		for i := range s {
			s[i] = int16(f(i))
		}
		return tensor.FromSlice(dt, shape, s)
	case tensor.U16:
		s := make([]uint16, n)
		for i := range s {
			s[i] = uint16(f(i))
		}
		return tensor.FromSlice(dt, shape, s)
	}
	return nil, fmt.Errorf("cannot store quantized values as %s", dt)
}

func qConv(c *opCall) ([]*tensor.Tensor, error) {
	xq, err := perTensor(c.op.Operand(0).Type(), "the input")
	if err != nil {
		return nil, err
	}
	yq, err := perTensor(c.op.Result(0).Type(), "the result")
	if err != nil {
		return nil, err
	}
	wScales, wZeros, err := channelScalesCached(c.it, c.op.Operand(1).Type())
	if err != nil {
		return nil, err
	}
	s, err := c.intsN("strides", 2, nil)
	if err != nil {
		return nil, err
	}
	pd, err := c.intsN("padding", 4, nil)
	if err != nil {
		return nil, err
	}
	d, err := c.intsN("dilations", 2, nil)
	if err != nil {
		return nil, err
	}
	groups, err := c.int("groups")
	if err != nil {
		return nil, err
	}
	p := tensor.Conv2DParams{Strides: [2]int{int(s[0]), int(s[1])}, Dilations: [2]int{int(d[0]), int(d[1])},
		Pads: [4]int{int(pd[0]), int(pd[1]), int(pd[2]), int(pd[3])}, Groups: int(groups)}
	x, w := c.in[0], c.in[1]
	shape, err := tensor.ConvIntegerOutShape(x.Shape(), w.Shape(), p)
	if err != nil {
		return nil, err
	}
	m := int(shape[1])
	r, err := c.cachedRequant(xq, wScales, yq, 2, m)
	if err != nil {
		return nil, err
	}
	dt, err := StorageDType(yq)
	if err != nil {
		return nil, err
	}
	return one(c.convRequant(x, int32(xq.ZeroPoint), w, wZeros, c.packedConvInteger(wZeros, p.Groups), p, r, dt, shape, true))
}

// convRequant is the integer convolution of stored x (zero point xZero)
// by w (per-output-channel zero points wZeros; pw, when not nil, w packed
// once) requantized by r into dt: tile by tile as the GEMM finishes them
// where the 8-bit rows apply (into a recycled buffer when recycle is
// set), else through int32 accumulators and the scalar requantizer.
func (c *opCall) convRequant(x *tensor.Tensor, xZero int32, w *tensor.Tensor, wZeros []int32, pw *tensor.PackedConvInteger,
	p tensor.Conv2DParams, r *requant, dt tensor.DType, shape []int64, recycle bool) (*tensor.Tensor, error) {
	m := int(shape[1])
	n := int(shape[0] * shape[1] * shape[2] * shape[3])
	ohw := max(int(shape[2]*shape[3]), 1)
	if !r.accFits32(x, xZero, w, wZeros, w.Len()/max(m, 1)) {
		acc := make([]int64, n)
		if err := tensor.ConvIntegerWideInto(acc, x, xZero, w, wZeros, p); err != nil {
			return nil, err
		}
		return storeInts(dt, shape, n, func(i int) int64 { return r.at(acc[i], (i/ohw)%m) })
	}
	accp := getAcc(n)
	defer accPool.Put(accp)
	acc := *accp
	if y := c.requantInto(r, dt, shape, recycle); y != nil {
		if err := tensor.ConvIntegerRequantInto(y, acc, x, xZero, w, wZeros, pw, p, r.fast()); err == nil {
			return y, nil
		}
	}
	var err error
	if pw != nil {
		err = tensor.ConvIntegerPackedInto(acc, x, xZero, pw, p)
	} else {
		err = tensor.ConvIntegerInto(acc, x, xZero, w, wZeros, p)
	}
	if err != nil {
		return nil, err
	}
	return storeInts(dt, shape, n, func(i int) int64 { return r.at(int64(acc[i]), (i/ohw)%m) })
}

func qMatMul(c *opCall) ([]*tensor.Tensor, error) {
	aq, err := perTensor(c.op.Operand(0).Type(), "lhs")
	if err != nil {
		return nil, err
	}
	yq, err := perTensor(c.op.Result(0).Type(), "the result")
	if err != nil {
		return nil, err
	}
	wScales, wZeros, err := channelScalesCached(c.it, c.op.Operand(1).Type())
	if err != nil {
		return nil, err
	}
	a, b := c.in[0], c.in[1]
	shape, err := tensor.MatMulIntegerOutShape(a.Shape(), b.Shape())
	if err != nil {
		return nil, err
	}
	cols := int(shape[len(shape)-1])
	biasIdx := -1
	if c.op.NumOperands() > 2 {
		biasIdx = 2 // QGemm's int32 bias, added to every row's sums
	}
	r, err := c.cachedRequant(aq, wScales, yq, biasIdx, cols)
	if err != nil {
		return nil, err
	}
	dt, err := StorageDType(yq)
	if err != nil {
		return nil, err
	}
	return one(c.matMulRequant(a, int32(aq.ZeroPoint), b, wZeros, r, dt, shape, true))
}

// matMulRequant is the integer matmul of stored a (zero point aZero) and
// b (per-column zero points bZeros), requantized by r into dt: the
// accumulators of shape's elements, then one 8-bit row conversion (into a
// recycled buffer when recycle is set) or the scalar requantizer.
func (c *opCall) matMulRequant(a *tensor.Tensor, aZero int32, b *tensor.Tensor, bZeros []int32, r *requant, dt tensor.DType, shape []int64, recycle bool) (*tensor.Tensor, error) {
	cols := int(shape[len(shape)-1])
	n := 1
	for _, v := range shape {
		n *= int(v)
	}
	if k := a.Shape(); len(k) > 0 && !r.accFits32(a, aZero, b, bZeros, int(k[len(k)-1])) {
		acc := make([]int64, n)
		if err := tensor.MatMulIntegerWideInto(acc, a, aZero, b, bZeros); err != nil {
			return nil, err
		}
		return storeInts(dt, shape, n, func(i int) int64 { return r.at(acc[i], i%max(cols, 1)) })
	}
	accp := getAcc(n)
	defer accPool.Put(accp)
	acc := *accp
	pb := c.packedMatMulInteger(b, bZeros)
	if y := c.requantInto(r, dt, shape, recycle); y != nil && pb != nil {
		if err := tensor.MatMulIntegerRequantInto(y, acc, a, aZero, b, bZeros, pb, r.fast()); err == nil {
			return y, nil
		}
	}
	if err := tensor.MatMulIntegerPackedInto(acc, a, aZero, b, bZeros, pb); err != nil {
		return nil, err
	}
	if y := c.requantInto(r, dt, shape, recycle); y != nil {
		if err := r.fast().RequantizeMatMul(y, acc, cols); err == nil {
			return y, nil
		}
	}
	return storeInts(dt, shape, n, func(i int) int64 { return r.at(int64(acc[i]), i%max(cols, 1)) })
}

func qAdd(c *opCall) ([]*tensor.Tensor, error) {
	var ps [3]quantize.Params
	for i, t := range []ir.Type{c.op.Operand(0).Type(), c.op.Operand(1).Type(), c.op.Result(0).Type()} {
		u, err := perTensor(t, "operands and result")
		if err != nil {
			return nil, err
		}
		ps[i] = quantize.Params(u.Params())
	}
	dt, err := StorageDType(quant.ElementType(c.op.Result(0).Type()))
	if err != nil {
		return nil, err
	}
	return addStored(c, c.in[0], c.in[1], ps, dt)
}

// addStored is QLinearAdd of stored a and b (operands of c) with parameters ps (a, b,
// result), giving stored values of dt.
func addStored(c *opCall, a, b *tensor.Tensor, ps [3]quantize.Params, dt tensor.DType) ([]*tensor.Tensor, error) {
	shape, err := tensor.BroadcastShapes(a.Shape(), b.Shape())
	if err != nil {
		return nil, err
	}
	ap := quantize.NewAddParams(ps[0], ps[1], ps[2])
	if y := qAddSIMD(c, ap, a, b, dt, shape); y != nil {
		return []*tensor.Tensor{y}, nil
	}
	ai, bi := broadcastIndex(a.Shape(), shape), broadcastIndex(b.Shape(), shape)
	av, err := storedReader(a)
	if err != nil {
		return nil, err
	}
	bv, err := storedReader(b)
	if err != nil {
		return nil, err
	}
	n := 1
	for _, d := range shape {
		n *= int(d)
	}
	// ORT's broadcast loop calls the kernel per span of the innermost
	// dimensions that broadcast alike; an operand fixed over its span is
	// folded into the constant first (a float32 product and sum).
	scalarA, scalarB := addSpanKind(a.Shape(), b.Shape(), shape)
	return one(storeInts(dt, shape, n, func(i int) int64 {
		x, y := av(ai(i)), bv(bi(i))
		switch {
		case scalarA:
			return ap.AddToB(y, ap.ScalarA(x))
		case scalarB:
			return ap.AddToA(x, ap.ScalarB(y))
		}
		return ap.Add(x, y)
	}))
}

// broadcastIndex maps a flat index of out to the flat index of an operand
// of shape in broadcast to it.
func broadcastIndex(in, out []int64) func(i int) int {
	r := len(out)
	strides := make([]int, r)
	st := 1
	for k := len(in) - 1; k >= 0; k-- {
		d := r - len(in) + k
		if in[k] != 1 {
			strides[d] = st
		}
		st *= int(in[k])
	}
	dims := make([]int, r)
	for k, v := range out {
		dims[k] = int(v)
	}
	return func(i int) int {
		idx := 0
		for k := r - 1; k >= 0; k-- {
			if dims[k] == 0 {
				return 0
			}
			idx += (i % dims[k]) * strides[k]
			i /= dims[k]
		}
		return idx
	}
}

// addSpanKind says whether, over ORT's innermost span, a (or b) is one
// broadcast value: a single-element operand, or the innermost output
// dimension larger than 1 broadcasts it.
func addSpanKind(as, bs, out []int64) (scalarA, scalarB bool) {
	if numel(as) == 1 {
		return true, false
	}
	if numel(bs) == 1 {
		return false, true
	}
	dim := func(s []int64, k int) int64 {
		if j := k - (len(out) - len(s)); j >= 0 {
			return s[j]
		}
		return 1
	}
	for k := len(out) - 1; k >= 0; k-- {
		if out[k] == 1 {
			continue
		}
		return dim(as, k) == 1, dim(bs, k) == 1
	}
	return false, false
}

func numel(s []int64) int64 {
	n := int64(1)
	for _, d := range s {
		n *= d
	}
	return n
}

// storedReader reads a tensor of stored integers without copying it.
func storedReader(t *tensor.Tensor) (func(i int) int64, error) {
	switch d := t.Data().(type) {
	case []int8:
		return func(i int) int64 { return int64(d[i]) }, nil
	case []uint8:
		return func(i int) int64 { return int64(d[i]) }, nil
	case []int16:
		return func(i int) int64 { return int64(d[i]) }, nil
	case []uint16:
		if t.DType() == tensor.U16 {
			return func(i int) int64 { return int64(d[i]) }, nil
		}
	}
	return nil, fmt.Errorf("expects 8- or 16-bit stored integers, got %s", t.DType())
}

// qAddSIMD is qAdd of 8-bit operands of the result's shape, or with one
// a single value, through tensor.QAddRow8 (the scalar AddParams finish
// each row's tail); nil when the operands are otherwise.
func qAddSIMD(c *opCall, ap quantize.AddParams, a, b *tensor.Tensor, dt tensor.DType, shape []int64) *tensor.Tensor {
	n := int(numel(shape))
	an, bn := a.Len(), b.Len()
	if dt != tensor.I8 && dt != tensor.U8 || n == 0 {
		return nil
	}
	// One operand may repeat along the outer axes (a bias row added to
	// every token): each row is then a span where both vary.
	rows := (an == n && bn > 1 && bn < n && trailingOf(b.Shape(), shape)) ||
		(bn == n && an > 1 && an < n && trailingOf(a.Shape(), shape))
	if rows {
		if sa, sb := addSpanKind(a.Shape(), b.Shape(), shape); sa || sb {
			return nil
		}
	}
	if !rows && ((an != n && an != 1) || (bn != n && bn != 1) || (an == 1 && bn == 1)) {
		return nil
	}
	if (an == n && !slicesEqual(a.Shape(), shape)) || (bn == n && !slicesEqual(b.Shape(), shape)) {
		return nil
	}
	y := c.out(dt, shape)
	if y == nil {
		y = tensor.New(dt, shape...)
	}
	ok := false
	switch d := y.Data().(type) {
	case []int8:
		ok = qAddOut(d, ap, a, b)
	case []uint8:
		ok = qAddOut(d, ap, a, b)
	}
	if !ok {
		return nil
	}
	return y
}

// trailingOf reports whether s, less its leading 1s, is out's trailing
// dimensions: s broadcast to out repeats every numel(s) values.
func trailingOf(s, out []int64) bool {
	for len(s) > 0 && s[0] == 1 {
		s = s[1:]
	}
	return len(s) <= len(out) && slicesEqual(s, out[len(out)-len(s):])
}

func slicesEqual(x, y []int64) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

func qAddOut[TC int8 | uint8](dst []TC, ap quantize.AddParams, a, b *tensor.Tensor) bool {
	switch x := a.Data().(type) {
	case []int8:
		return qAddOutA(dst, ap, x, a.DType(), b)
	case []uint8:
		return qAddOutA(dst, ap, x, a.DType(), b)
	}
	return false
}

func qAddOutA[TC, TA int8 | uint8](dst []TC, ap quantize.AddParams, a []TA, adt tensor.DType, b *tensor.Tensor) bool {
	if adt != tensor.I8 && adt != tensor.U8 || (b.DType() != tensor.I8 && b.DType() != tensor.U8) {
		return false
	}
	switch y := b.Data().(type) {
	case []int8:
		qAddRows(dst, ap, a, y)
		return true
	case []uint8:
		qAddRows(dst, ap, a, y)
		return true
	}
	return false
}

// qAddRows computes dst from a and b, each of len(dst) values, one, or
// (one of them) a row repeated over dst, in chunks over the SetThreads
// goroutines.
func qAddRows[TC, TA, TB int8 | uint8](dst []TC, ap quantize.AddParams, a []TA, b []TB) {
	if row := min(len(a), len(b)); row > 1 && row < len(dst) {
		per := max(1, (1<<14)/row) // rows per chunk
		rows := len(dst) / row
		tensor.Parallel((rows+per-1)/per, float64(len(dst))*4, func(t int) {
			for r := t * per; r < min(rows, (t+1)*per); r++ {
				lo, hi := r*row, (r+1)*row
				qAddSpan(dst[lo:hi], ap, rowOf(a, lo, hi), rowOf(b, lo, hi))
			}
		})
		return
	}
	const chunk = 1 << 14
	if len(dst) <= chunk { // one chunk: no closure to allocate
		qAddSpan(dst, ap, a, b)
		return
	}
	tensor.Parallel((len(dst)+chunk-1)/chunk, float64(len(dst))*4, func(t int) {
		lo, hi := t*chunk, min((t+1)*chunk, len(dst))
		qAddSpan(dst[lo:hi], ap, span(a, lo, hi), span(b, lo, hi))
	})
}

// rowOf is s[lo:hi], or s when it is the repeated row.
func rowOf[T int8 | uint8](s []T, lo, hi int) []T {
	if len(s) == hi-lo {
		return s
	}
	return s[lo:hi]
}

// span is s[lo:hi], or s when it holds one broadcast value.
func span[T int8 | uint8](s []T, lo, hi int) []T {
	if len(s) == 1 {
		return s
	}
	return s[lo:hi]
}

func qAddSpan[TC, TA, TB int8 | uint8](dst []TC, ap quantize.AddParams, a []TA, b []TB) {
	lo, hi := int32(ap.Out.Min), int32(ap.Out.Max)
	switch {
	case len(b) == 1 && len(a) == len(dst):
		k := ap.ScalarB(int64(b[0]))
		i := tensor.QAddRow8(dst, a, a, ap.RatioA, 0, k, lo, hi)
		for ; i < len(dst); i++ {
			dst[i] = TC(ap.AddToA(int64(a[i]), k))
		}
	case len(a) == 1 && len(b) == len(dst):
		k := ap.ScalarA(int64(a[0]))
		i := tensor.QAddRow8(dst, b, b, ap.RatioB, 0, k, lo, hi)
		for ; i < len(dst); i++ {
			dst[i] = TC(ap.AddToB(int64(b[i]), k))
		}
	default:
		i := tensor.QAddRow8(dst, a, b, ap.RatioA, ap.RatioB, ap.K, lo, hi)
		for ; i < len(dst); i++ {
			dst[i] = TC(ap.Add(int64(a[i]), int64(b[i])))
		}
	}
}

// packedConvInteger returns the packed 8-bit weight (operand 1) of a
// quantized convolution when it is a cached constant, packing it on first
// use; nil otherwise (the kernel then packs per call).
func (c *opCall) packedConvInteger(wZero []int32, groups int) *tensor.PackedConvInteger {
	if c.it == nil || len(c.in) < 2 || c.op.NumOperands() < 2 {
		return nil
	}
	w := c.in[1]
	d := c.op.Operand(1).DefiningOp()
	if d == nil || c.it.consts[d] != w || (w.DType() != tensor.I8 && w.DType() != tensor.U8) || w.Rank() != 4 {
		return nil
	}
	if c.it.qpacked == nil {
		c.it.qpacked = map[packKey]qpackedEntry{}
	}
	k := packKey{w, groups}
	if e, ok := c.it.qpacked[k]; ok {
		if e.pw != nil && (sameSlice(e.zeros, wZero) || slices.Equal(e.pw.Zeros(), wZero)) {
			return e.pw
		}
		return nil
	}
	pw, err := tensor.PackConvInteger(w, wZero, groups)
	if err != nil {
		pw = nil
	}
	c.it.qpacked[k] = qpackedEntry{pw, wZero}
	return pw
}

// packedMatMulInteger returns the 2-D 8-bit weight b (operand 1) of a
// quantized matmul packed for the quad kernel when it is a cached constant
// the kernel takes, packing it on first use; nil otherwise.
func (c *opCall) packedMatMulInteger(b *tensor.Tensor, bZeros []int32) *tensor.PackedMatMulInteger {
	if c.it == nil || len(c.in) < 2 || c.in[1] != b || b.Rank() != 2 {
		return nil
	}
	d := c.op.Operand(1).DefiningOp()
	if d == nil || c.it.consts[d] != b {
		return nil
	}
	if c.it.qmpacked == nil {
		c.it.qmpacked = map[*tensor.Tensor]qmpackedEntry{}
	}
	if e, ok := c.it.qmpacked[b]; ok {
		if sameSlice(e.zeros, bZeros) || slices.Equal(e.zeros, bZeros) {
			return e.pb
		}
		return nil
	}
	pb := tensor.PackMatMulInteger(b, bZeros)
	c.it.qmpacked[b] = qmpackedEntry{pb, bZeros}
	return pb
}

// qmpackedEntry is a packed matmul weight (nil: the quad kernel does not
// take it) and the zero points it was packed with.
type qmpackedEntry struct {
	pb    *tensor.PackedMatMulInteger
	zeros []int32
}

// qpackedEntry is a packed weight and the zero points it was asked for
// with (the op type's cached slice: the same one run after run, so that
// it is recognised without comparing every channel's).
type qpackedEntry struct {
	pw    *tensor.PackedConvInteger
	zeros []int32
}

// sameSlice reports whether a and b are the same slice of the same array.
func sameSlice(a, b []int32) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
