package trt

import (
	"fmt"
	"math"
	"slices"

	"github.com/mlc-go/mlc/dialects/ods"
	trtd "github.com/mlc-go/mlc/dialects/trt"
	"github.com/mlc-go/mlc/ir"
)

// layerDefs are the trt dialect's op definitions by full name, so that
// result types come from the dialect's own shape inference.
var layerDefs = func() map[string]*ods.OpDef {
	m := map[string]*ods.OpDef{}
	for _, d := range trtd.Dialect.Ops {
		m["trt."+d.Name] = d
	}
	return m
}()

// creator builds ops at an insertion point: the conversion rewriter
// during legalisation, a plain builder in the later rewrites.
type creator interface {
	Create(st ir.OperationState) *ir.Operation
}

// emitter builds the trt layers of one converted op, at its location.
type emitter struct {
	ctx  *ir.Context
	c    creator
	loc  ir.Location
	made []*ir.Operation
	// at is the op being converted; consts shares small constants (Q/DQ
	// scales) between the ops of its block, made before at.
	at     *ir.Operation
	consts map[ir.Attribute]*ir.Value
}

func (e *emitter) attr(name string, v ir.Attribute) ir.NamedAttr {
	return ir.NamedAttr{Name: name, Value: v}
}
func (e *emitter) str(name, v string) ir.NamedAttr { return e.attr(name, e.ctx.StringAttr(v)) }
func (e *emitter) i64(name string, v int64) ir.NamedAttr {
	return e.attr(name, e.ctx.IntegerAttr(e.ctx.I(64), v))
}
func (e *emitter) dims(name string, v []int64) ir.NamedAttr {
	return e.attr(name, e.ctx.DenseIntArrayAttr(e.ctx.I(64), v))
}
func (e *emitter) f32(name string, v float64) ir.NamedAttr {
	return e.attr(name, e.ctx.FloatAttr(e.ctx.F32(), v))
}
func (e *emitter) boolean(name string, v bool) ir.NamedAttr {
	return e.attr(name, e.ctx.BoolAttr(v))
}
func (e *emitter) typ(name string, t ir.Type) ir.NamedAttr { return e.attr(name, e.ctx.TypeAttr(t)) }

// layer creates trt.NAME with result types from the dialect's inference.
func (e *emitter) layer(name string, operands []*ir.Value, attrs ...ir.NamedAttr) (*ir.Operation, error) {
	def := layerDefs["trt."+name]
	if def == nil || def.Infer == nil {
		return nil, fmt.Errorf("trt.%s has no shape inference", name)
	}
	types := make([]ir.Type, len(operands))
	for i, v := range operands {
		types[i] = v.Type()
	}
	get := func(n string) ir.Attribute {
		for _, a := range attrs {
			if a.Name == n {
				return a.Value
			}
		}
		return nil
	}
	rts, err := def.Infer(e.ctx, types, get)
	if err != nil {
		return nil, fmt.Errorf("trt.%s: %v", name, err)
	}
	return e.create("trt."+name, operands, rts, attrs), nil
}

// value is layer's first result.
func (e *emitter) value(name string, operands []*ir.Value, attrs ...ir.NamedAttr) (*ir.Value, error) {
	op, err := e.layer(name, operands, attrs...)
	if err != nil {
		return nil, err
	}
	return op.Result(0), nil
}

func (e *emitter) create(name string, operands []*ir.Value, results []ir.Type, attrs []ir.NamedAttr) *ir.Operation {
	st := ir.OperationState{Name: name, Operands: operands, ResultTypes: results, Loc: e.loc}
	if len(attrs) > 0 {
		st.Props = e.ctx.DictionaryAttr(attrs)
	}
	op := e.c.Create(st)
	e.made = append(e.made, op)
	return op
}

// constant is trt.constant of weights.
func (e *emitter) constant(w ir.Attribute) *ir.Value {
	t := w.(ir.TypedAttr).AttrType()
	return e.create("trt.constant", nil, []ir.Type{t}, []ir.NamedAttr{e.attr("weights", w)}).Result(0)
}

// shared is constant(w), reusing an equal constant made earlier in the
// block of the op being converted.
func (e *emitter) shared(w ir.Attribute) *ir.Value {
	if e.consts == nil || e.at == nil {
		return e.constant(w)
	}
	if v, ok := e.consts[w]; ok && v.DefiningOp() != nil && v.DefiningOp().Block() == e.at.Block() {
		return v
	}
	v := e.constant(w)
	e.consts[w] = v
	return v
}

// splat is a constant of shape with every element v, in elem.
func (e *emitter) splat(elem ir.Type, shape []int64, v float64) (*ir.Value, error) {
	raw, err := encodeScalar(elem, v)
	if err != nil {
		return nil, err
	}
	a := e.ctx.DenseElementsAttr(e.ctx.TensorType(shape, elem, nil), raw)
	if a == nil {
		return nil, fmt.Errorf("cannot make a constant of %s", elem)
	}
	return e.shared(a), nil
}

// floats is a constant of f32 (or elem) values.
func (e *emitter) floats(elem *ir.FloatType, shape []int64, vals []float64) *ir.Value {
	w := ir.ElementByteWidth(elem)
	raw := make([]byte, 0, w*len(vals))
	for _, v := range vals {
		raw = ir.EncodeFloat(raw, elem.Kind, v)
	}
	return e.shared(e.ctx.DenseElementsAttr(e.ctx.TensorType(shape, elem, nil), raw))
}

func encodeScalar(elem ir.Type, v float64) ([]byte, error) {
	switch t := elem.(type) {
	case *ir.FloatType:
		return ir.EncodeFloat(nil, t.Kind, v), nil
	case *ir.IntegerType:
		if v != math.Trunc(v) {
			return nil, fmt.Errorf("%g is not an integer of %s", v, elem)
		}
		return ir.EncodeInt(nil, int64(v), ir.ElementByteWidth(t)), nil
	}
	return nil, fmt.Errorf("no constant of %s", elem)
}

// reshape is trt.shuffle to shape (nothing when the shape is already it).
func (e *emitter) reshape(v *ir.Value, shape []int64) (*ir.Value, error) {
	rt := v.Type().(*ir.RankedTensorType)
	if slices.Equal(rt.Shape, shape) {
		return v, nil
	}
	attrs := []ir.NamedAttr{e.dims("reshape_dims", shape)}
	for _, d := range shape {
		if d == 0 {
			attrs = append(attrs, e.boolean("zero_is_placeholder", false))
			break
		}
	}
	return e.value("shuffle", []*ir.Value{v}, attrs...)
}

// toRank prepends 1s to v's shape up to rank (NumPy alignment, which
// TensorRT needs spelled out: its layers never broadcast ranks).
func (e *emitter) toRank(v *ir.Value, rank int) (*ir.Value, error) {
	s := shapeOf(v)
	if len(s) >= rank {
		return v, nil
	}
	out := make([]int64, rank-len(s), rank)
	for i := range out {
		out[i] = 1
	}
	return e.reshape(v, append(out, s...))
}

// sameRank lifts every operand to the highest rank among them.
func (e *emitter) sameRank(vs []*ir.Value) ([]*ir.Value, error) {
	r := 0
	for _, v := range vs {
		r = max(r, len(shapeOf(v)))
	}
	out := make([]*ir.Value, len(vs))
	for i, v := range vs {
		var err error
		if out[i], err = e.toRank(v, r); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func shapeOf(v *ir.Value) []int64 {
	if rt, ok := v.Type().(*ir.RankedTensorType); ok {
		return rt.Shape
	}
	return nil
}

func elemOf(v *ir.Value) ir.Type { return ir.ElementTypeOf(v.Type()) }

// setProps adds or replaces inherent attributes of op.
func setProps(op *ir.Operation, attrs ...ir.NamedAttr) {
	var all []ir.NamedAttr
	if op.Props != nil {
		for _, a := range op.Props.Entries {
			keep := true
			for _, n := range attrs {
				keep = keep && n.Name != a.Name
			}
			if keep {
				all = append(all, a)
			}
		}
	}
	op.Props = op.Ctx().DictionaryAttr(append(all, attrs...))
}
