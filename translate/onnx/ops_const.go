package onnx

import (
	"math"

	"github.com/mlc-go/mlc/internal/onnxpb"
	"github.com/mlc-go/mlc/ir"
)

// Constants and values known at import time (Shape, Size, Constant,
// ConstantOfShape, Range), and the identities Identity and Dropout. The
// folds here are how exported shape computations (Shape → Gather →
// Concat → Reshape) turn into static reshapes.
func init() {
	register(
		entry{op: "Shape", from: 11, to: 14, fold: foldShape, typeOnly: true},
		entry{op: "Shape", from: 15, to: 17, fold: foldShape, typeOnly: true},
		entry{op: "Size", from: 11, to: 17, fold: foldSize, typeOnly: true},
		entry{op: "Constant", from: 11, to: 17, in: -1, fold: foldConstant},
		entry{op: "ConstantOfShape", from: 11, to: 17, fold: foldConstantOfShape},
		entry{op: "Range", from: 11, to: 17, in: 3, fold: foldRange},
		entry{op: "Identity", from: 11, to: 17, convert: convIdentity},
		entry{op: "Dropout", from: 11, to: 11, convert: convDropout},
		entry{op: "Dropout", from: 12, to: 17, convert: convDropout},
	)
}

// ---- Shape, Size ----

func foldShape(c *nodeCtx) error {
	if !c.has(0) {
		return c.errorf("input #0 is required")
	}
	in := c.typ(0).Shape
	r := int64(len(in))
	start, end := int64(0), r
	if c.opset >= 15 {
		var err error
		if start, err = c.attrInt("start", 0); err != nil {
			return err
		}
		if end, err = c.attrInt("end", r); err != nil {
			return err
		}
	}
	clamp := func(v int64) int64 {
		if v < 0 {
			v += r
		}
		return min(max(v, 0), r)
	}
	start, end = clamp(start), clamp(end)
	end = max(end, start)
	h := intsHost(c.im.ctx, in[start:end])
	for i, d := range in[start:end] {
		if d < 0 {
			h.setSym(i, dimSym{v: c.input(0), dim: int(start) + i})
		}
	}
	c.setHost(0, h)
	return nil
}

func foldSize(c *nodeCtx) error {
	if !c.has(0) {
		return c.errorf("input #0 is required")
	}
	n := int64(1)
	unknown := false
	for _, d := range c.typ(0).Shape {
		if d < 0 {
			unknown = true
			continue
		}
		n *= d
	}
	h := &host{elem: c.im.ctx.I(64), shape: []int64{}, ints: []int64{n}}
	if unknown {
		h.markUnknown(0)
	}
	c.setHost(0, h)
	return nil
}

// ---- Identity, Dropout ----

func convIdentity(c *nodeCtx) error {
	if !c.has(0) {
		return c.errorf("input #0 is required")
	}
	c.alias(0, 0)
	return nil
}

// convDropout is the inference form: the identity. Training mode with a
// constant ratio of 0 is the identity too (torchvision's Swin exports its
// attention dropout so). Its mask output is not supported.
func convDropout(c *nodeCtx) error {
	c.ignore("seed", "ratio")
	if c.opset >= 12 && c.has(2) {
		t, err := c.constScalar(2, "training_mode")
		if err != nil {
			return err
		}
		if t != 0 {
			ratio := 0.5 // ONNX's default
			if c.has(1) {
				if ratio, err = c.constScalar(1, "ratio"); err != nil {
					return err
				}
			}
			if ratio != 0 {
				return c.unsupportedf("training_mode = true is not supported with a non-zero ratio (inference only)")
			}
		}
	}
	return convIdentity(c)
}

// ---- constants ----

func foldConstant(c *nodeCtx) error {
	if len(c.node.Attrs) != 1 {
		return c.errorf("needs exactly one value attribute, got %d", len(c.node.Attrs))
	}
	ctx := c.im.ctx
	a := c.node.Attrs[0]
	c.read[a.Name] = true
	kind := a.Kind()
	switch {
	case a.Name == "value" && kind == onnxpb.AttrTensor && a.T != nil:
		typ, raw, err := c.im.tensorData(a.T)
		if err != nil {
			return typed(c.diag("value: %v", err), err)
		}
		c.setRaw(0, typ, raw)
	case a.Name == "value_float" && kind == onnxpb.AttrFloat && c.opset >= 12:
		c.setHost(0, scalarHost(ctx.F32(), float64(a.F)))
	case a.Name == "value_floats" && kind == onnxpb.AttrFloats && c.opset >= 12:
		h := newHost(ctx.F32(), []int64{int64(len(a.Floats))})
		for i, f := range a.Floats {
			h.floats[i] = float64(f)
		}
		c.setHost(0, h)
	case a.Name == "value_int" && kind == onnxpb.AttrInt && c.opset >= 12:
		c.setHost(0, &host{elem: ctx.I(64), shape: []int64{}, ints: []int64{a.I}})
	case a.Name == "value_ints" && kind == onnxpb.AttrInts && c.opset >= 12:
		c.setHost(0, intsHost(ctx, a.Ints))
	case a.Name == "sparse_value":
		return c.unsupportedf("sparse constants are not supported")
	case a.Name == "value_string" || a.Name == "value_strings":
		return c.unsupportedf("string constants are not supported")
	default:
		return c.errorf("attribute '%s' of kind %s is not a constant value at opset %d", a.Name, kind, c.opset)
	}
	return nil
}

func foldConstantOfShape(c *nodeCtx) error {
	shape, err := c.constInts(0, "input")
	if err != nil {
		return err
	}
	if _, err := onnxpb.Product(shape); err != nil {
		return c.errorf("shape %v: %v", shape, err)
	}
	ctx := c.im.ctx
	elem := ir.Type(ctx.F32())
	raw := make([]byte, 4)
	t, err := c.attrTensor("value")
	if err != nil {
		return err
	}
	if t != nil {
		typ, data, err := c.im.tensorData(t)
		if err != nil {
			return typed(c.diag("value: %v", err), err)
		}
		if typ.NumElements() != 1 {
			return c.errorf("value must have one element, got %s", typ)
		}
		elem, raw = typ.Elem, data
	}
	c.im.vals[c.node.Outputs[0]] = &value{name: c.node.Outputs[0], typ: ctx.TensorType(shape, elem, nil), raw: raw, splat: true, loc: c.loc}
	c.set[0] = true
	return nil
}

func foldRange(c *nodeCtx) error {
	s, l, d := c.host(0), c.host(1), c.host(2)
	for i, h := range []*host{s, l, d} {
		if !h.known() || h.len() != 1 || h.elem != s.elem {
			return c.errorf("input #%d must be a known scalar of the start's type", i)
		}
	}
	var n int64
	if isFloatType(s.elem) {
		if d.floats[0] == 0 || isNaNOrInf(s.floats[0]) || isNaNOrInf(l.floats[0]) || isNaNOrInf(d.floats[0]) {
			return c.errorf("delta must be non-zero and bounds finite")
		}
		f := math.Ceil((l.floats[0] - s.floats[0]) / d.floats[0])
		if f > maxFoldElems {
			return c.errorf("a Range of %g elements is too large to evaluate at import time", f)
		}
		n = int64(max(f, 0))
	} else {
		st, li, de := s.ints[0], l.ints[0], d.ints[0]
		if de == 0 {
			return c.errorf("delta must be non-zero")
		}
		f := math.Ceil((float64(li) - float64(st)) / float64(de))
		if f > maxFoldElems {
			return c.errorf("a Range of %g elements is too large to evaluate at import time", f)
		}
		n = int64(max(f, 0))
	}
	h := newHost(s.elem, []int64{n})
	for i := int64(0); i < n; i++ {
		if isFloatType(s.elem) {
			h.setFloat(int(i), s.floats[0]+float64(i)*d.floats[0])
		} else {
			h.setInt(int(i), s.ints[0]+i*d.ints[0])
		}
	}
	c.setHost(0, h)
	return nil
}
