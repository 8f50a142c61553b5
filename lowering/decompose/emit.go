package decompose

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// emitter builds the core ops of one decomposition. A decomposition runs
// twice: first as a dry run that builds detached ops and verifies each
// one against its op table (so a torch op whose attributes or types core
// cannot express is left alone, with the reason), then for real through
// the rewriter. Decompositions are deterministic, so both runs build the
// same ops.
type emitter struct {
	ctx  *ir.Context
	rw   ir.Rewriter // nil in the dry run
	loc  ir.Location
	made []*ir.Operation // the dry run's detached ops
	err  error
}

// fail records the first reason the decomposition cannot apply.
func (e *emitter) fail(format string, args ...any) {
	if e.err == nil {
		e.err = fmt.Errorf(format, args...)
	}
}

// release drops the dry run's detached ops from their operands' use lists.
func (e *emitter) release() {
	for _, op := range e.made {
		op.DropAllReferences()
	}
	e.made = nil
}

// op creates name on operands with attrs. Its result type is result, or
// inferred from the op table when result is nil.
func (e *emitter) op(name string, result ir.Type, attrs []ir.NamedAttr, operands ...*ir.Value) *ir.Value {
	info := e.ctx.LookupOp(name)
	if info == nil {
		e.fail("'%s' is not registered", name)
		return e.poison(result, operands)
	}
	if result == nil {
		def, _ := info.Def.(*ods.OpDef)
		if def == nil || def.Infer == nil {
			e.fail("'%s' needs an explicit result type", name)
			return e.poison(result, operands)
		}
		types := make([]ir.Type, len(operands))
		for i, v := range operands {
			types[i] = v.Type()
		}
		rs, err := def.Infer(e.ctx, types, func(n string) ir.Attribute { return lookup(attrs, n) })
		if err != nil || len(rs) != 1 {
			e.fail("'%s' op: %v", name, err)
			return e.poison(result, operands)
		}
		result = rs[0]
	}
	st := ir.OperationState{Name: name, Operands: operands, ResultTypes: []ir.Type{result}, Loc: e.loc}
	if len(attrs) > 0 {
		st.Props = e.ctx.DictionaryAttr(attrs)
	}
	if e.rw != nil {
		return e.rw.Create(st).Result(0)
	}
	op := e.ctx.NewOperation(st)
	e.made = append(e.made, op)
	if info.Verify != nil {
		if err := info.Verify(op); err != nil {
			if msg := err.Error(); strings.HasPrefix(msg, "'") {
				e.fail("%s", msg)
			} else {
				e.fail("'%s' op %s", name, msg)
			}
		}
	}
	return op.Result(0)
}

// poison stands in for a value the dry run could not build, so that the
// decomposition runs to its end; the recorded error discards the result.
func (e *emitter) poison(t ir.Type, operands []*ir.Value) *ir.Value {
	if t == nil && len(operands) > 0 {
		t = operands[0].Type()
	}
	if t == nil {
		t = e.ctx.TensorType(nil, e.ctx.F32(), nil)
	}
	op := e.ctx.NewOperation(ir.OperationState{Name: "decompose.poison", ResultTypes: []ir.Type{t}, Loc: e.loc})
	return op.Result(0)
}

func lookup(attrs []ir.NamedAttr, name string) ir.Attribute {
	for _, a := range attrs {
		if a.Name == name {
			return a.Value
		}
	}
	return nil
}

// ---- attributes ----

func (e *emitter) i64(v int64) ir.Attribute { return e.ctx.IntegerAttr(e.ctx.I(64), v) }
func (e *emitter) ints(v ...int64) ir.Attribute {
	return e.ctx.DenseIntArrayAttr(e.ctx.I(64), append([]int64{}, v...))
}
func (e *emitter) boolean(v bool) ir.Attribute { return e.ctx.BoolAttr(v) }
func (e *emitter) f32(v float64) ir.Attribute  { return e.ctx.FloatAttr(e.ctx.F32(), v) }
func (e *emitter) str(s string) ir.Attribute   { return e.ctx.StringAttr(s) }

func kv(name string, v ir.Attribute) ir.NamedAttr { return ir.NamedAttr{Name: name, Value: v} }

// ---- types ----

func shapeOf(v *ir.Value) []int64 {
	if t, ok := v.Type().(*ir.RankedTensorType); ok {
		return t.Shape
	}
	return nil
}

func rankOf(v *ir.Value) int { return len(shapeOf(v)) }

func elemOf(v *ir.Value) ir.Type { return ir.ElementTypeOf(v.Type()) }

func (e *emitter) tensor(shape []int64, elem ir.Type) ir.Type {
	return e.ctx.TensorType(append([]int64{}, shape...), elem, nil)
}

func isFloatElem(t ir.Type) bool { return ir.IsFloat(t) }

// isLowFloat: f16 and bf16, which PyTorch computes in f32 (its opmath).
func isLowFloat(t ir.Type) bool {
	f, ok := t.(*ir.FloatType)
	return ok && (f.Kind == ir.F16 || f.Kind == ir.BF16)
}

func isBoolElem(t ir.Type) bool { return ir.IsInteger(t, 1) }

// ---- ops ----

func (e *emitter) unary(name string, x *ir.Value) *ir.Value { return e.op(name, nil, nil, x) }

func (e *emitter) binary(name string, a, b *ir.Value) *ir.Value { return e.op(name, nil, nil, a, b) }

func (e *emitter) add(a, b *ir.Value) *ir.Value { return e.binary("core.add", a, b) }
func (e *emitter) sub(a, b *ir.Value) *ir.Value { return e.binary("core.sub", a, b) }
func (e *emitter) mul(a, b *ir.Value) *ir.Value { return e.binary("core.mul", a, b) }
func (e *emitter) div(a, b *ir.Value) *ir.Value { return e.binary("core.div", a, b) }

func (e *emitter) cmp(pred string, a, b *ir.Value) *ir.Value {
	return e.op("core.cmp", nil, []ir.NamedAttr{kv("predicate", e.str(pred))}, a, b)
}

func (e *emitter) sel(c, a, b *ir.Value) *ir.Value { return e.op("core.select", nil, nil, c, a, b) }

// cast converts x to element type elem (x itself when it has it).
func (e *emitter) cast(x *ir.Value, elem ir.Type) *ir.Value {
	if elemOf(x) == elem {
		return x
	}
	return e.op("core.cast", e.tensor(shapeOf(x), elem), nil, x)
}

// reshape gives x another shape (x itself when it has it).
func (e *emitter) reshape(x *ir.Value, shape []int64) *ir.Value {
	if slices.Equal(shapeOf(x), shape) {
		return x
	}
	return e.op("core.reshape", e.tensor(shape, elemOf(x)), nil, x)
}

func (e *emitter) transpose(x *ir.Value, perm []int64) *ir.Value {
	identity := true
	for i, p := range perm {
		identity = identity && p == int64(i)
	}
	if identity {
		return x
	}
	return e.op("core.transpose", nil, []ir.NamedAttr{kv("perm", e.ints(perm...))}, x)
}

func (e *emitter) broadcastTo(x *ir.Value, shape []int64) *ir.Value {
	if slices.Equal(shapeOf(x), shape) {
		return x
	}
	return e.op("core.broadcast_to", e.tensor(shape, elemOf(x)), nil, x)
}

func (e *emitter) reduce(name string, x *ir.Value, axes []int64, keep bool) *ir.Value {
	attrs := []ir.NamedAttr{kv("axes", e.ints(axes...))}
	if keep {
		attrs = append(attrs, kv("keepdims", e.boolean(true)))
	}
	return e.op(name, nil, attrs, x)
}

func (e *emitter) matmul(a, b *ir.Value) *ir.Value { return e.binary("core.matmul", a, b) }

// scalar is a 0-D constant of element type elem holding v (rounded to a
// float type, wrapped to an integer width, non-zero for i1); it
// broadcasts against any tensor.
func (e *emitter) scalar(elem ir.Type, v float64) *ir.Value {
	return e.splat(e.tensor(nil, elem), v)
}

// splat is a constant of type t with every element v.
func (e *emitter) splat(t ir.Type, v float64) *ir.Value {
	st, ok := t.(*ir.RankedTensorType)
	if !ok {
		e.fail("a constant needs a ranked tensor type, got %s", t)
		return e.poison(t, nil)
	}
	raw, ok := encodeScalar(st.Elem, v)
	if !ok {
		e.fail("cannot make a %s constant", st.Elem)
		return e.poison(t, nil)
	}
	return e.constant(e.ctx.DenseElementsAttr(st, raw))
}

func (e *emitter) constant(a ir.Attribute) *ir.Value {
	ta, ok := a.(ir.TypedAttr)
	if !ok || a == nil {
		e.fail("invalid constant %v", a)
		return e.poison(nil, nil)
	}
	return e.op("core.constant", ta.AttrType(), []ir.NamedAttr{kv("value", a)})
}

// encodeScalar is v as one little-endian element of elem.
func encodeScalar(elem ir.Type, v float64) ([]byte, bool) {
	switch t := elem.(type) {
	case *ir.FloatType:
		return ir.EncodeFloat(nil, t.Kind, v), true
	case *ir.IntegerType:
		if t.Width == 1 {
			if v != 0 {
				return []byte{1}, true
			}
			return []byte{0}, true
		}
		w := ir.ElementByteWidth(t)
		if w == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, false
		}
		return ir.EncodeInt(nil, wrapToInt64(v), w), true
	}
	return nil, false
}

// wrapToInt64 converts an integral float to int64 modulo 2^64, as
// integer arithmetic in the element type wraps.
func wrapToInt64(v float64) int64 {
	if v >= -9.2e18 && v <= 9.2e18 {
		return int64(v)
	}
	m := math.Mod(v, 18446744073709551616.0)
	if m < 0 {
		m += 18446744073709551616.0
	}
	return int64(uint64(m))
}
