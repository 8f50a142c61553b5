package trt

import (
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/target"
)

// commuter is a layer that commutes with per-tensor symmetric
// quantization: it only moves, selects or clips at zero, so
// L(DQ(q)) = DQ(L(q)) and Q(L(x)) = L(Q(x)) exactly (Q and DQ are
// monotonic and map 0 to 0). TensorRT moves DQ forward and Q backward
// through such layers so they run in int8; the move is made only where
// the target runs the layer's op class in i8.
type commuter struct {
	class string
	// applies checks the layer's attributes (nil: always).
	applies func(op *ir.Operation) bool
}

var commuters = map[string]commuter{
	"trt.pooling":       {class: "pool", applies: attrIs("pooling_type", "max")},
	"trt.shuffle":       {class: "data_movement"},
	"trt.slice":         {class: "data_movement"},
	"trt.concatenation": {class: "data_movement"},
	"trt.padding":       {class: "data_movement"},
	"trt.activation":    {class: "unary", applies: attrIs("activation_type", "relu")},
}

func attrIs(name, value string) func(op *ir.Operation) bool {
	return func(op *ir.Operation) bool {
		s, ok := op.InherentAttr(name).(*ir.StringAttr)
		return ok && s.Value == value
	}
}

// commutable: op commutes with quantization and t runs it in int8.
func commutable(op *ir.Operation, t *target.Target) bool {
	c, ok := commuters[op.Name()]
	if !ok || (c.applies != nil && !c.applies(op)) {
		return false
	}
	return t.Accepts(c.class, "input", "i8") && t.Accepts(c.class, "result", "i8")
}

// perTensor reports whether a Q or DQ layer has a per-tensor scale, and
// returns the scale's weights (interned, so equal scales are one attr).
func perTensor(op *ir.Operation) (ir.Attribute, bool) {
	if op.InherentAttr("axis") != nil || op.NumOperands() != 2 {
		return nil, false
	}
	s := op.Operand(1)
	if rt, ok := s.Type().(*ir.RankedTensorType); !ok || numElems(rt.Shape) != 1 {
		return nil, false
	}
	c := s.DefiningOp()
	if c == nil || c.Name() != "trt.constant" {
		return nil, false
	}
	return c.InherentAttr("weights"), true
}

func numElems(s []int64) int64 {
	n := int64(1)
	for _, d := range s {
		n *= d
	}
	return n
}

func definedBy(v *ir.Value, name string) *ir.Operation {
	if d := v.DefiningOp(); d != nil && d.Name() == name {
		return d
	}
	return nil
}

// commute moves DQ forward and Q backward through commuting layers and
// folds Q(DQ(q)) with one scale into q, until nothing changes; layers
// left without users are erased. It returns the moves and the folds.
func commute(fn *ir.Operation, t *target.Target) (moved, folded int) {
	for changed := true; changed; {
		changed = false
		var ops []*ir.Operation
		ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
			if o.Dialect() == "trt" {
				ops = append(ops, o)
			}
			return ir.Advance
		})
		for _, op := range ops {
			if op.Block() == nil {
				continue
			}
			switch {
			case op.Name() == "trt.quantize" && foldQDQ(op):
				folded++
				changed = true
			case commutable(op, t) && dqForward(op):
				moved++
				changed = true
			case op.Name() == "trt.quantize" && qBackward(op, t):
				moved++
				changed = true
			case op.Name() == "trt.matrix_multiply" && transposeIntoMatMul(op):
				changed = true
			}
		}
		eraseDead(fn)
	}
	return moved, folded
}

// foldQDQ: Q(DQ(q, s), s) is q when the types agree.
func foldQDQ(q *ir.Operation) bool {
	dq := definedBy(q.Operand(0), "trt.dequantize")
	if dq == nil {
		return false
	}
	s1, ok1 := perTensor(dq)
	s2, ok2 := perTensor(q)
	if !ok1 || !ok2 || s1 != s2 || dq.Operand(0).Type() != q.Result(0).Type() {
		return false
	}
	q.Result(0).ReplaceAllUsesWith(dq.Operand(0))
	q.Erase()
	return true
}

// dqForward: L(DQ(q0, s), DQ(q1, s), ...) becomes DQ(L(q0, q1, ...), s).
func dqForward(l *ir.Operation) bool {
	var scale ir.Attribute
	var scaleV *ir.Value
	ins := make([]*ir.Value, l.NumOperands())
	for i, v := range l.Operands() {
		dq := definedBy(v, "trt.dequantize")
		if dq == nil {
			return false
		}
		s, ok := perTensor(dq)
		if !ok || (scale != nil && s != scale) || ir.ElementTypeOf(dq.Result(0).Type()) != l.Ctx().F32() {
			return false
		}
		scale, scaleV = s, dq.Operand(1)
		ins[i] = dq.Operand(0)
	}
	if len(ins) == 0 {
		return false
	}
	storage := ir.ElementTypeOf(ins[0].Type())
	moved := relayer(l, ins, storage)
	b := ir.NewBuilder(l.Ctx())
	b.SetInsertionPoint(l)
	b.Loc = l.Loc
	d := b.Create(ir.OperationState{Name: "trt.dequantize", Operands: []*ir.Value{moved, scaleV}, ResultTypes: []ir.Type{l.Result(0).Type()}, Loc: l.Loc})
	l.Result(0).ReplaceAllUsesWith(d.Result(0))
	l.Erase()
	return true
}

// qBackward: Q(L(x0, x1, ...), s) becomes L(Q(x0, s), Q(x1, s), ...) when
// the quantize is L's only user.
func qBackward(q *ir.Operation, t *target.Target) bool {
	l := q.Operand(0).DefiningOp()
	if l == nil || !commutable(l, t) || !l.Result(0).HasOneUse() {
		return false
	}
	if _, ok := perTensor(q); !ok {
		return false
	}
	storage := ir.ElementTypeOf(q.Result(0).Type())
	ins := make([]*ir.Value, l.NumOperands())
	for i, x := range l.Operands() {
		if ir.ElementTypeOf(x.Type()) != l.Ctx().F32() {
			return false
		}
		ins[i] = x
	}
	// The scale constant (no operands) moves up to dominate the new Qs.
	if c := q.Operand(1).DefiningOp(); c.Block() == l.Block() && l.IsBeforeInBlock(c) {
		c.MoveBefore(l)
	}
	b := ir.NewBuilder(l.Ctx())
	b.SetInsertionPoint(l)
	for i, x := range ins {
		rt := x.Type().(*ir.RankedTensorType)
		ins[i] = b.Create(ir.OperationState{Name: "trt.quantize", Operands: []*ir.Value{x, q.Operand(1)},
			ResultTypes: []ir.Type{l.Ctx().TensorType(rt.Shape, storage, nil)}, Loc: q.Loc}).Result(0)
	}
	moved := relayer(l, ins, storage)
	q.Result(0).ReplaceAllUsesWith(moved)
	q.Erase()
	l.Erase()
	return true
}

// relayer recreates layer l, before it, on operands ins with elem as its
// result element type, dropping its float precision settings.
func relayer(l *ir.Operation, ins []*ir.Value, elem ir.Type) *ir.Value {
	var props []ir.NamedAttr
	if l.Props != nil {
		for _, a := range l.Props.Entries {
			if a.Name != "precision" && a.Name != "output_type" {
				props = append(props, a)
			}
		}
	}
	rt := l.Result(0).Type().(*ir.RankedTensorType)
	b := ir.NewBuilder(l.Ctx())
	b.SetInsertionPoint(l)
	st := ir.OperationState{Name: l.Name(), Operands: ins, Attrs: l.Attrs(),
		ResultTypes: []ir.Type{l.Ctx().TensorType(rt.Shape, elem, nil)}, Loc: l.Loc}
	if len(props) > 0 {
		st.Props = l.Ctx().DictionaryAttr(props)
	}
	return b.Create(st).Result(0)
}

// eraseDead removes trt layers whose results nobody reads.
func eraseDead(fn *ir.Operation) {
	for changed := true; changed; {
		changed = false
		var dead []*ir.Operation
		ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
			if o.Dialect() == "trt" && o.UseEmpty() {
				dead = append(dead, o)
			}
			return ir.Advance
		})
		for i := len(dead) - 1; i >= 0; i-- {
			if dead[i].UseEmpty() {
				dead[i].Erase()
				changed = true
			}
		}
	}
}

// transposeIntoMatMul: a matrix multiply reading a shuffle that only swaps
// the last two dimensions takes the shuffle's input with MatrixOperation
// transpose instead (a fully connected layer's [N, K] weights).
func transposeIntoMatMul(mm *ir.Operation) bool {
	for i, name := range []string{"op0", "op1"} {
		if s, ok := mm.InherentAttr(name).(*ir.StringAttr); ok && s.Value != "none" {
			continue
		}
		sh := definedBy(mm.Operand(i), "trt.shuffle")
		if sh == nil || sh.Props == nil || len(sh.Props.Entries) != 1 {
			continue
		}
		perm, ok := sh.InherentAttr("first_transpose").(*ir.DenseArrayAttr)
		if !ok || !swapsLastTwo(perm.Ints) {
			continue
		}
		mm.SetOperand(i, sh.Operand(0))
		setProps(mm, ir.NamedAttr{Name: name, Value: mm.Ctx().StringAttr("transpose")})
		return true
	}
	return false
}

func swapsLastTwo(perm []int64) bool {
	n := len(perm)
	if n < 2 || perm[n-1] != int64(n-2) || perm[n-2] != int64(n-1) {
		return false
	}
	for i := 0; i < n-2; i++ {
		if perm[i] != int64(i) {
			return false
		}
	}
	return true
}
