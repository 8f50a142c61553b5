package interp

import (
	"slices"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Channel concatenations of one image are placed, not copied: the ops
// that make a core.concat's operands write them straight into their
// places in its output, which is one contiguous block per operand when
// every dimension before the axis is 1, and the concatenation copies only
// the operands that did not land there (a kernel that allocated its own
// output, an argument, a constant). On the benchmark VM the copy read
// half of every operand from the other core at two threads
// (squeezenet1_1's eight concatenations: 0.14 ms a run at one thread,
// 0.36–0.42 at two).
//
// The placed values and the concatenation share one buf, so the storage
// lives while any of them does and no kernel writes over it in place
// while another of them still reads it.

// concatSlot is where a value lives in a placed concatenation's output:
// at element off, or the whole output (off < 0, the concatenation's own
// result).
type concatSlot struct {
	cat   *ir.Operation
	off   int
	shape []int64
	n     int // elements
}

// planConcats finds the float32 channel concatenations of ops and the
// operands each can place. A value takes at most one slot: the first
// concatenation that reads it.
func (p *bufPool) planConcats(ops []*ir.Operation) {
	if p.slots == nil {
		p.slots = map[*ir.Value]concatSlot{}
		p.slotBufs = map[*ir.Operation]*buf{}
	}
	for _, op := range ops {
		if op.Name() != "core.concat" || op.NumResults() != 1 || op.NumOperands() == 0 {
			continue
		}
		rt, ok := staticF32(op.Result(0).Type())
		if !ok {
			continue
		}
		shape := rt.Dims()
		axis := int64(0)
		if a, ok := op.InherentAttr("axis").(*ir.IntegerAttr); ok {
			axis = a.Value
		}
		if axis < 0 {
			axis += int64(len(shape))
		}
		if axis < 0 || axis >= int64(len(shape)) || !allOnes(shape[:axis]) || !concatTypesAgree(op, shape, int(axis)) {
			continue
		}
		if _, taken := p.slots[op.Result(0)]; taken {
			continue
		}
		if _, add := scaleShiftAfter(op); add != nil {
			// concatScaleShift writes the normalized values, never the
			// concatenation: placed operands would each keep a whole
			// output alive for nothing (DenseNet reads every feature
			// map in all later concatenations of its block).
			continue
		}
		p.slots[op.Result(0)] = concatSlot{cat: op, off: -1, shape: shape, n: int(rt.NumElements())}
		off := 0
		for _, v := range op.Operands() {
			vt, _ := staticF32(v.Type())
			slot := concatSlot{cat: op, off: off, shape: vt.Dims(), n: int(vt.NumElements())}
			if _, taken := p.slots[v]; !taken && placeable(v) {
				p.slots[v] = slot
				// Back through a relu or clamp that is the only reader of
				// its operand: that operand is the same values before
				// the clamp (often clamped already by its convolution).
				u := v
				for d := u.DefiningOp(); d != nil && (d.Name() == "core.relu" || d.Name() == "core.clamp") && d.NumOperands() == 1; d = u.DefiningOp() {
					u = d.Operand(0)
					if _, taken := p.slots[u]; taken || !u.HasOneUse() || !placeable(u) || !sameStaticShape(u.Type(), slot.shape) {
						break
					}
					p.slots[u] = slot
				}
			}
			off += slot.n
		}
	}
}

// placeable reports whether v is an op's only result that the op computes
// each run into an output it asks the pool for: not an argument, a
// constant or a call's result (a callee's storage).
func placeable(v *ir.Value) bool {
	d := v.DefiningOp()
	return d != nil && d.NumResults() == 1 && d.Name() != "func.call" && !constantOps[d.Name()]
}

// staticF32 is t as a float32 tensor type of static shape.
func staticF32(t ir.Type) (*ir.RankedTensorType, bool) {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() {
		return nil, false
	}
	if f, ok := rt.ElementType().(*ir.FloatType); !ok || f.Kind != ir.F32 {
		return nil, false
	}
	return rt, true
}

// concatTypesAgree reports whether op's operand types are static float32
// tensors that fill its result type (shape) exactly along axis, so that
// the slots lie inside the output. (Run does not require verified IR.)
func concatTypesAgree(op *ir.Operation, shape []int64, axis int) bool {
	along := int64(0)
	for _, v := range op.Operands() {
		vt, ok := staticF32(v.Type())
		if !ok || vt.Rank() != len(shape) {
			return false
		}
		for i, d := range vt.Dims() {
			if i != axis && d != shape[i] {
				return false
			}
		}
		along += vt.Dims()[axis]
	}
	return along == shape[axis]
}

func sameStaticShape(t ir.Type, shape []int64) bool {
	rt, ok := staticF32(t)
	return ok && slices.Equal(rt.Dims(), shape)
}

func allOnes(dims []int64) bool {
	for _, d := range dims {
		if d != 1 {
			return false
		}
	}
	return true
}

// slotOut is the output of op index for a value placed at slot s: its
// place in the concatenation's storage (made on the first request), or
// nil.
func (p *bufPool) slotOut(s concatSlot, dt tensor.DType, shape []int64, index int) *tensor.Tensor {
	if dt != tensor.F32 || !slices.Equal(shape, s.shape) {
		return nil
	}
	b := p.slotBufs[s.cat]
	if b == nil {
		cs := p.slots[s.cat.Result(0)].shape
		whole := p.take(tensor.F32, cs, index)
		if whole == nil {
			whole = tensor.New(tensor.F32, cs...)
		}
		b = p.newBuf()
		*b = buf{t: whole, event: -1}
		if p.arena != nil {
			b.event = p.arena.defined(whole)
			b.inPlan = p.arena.owns(whole.Float32s())
		}
		p.slotBufs[s.cat] = b
	}
	if s.off < 0 {
		return b.t
	}
	d := b.t.Float32s()
	if s.off+s.n > len(d) {
		return nil
	}
	t, err := tensor.FromSlice(tensor.F32, shape, d[s.off:s.off+s.n:s.off+s.n])
	if err != nil {
		return nil
	}
	return t
}

// joinSlot makes v's owner its concatenation's buf when t lies in it.
func (p *bufPool) joinSlot(v *ir.Value, t *tensor.Tensor, pinned bool) bool {
	s, ok := p.slots[v]
	if !ok {
		return false
	}
	b := p.slotBufs[s.cat]
	if b == nil || !overlaps(b.t, t) {
		return false
	}
	b.refs++
	b.pinned = b.pinned || pinned
	p.owner[v] = b
	return true
}

// placeOut is out for a value a concatenation places: its slot, once per
// op call, unless the op's result is cached across runs. The
// concatenation's own output (whole) only when whole is set: its plain
// copy asks for it, not a fused path that writes other values there.
func (c *opCall) placeOut(dt tensor.DType, shape []int64, whole bool) *tensor.Tensor {
	if c.pool == nil || len(c.pool.slots) == 0 || c.placed || c.op.NumResults() != 1 {
		return nil
	}
	s, ok := c.pool.slots[c.op.Result(0)]
	if !ok || (s.off < 0) != whole {
		return nil
	}
	if constantOps[c.op.Name()] || (c.it != nil && c.it.foldable(c.op)) {
		return nil
	}
	t := c.pool.slotOut(s, dt, shape, c.index)
	c.placed = t != nil
	return t
}

// placedAsOperand returns x, operand 0, when it lies at the place this
// op's result takes in a concatenation (a clamp its convolution applied
// already, placed there by that convolution), else nil: the op's result
// is then x itself. (inPlace would refuse it: the concatenation's other
// placed values share its buf.)
func (c *opCall) placedAsOperand(x *tensor.Tensor) *tensor.Tensor {
	if c.pool == nil || len(c.pool.slots) == 0 || c.op.NumResults() != 1 || c.op.NumOperands() != 1 || x.DType() != tensor.F32 || x.Len() == 0 {
		return nil
	}
	s, ok := c.pool.slots[c.op.Result(0)]
	if xs, xok := c.pool.slots[c.op.Operand(0)]; !ok || !xok || s.off < 0 || xs.cat != s.cat || xs.off != s.off {
		return nil
	}
	b := c.pool.slotBufs[s.cat]
	if b == nil || s.off+x.Len() > b.t.Len() || &b.t.Float32s()[s.off] != &x.Float32s()[0] {
		return nil
	}
	return x
}
