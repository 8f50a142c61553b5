package onnx

import (
	"math"

	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
)

// Quantization operators. Quantized tensors meet torch ops only at
// quant.qcast and quant.dcast: QuantizeLinear is a qcast to a
// !quant.uniform tensor, DequantizeLinear a dcast of the stored integers
// seen as that type (quant.scast, or the qcast's result itself), and the
// QLinear ops are dcast → the float torch op → qcast, as ONNX's QDQ form
// reads. Scales and zero points live in the types, so they must be
// constants. ConvInteger and MatMulInteger stay integer arithmetic.
//
// A quantized result keeps its ONNX type (the storage integers) for every
// other consumer: materialize makes the integers from it by quant.scast
// only when one needs them (a graph output, a Cast, …).
func init() {
	register(
		entry{op: "QuantizeLinear", from: 10, to: 17, in: 2, convert: convQuantize},
		entry{op: "DequantizeLinear", from: 10, to: 17, in: 2, convert: convDequantize},
		entry{op: "DynamicQuantizeLinear", from: 11, to: 17, convert: convDynamicQuantize},
		entry{op: "QLinearConv", from: 10, to: 17, in: 8, convert: convQLinearConv},
		entry{op: "QLinearMatMul", from: 10, to: 17, in: 8, convert: convQLinearMatMul},
		entry{op: "ConvInteger", from: 10, to: 17, in: 2, convert: convConvInteger},
		entry{op: "MatMulInteger", from: 10, to: 17, in: 2, convert: convMatMulInteger},
	)
}

// qparams is a quantized operand's type and its scales (one, or one per
// index of the quantized axis).
type qparams struct {
	typ       quant.QuantizedType
	scales    []float64
	expressed *ir.FloatType
}

// perAxis is the quantized axis of QuantizeLinear and DequantizeLinear
// (opset 13 added it; before, parameters are per tensor).
func (c *nodeCtx) perAxis() (int64, bool, error) {
	if c.opset < 13 {
		return 0, false, nil
	}
	axis, err := c.attrInt("axis", 1)
	return axis, true, err
}

// qtype reads the scale (input si) and zero point (input zi, optional)
// of an operand of the given shape. storage is the element type the
// zero point must have (nil: any integer type), def the storage when the
// zero point is absent. A scale with more than one element is per axis
// along axis, when allowed.
func (c *nodeCtx) qtype(si, zi int, sname, zname string, storage, def ir.Type, shape []int64, axis int64, allowAxis bool) (*qparams, error) {
	sh := c.host(si)
	if sh == nil || !sh.known() {
		return nil, c.needsConstant(sname, "run-time input '%s' is not supported: quantization parameters live in the quantized type, so it must be a constant", sname)
	}
	ft, ok := sh.elem.(*ir.FloatType)
	if !ok {
		return nil, c.errorf("input '%s' must be a float tensor, got %s", sname, sh.elem)
	}
	if len(sh.shape) > 1 {
		return nil, c.errorf("input '%s' must be a scalar or 1-D, got shape [%s]", sname, fmtShape(sh.shape))
	}
	scales := make([]float64, sh.len())
	for i := range scales {
		scales[i] = sh.float(i)
		if !(scales[i] > 0) || math.IsInf(scales[i], 0) {
			return nil, c.unsupportedf("'%s' %v is not supported: a quantized type needs positive finite scales", sname, scales[i])
		}
	}
	return c.qtypeWith(scales, ft, zi, sname, zname, storage, def, shape, axis, allowAxis)
}

// qtypeWith is qtype with the scales given. With sname "" (scales that
// come from the caller, not a model input), one scale and a zero point of
// several elements, that scale applies to every channel.
func (c *nodeCtx) qtypeWith(scales []float64, ft *ir.FloatType, zi int, sname, zname string, storage, def ir.Type, shape []int64, axis int64, allowAxis bool) (*qparams, error) {
	n := len(scales)
	zps := make([]int64, n)
	st := def
	if c.has(zi) {
		zh := c.host(zi)
		if zh == nil || !zh.known() {
			return nil, c.needsConstant(zname, "run-time input '%s' is not supported: quantization parameters live in the quantized type, so it must be a constant", zname)
		}
		if !isIntType(zh.elem) {
			return nil, c.unsupportedf("input '%s' of type %s is not supported: quantized storage must be an integer type", zname, zh.elem)
		}
		if len(zh.shape) > 1 {
			return nil, c.errorf("input '%s' must be a scalar or 1-D, got shape [%s]", zname, fmtShape(zh.shape))
		}
		if n == 1 && zh.len() > 1 && sname == "" {
			for len(scales) < zh.len() {
				scales = append(scales, scales[0])
			}
			n, zps = zh.len(), make([]int64, zh.len())
		}
		if zh.len() != n {
			return nil, c.errorf("input '%s' has %d elements but '%s' has %d", zname, zh.len(), sname, n)
		}
		st = zh.elem
		copy(zps, zh.ints)
	}
	if storage != nil && st != storage {
		return nil, c.errorf("input '%s' is %s but the quantized values are %s", zname, st, storage)
	}
	it, ok := st.(*ir.IntegerType)
	if !ok || it.Width < 2 || it.Width > quant.MaxStorageBits {
		return nil, c.unsupportedf("quantized values of type %s are not supported (storage of 2 to %d bits)", st, quant.MaxStorageBits)
	}
	lo, hi := quant.DefaultStorageRange(it)
	p := &qparams{scales: scales, expressed: ft}
	var err error
	if n == 1 {
		p.typ, err = quant.NewUniform(c.im.ctx, it, lo, hi, ft, scales[0], zps[0])
	} else {
		what := sname
		if what == "" {
			what = zname
		}
		if !allowAxis {
			return nil, c.errorf("input '%s' must have one element, got %d", what, n)
		}
		ax, aerr := normAxis(axis, len(shape))
		if aerr != nil {
			return nil, c.errorf("%v", aerr)
		}
		if shape[ax] >= 0 && shape[ax] != int64(n) {
			return nil, c.errorf("input '%s' has %d elements but dim %d of the quantized tensor has %d", what, n, ax, shape[ax])
		}
		p.typ, err = quant.NewUniformPerAxis(c.im.ctx, it, lo, hi, ft, ax, scales, zps)
	}
	if err != nil {
		return nil, c.errorf("input '%s': %v", zname, err)
	}
	return p, nil
}

// quantOp creates a quant cast of x to type t at the node.
func (c *nodeCtx) quantOp(name string, x *ir.Value, t ir.Type) *ir.Value {
	if c.err != nil || x == nil {
		return nil
	}
	ctx := c.im.ctx
	op := ctx.NewOperation(ir.OperationState{Name: name, Operands: []*ir.Value{x}, ResultTypes: []ir.Type{t}, Loc: c.loc})
	if err := ctx.LookupOp(name).Verify(op); err != nil {
		op.DropAllReferences()
		c.err = c.errorf("'%s' op %v", name, err)
		return nil
	}
	c.im.b.Insert(op)
	return op.Result(0)
}

// withElem is v's tensor type with element type elem.
func (c *nodeCtx) withElem(v *ir.Value, elem ir.Type) ir.Type {
	return c.im.ctx.TensorType(shapeOf(v), elem, nil)
}

// quantized is input i as a tensor of quantized type qt: the quantized
// result of an earlier node when it has that very type, else its stored
// integers through quant.scast.
func (c *nodeCtx) quantized(i int, qt quant.QuantizedType) *ir.Value {
	if c.err != nil {
		return nil
	}
	in := c.input(i)
	t := c.im.ctx.TensorType(in.typ.Shape, qt, nil)
	if in.q != nil && in.q.Type() == t {
		return in.q
	}
	return c.quantOp("quant.scast", c.arg(i), t)
}

// dequantized is input i dequantized with the parameters p.
func (c *nodeCtx) dequantized(i int, p *qparams) *ir.Value {
	q := c.quantized(i, p.typ)
	if q == nil {
		return nil
	}
	return c.quantOp("quant.dcast", q, c.withElem(q, p.expressed))
}

// quantResult quantizes the float value y to qt and makes it output i.
func (c *nodeCtx) quantResult(i int, y *ir.Value, qt quant.QuantizedType) error {
	q := c.quantOp("quant.qcast", y, c.withElem(y, qt))
	if c.err != nil {
		return c.err
	}
	if i >= len(c.node.Outputs) || c.node.Outputs[i] == "" {
		return nil
	}
	st, _, _, _ := quant.StorageOf(qt)
	name := c.node.Outputs[i]
	c.im.vals[name] = &value{name: name, typ: c.im.ctx.TensorType(shapeOf(q), st, nil), q: q, loc: c.loc}
	c.set[i] = true
	return nil
}

func convQuantize(c *nodeCtx) error {
	axis, allow, err := c.perAxis()
	if err != nil {
		return err
	}
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	if !isFloatType(elemOf(x)) {
		return c.errorf("input 'x' must be a float tensor, got %s", x.Type())
	}
	p, err := c.qtype(1, 2, "y_scale", "y_zero_point", nil, c.im.ctx.IntegerType(8, ir.Unsigned), shapeOf(x), axis, allow)
	if err != nil {
		return err
	}
	if ir.Type(p.expressed) != elemOf(x) {
		return c.errorf("input 'y_scale' is %s but 'x' is %s", p.expressed, elemOf(x))
	}
	return c.quantResult(0, x, p.typ)
}

func convDequantize(c *nodeCtx) error {
	axis, allow, err := c.perAxis()
	if err != nil {
		return err
	}
	x := c.input(0)
	p, err := c.qtype(1, 2, "x_scale", "x_zero_point", x.typ.Elem, x.typ.Elem, x.typ.Shape, axis, allow)
	if err != nil {
		return err
	}
	return c.result(c.dequantized(0, p))
}

// convQLinearConv: dcast x and w (w per tensor or per output channel),
// the bias B as i32 with scale x_scale·w_scale (computed in the scales'
// float type, as ONNX Runtime does) and zero point 0, Conv in float, then
// qcast to y's parameters.
func convQLinearConv(c *nodeCtx) error {
	x, w := c.input(0), c.input(3)
	xp, err := c.qtype(1, 2, "x_scale", "x_zero_point", x.typ.Elem, x.typ.Elem, x.typ.Shape, 0, false)
	if err != nil {
		return err
	}
	wp, err := c.qtype(4, 5, "w_scale", "w_zero_point", w.typ.Elem, w.typ.Elem, w.typ.Shape, 0, true)
	if err != nil {
		return err
	}
	yp, err := c.qtype(6, 7, "y_scale", "y_zero_point", nil, x.typ.Elem, nil, 0, false)
	if err != nil {
		return err
	}
	if wp.expressed != xp.expressed || yp.expressed != xp.expressed {
		return c.errorf("the scales must have one float type, got %s, %s and %s", xp.expressed, wp.expressed, yp.expressed)
	}
	var bias *ir.Value
	if c.has(8) {
		bp, err := c.biasParams(xp, wp, 8, 0)
		if err != nil {
			return err
		}
		bias = c.dequantized(8, bp)
	}
	xf, wf := c.dequantized(0, xp), c.dequantized(3, wp)
	if c.err != nil {
		return c.err
	}
	y, err := c.conv(xf, wf, bias)
	if err != nil {
		return err
	}
	return c.quantResult(0, y, yp.typ)
}

// biasParams is the i32 type of the bias input i: zero point 0, scale
// x_scale·w_scale per tensor or per channel along axis.
func (c *nodeCtx) biasParams(xp, wp *qparams, i, axis int) (*qparams, error) {
	if t := c.typ(i); !ir.IsInteger(t.Elem, 32) || isUnsigned(t.Elem) {
		return nil, c.errorf("input 'B' must be an int32 tensor, got %s", t)
	}
	scales := make([]float64, len(wp.scales))
	for k, s := range wp.scales {
		scales[k] = ir.RoundToFloatType(xp.expressed.Kind, xp.scales[0]*s)
		if !(scales[k] > 0) || math.IsInf(scales[k], 0) {
			return nil, c.unsupportedf("the bias scale x_scale·w_scale = %v is not supported: a quantized type needs positive finite scales", scales[k])
		}
	}
	i32 := c.im.ctx.I(32)
	lo, hi := quant.DefaultStorageRange(i32)
	p := &qparams{scales: scales, expressed: xp.expressed}
	var err error
	if len(scales) == 1 {
		p.typ, err = quant.NewUniform(c.im.ctx, i32, lo, hi, xp.expressed, scales[0], 0)
	} else {
		if bs := c.typ(i).Shape; len(bs) != 1 || bs[0] != int64(len(scales)) {
			return nil, c.errorf("input 'B' must have %d elements, one per output channel, got %s", len(scales), c.typ(i))
		}
		p.typ, err = quant.NewUniformPerAxis(c.im.ctx, i32, lo, hi, xp.expressed, axis, scales, make([]int64, len(scales)))
	}
	if err != nil {
		return nil, c.errorf("bias: %v", err)
	}
	return p, nil
}

// convQLinearMatMul: dcast a (per tensor or per row) and b (per tensor or
// per column), MatMul in float, qcast to y's parameters.
func convQLinearMatMul(c *nodeCtx) error {
	a, b := c.input(0), c.input(3)
	ra, rb := len(a.typ.Shape), len(b.typ.Shape)
	if ra < 2 || rb < 2 {
		return c.unsupportedf("operands of rank below 2 are not supported, got %s and %s", a.typ, b.typ)
	}
	ap, err := c.qtype(1, 2, "a_scale", "a_zero_point", a.typ.Elem, a.typ.Elem, a.typ.Shape, int64(ra-2), true)
	if err != nil {
		return err
	}
	bp, err := c.qtype(4, 5, "b_scale", "b_zero_point", b.typ.Elem, b.typ.Elem, b.typ.Shape, int64(rb-1), true)
	if err != nil {
		return err
	}
	yp, err := c.qtype(6, 7, "y_scale", "y_zero_point", nil, a.typ.Elem, nil, 0, false)
	if err != nil {
		return err
	}
	if bp.expressed != ap.expressed || yp.expressed != ap.expressed {
		return c.errorf("the scales must have one float type, got %s, %s and %s", ap.expressed, bp.expressed, yp.expressed)
	}
	y := c.emit("torch.aten.matmul", []*ir.Value{c.dequantized(0, ap), c.dequantized(3, bp)})
	if c.err != nil {
		return c.err
	}
	return c.quantResult(0, y, yp.typ)
}

// integerOperand is input i minus its zero point (input zi, optional;
// per tensor, or per index of axis) in f64: the stored integers seen as a
// quantized type of scale 1, dequantized, which is exact. (Core has no
// unsigned integer arithmetic, so u8 operands cannot be cast and
// subtracted as integers.)
func (c *nodeCtx) integerOperand(i, zi int, zname string, axis int64) *ir.Value {
	if c.err != nil {
		return nil
	}
	t := c.typ(i)
	if !isIntType(t.Elem) || ir.ElementByteWidth(t.Elem) > 2 {
		c.err = c.errorf("input #%d must be an 8- or 16-bit integer tensor, got %s", i, t)
		return nil
	}
	p, err := c.qtypeWith([]float64{1}, c.im.ctx.FloatType(ir.F64), zi, "", zname, t.Elem, t.Elem, t.Shape, axis, axis >= 0)
	if err != nil {
		c.err = err
		return nil
	}
	return c.dequantized(i, p)
}

// convConvInteger: (x − x_zp) ⊛ (w − w_zp) with int32 results, w_zp per
// tensor or per output channel. torch convolutions are float, so it runs
// in f64, exact while partial sums stay below 2^53 (8- and 16-bit
// products summed over fewer than 2^21 taps), then converts to i32.
func convConvInteger(c *nodeCtx) error {
	x := c.integerOperand(0, 2, "x_zero_point", -1)
	wt := c.integerOperand(1, 3, "w_zero_point", 0)
	if c.err != nil {
		return c.err
	}
	y, err := c.conv(x, wt, nil)
	if err != nil {
		return err
	}
	return c.result(c.emit("torch.aten.to.dtype", []*ir.Value{y}, c.dtype("dtype", c.im.ctx.I(32))))
}

// convMatMulInteger: (A − a_zp) · (B − b_zp) with int32 results, a_zp per
// tensor or per row of A, b_zp per tensor or per column of B; in f64 as
// ConvInteger.
func convMatMulInteger(c *nodeCtx) error {
	ra, rb := len(c.typ(0).Shape), len(c.typ(1).Shape)
	if ra < 2 || rb < 2 {
		return c.unsupportedf("operands of rank below 2 are not supported, got %s and %s", c.typ(0), c.typ(1))
	}
	a := c.integerOperand(0, 2, "a_zero_point", int64(ra-2))
	b := c.integerOperand(1, 3, "b_zero_point", int64(rb-1))
	y := c.emit("torch.aten.matmul", []*ir.Value{a, b})
	return c.result(c.emit("torch.aten.to.dtype", []*ir.Value{y}, c.dtype("dtype", c.im.ctx.I(32))))
}

// convDynamicQuantizeLinear computes uint8 parameters from x's range
// (widened to include 0) in float ops, as ONNX defines them:
// scale = (max − min) / 255, zero point = saturate(round(−min / scale)),
// y = saturate(round(x / scale) + zero point). The parameters are run-time
// values, so y and the zero point are not quantized types of them: the
// float integers they hold become u8 through a qcast of scale 1, which
// only saturates. (An all-zero x gives scale 0, and NaN as ONNX's formula
// does.)
func convDynamicQuantize(c *nodeCtx) error {
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	f32 := c.im.ctx.FloatType(ir.F32)
	if elemOf(x) != ir.Type(f32) {
		return c.errorf("input 'x' must be an f32 tensor, got %s", x.Type())
	}
	u8, err := quant.NewUniform(c.im.ctx, c.im.ctx.IntegerType(8, ir.Unsigned), 0, 255, f32, 1, 0)
	if err != nil {
		return c.errorf("%v", err)
	}
	dims := make([]int64, len(shapeOf(x)))
	for i := range dims {
		dims[i] = int64(i)
	}
	zero := c.scalarLike(x, 0)
	lo := c.emit("torch.aten.amin", []*ir.Value{x}, c.arr("dim", dims), c.flag("keepdim", false))
	hi := c.emit("torch.aten.amax", []*ir.Value{x}, c.arr("dim", dims), c.flag("keepdim", false))
	lo = c.emit("torch.aten.minimum", []*ir.Value{lo, zero})
	hi = c.emit("torch.aten.maximum", []*ir.Value{hi, zero})
	scale := c.emit("torch.aten.div.Tensor", []*ir.Value{c.emit("torch.aten.sub.Tensor", []*ir.Value{hi, lo}), c.scalarLike(x, 255)})
	zp := c.emit("torch.aten.sub.Tensor", []*ir.Value{zero, c.emit("torch.aten.div.Tensor", []*ir.Value{lo, scale})})
	zp = c.emit("torch.aten.clamp", []*ir.Value{c.emit("torch.aten.round", []*ir.Value{zp})}, c.f64("min", 0), c.f64("max", 255))
	y := c.emit("torch.aten.round", []*ir.Value{c.emit("torch.aten.div.Tensor", []*ir.Value{x, scale})})
	y = c.emit("torch.aten.add.Tensor", []*ir.Value{y, zp})
	if c.err != nil {
		return c.err
	}
	c.setIR(1, scale)
	if err := c.quantResult(2, zp, u8); err != nil {
		return err
	}
	return c.quantResult(0, y, u8)
}
