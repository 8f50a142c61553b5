package interp

import (
	"fmt"
	"math"
	"slices"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// bufPool recycles the storage of one call's dead intermediates as later
// ops' outputs of the same dtype (a buffer serves any output of at least
// half its length), so a long body does not allocate (and zero, and
// collect) a fresh buffer per op, and its intermediates reuse the memory
// freed most recently, which is the likeliest to be in cache.
//
// Every value points at a buf, the storage it reads; a result whose
// storage overlaps an operand's (a reshape or identity view) shares that
// operand's buf. A buf is recycled when its last live value dies, unless it
// is pinned: function arguments, constants and func.call results (which
// may be the callee's constants) are never written.
type bufPool struct {
	owner map[*ir.Value]*buf
	free  map[bufKey][]*tensor.Tensor
	taken map[bufKey]int // buffers asked for by this call, per key
	// arena, when set, places float32 outputs by lifetime (arena.go).
	arena *arenaRun
	// clamped: values a convolution already clamped to these bounds for
	// the core.clamp that reads them (coreConv's fusableClamp).
	clamped map[*ir.Value][2]float64
	// summed: convolution results that hold the core.add reading them
	// already (coreConv's fusableResidual), with the clamp applied after
	// it, if any.
	summed map[*ir.Value]*[2]float64
	// chain: values of a hardswish chain (an add and its clamp) whose
	// tensors hold the chain's final product already (coreAdd's
	// hardSwish).
	chain map[*ir.Value]bool
	// slab, when set, hands out the call's bufs (frame.go).
	slab *bufSlab
	// slots: values placed in a concatenation's output, and the bufs of
	// those outputs once made (concat_place.go).
	slots    map[*ir.Value]concatSlot
	slotBufs map[*ir.Operation]*buf
}

// newBuf returns a zero buf from the pool's frame (a bufPool made
// outside a frame, in tests, allocates).
func (p *bufPool) newBuf() *buf {
	if p.slab != nil {
		return p.slab.alloc()
	}
	return new(buf)
}

type buf struct {
	t      *tensor.Tensor
	refs   int // live values reading this storage
	pinned bool
	event  int  // the arena take that made the storage, or -1
	inPlan bool // the storage is the arena plan's: never listed
}

type bufKey struct {
	dt tensor.DType
	n  int
}

// poisonReused makes take fill recycled f32 storage with NaN first (tests:
// a kernel that reads its output before writing it shows up as a NaN).
var poisonReused = false

func overlaps(a, b *tensor.Tensor) bool {
	as, ae := a.StorageSpan()
	bs, be := b.StorageSpan()
	return as < be && bs < ae
}

func sameSpan(a, b *tensor.Tensor) bool {
	as, ae := a.StorageSpan()
	bs, be := b.StorageSpan()
	return as == bs && ae == be
}

// define records v's tensor t, computed by an op from operands; pinned
// marks storage that must never be recycled.
func (p *bufPool) define(v *ir.Value, t *tensor.Tensor, operands []*ir.Value, pinned bool) {
	if p.joinSlot(v, t, pinned) {
		return
	}
	for _, o := range operands {
		if b := p.owner[o]; b != nil && overlaps(b.t, t) {
			b.refs++
			b.pinned = b.pinned || pinned
			p.owner[v] = b
			return
		}
	}
	// Results of the same op may alias each other.
	if op := v.DefiningOp(); op != nil {
		for _, r := range op.Results() {
			if r == v {
				break
			}
			if b := p.owner[r]; b != nil && overlaps(b.t, t) {
				b.refs++
				b.pinned = b.pinned || pinned
				p.owner[v] = b
				return
			}
		}
	}
	b := p.newBuf()
	*b = buf{t: t, refs: 1, pinned: pinned, event: -1}
	if p.arena != nil {
		b.event = p.arena.defined(t)
		if t.DType() == tensor.F32 {
			b.inPlan = p.arena.owns(t.Float32s())
		}
	}
	p.owner[v] = b
}

// kill drops v after op index; its storage goes to the free lists when
// nothing else reads it.
func (p *bufPool) kill(v *ir.Value, index int) {
	b := p.owner[v]
	if b == nil {
		return
	}
	delete(p.owner, v)
	b.refs--
	if b.refs > 0 || b.pinned || b.t.Len() == 0 {
		return
	}
	if b.event >= 0 {
		p.arena.died(b.event, index)
	}
	if b.inPlan {
		return
	}
	// Filed as its whole storage, whatever view of it the value had.
	if full, err := wholeStorage(b.t); err == nil {
		k := mruKey(b.t.DType())
		p.free[k] = append(p.free[k], full)
	}
}

// spanning is wholeStorage for t's storage d.
func spanning[T float32 | int8 | uint8 | int16 | uint16](t *tensor.Tensor, d []T) (*tensor.Tensor, error) {
	if len(d) == cap(d) {
		return t, nil
	}
	return tensor.FromSlice(t.DType(), []int64{int64(cap(d))}, d[:cap(d)])
}

// mruKey keys dt's free list: buffers of any length, the most recently
// freed last.
func mruKey(dt tensor.DType) bufKey { return bufKey{dt, -1} }

// wholeStorage is t's storage up to its capacity: t itself when it spans
// it (no new header), else a 1-D tensor.
func wholeStorage(t *tensor.Tensor) (*tensor.Tensor, error) {
	switch d := t.Data().(type) {
	case []float32:
		return spanning(t, d)
	case []int8:
		return spanning(t, d)
	case []uint8:
		return spanning(t, d)
	case []int16:
		return spanning(t, d)
	case []uint16:
		return spanning(t, d)
	}
	return nil, fmt.Errorf("cannot recycle %s storage", t.DType())
}

// take returns a recycled tensor of the given shape for an output of op
// index, or nil: f32, or the 8- and 16-bit integers of quantized values.
// While an arena runs, an f32 output always gets a tensor (its planned
// storage, a listed one, or a new one the arena records).
func (p *bufPool) take(dt tensor.DType, shape []int64, index int) *tensor.Tensor {
	if p == nil || !reusable[dt] {
		return nil
	}
	n, err := tensor.NumElements(shape)
	if err != nil || n == 0 {
		return nil
	}
	if dt == tensor.F32 && p.arena != nil {
		return p.takeArena(shape, int(n), index)
	}
	return p.takeListed(dt, shape, n)
}

// takeArena is take for a float32 output while an arena runs: its planned
// storage, else a listed buffer, else a new one, noted as the take's.
func (p *bufPool) takeArena(shape []int64, n, index int) *tensor.Tensor {
	e := p.arena.next
	s := p.arena.take(n)
	var t *tensor.Tensor
	if s != nil {
		if poisonReused {
			nan := float32(math.NaN())
			for i := range s {
				s[i] = nan
			}
		}
		t, _ = tensor.FromSlice(tensor.F32, shape, s)
	}
	if t == nil {
		t = p.takeListed(tensor.F32, shape, int64(n))
	}
	if t == nil {
		t = tensor.New(tensor.F32, shape...)
	}
	p.arena.made(e, t.Float32s(), index)
	return t
}

// takeListed is take from the free lists.
func (p *bufPool) takeListed(dt tensor.DType, shape []int64, n int64) *tensor.Tensor {
	k := mruKey(dt)
	p.taken[k]++ // counted on a miss too: the next run may be served
	l := p.free[k]
	// The most recently freed buffer that holds n values and wastes at
	// most as many: the likeliest to be in cache.
	for i := len(l) - 1; i >= 0; i-- {
		if c := l[i].Len(); c < int(n) || c > 2*int(n) {
			continue
		}
		t := l[i]
		copy(l[i:], l[i+1:])
		l[len(l)-1] = nil
		p.free[k] = l[:len(l)-1]
		if poisonReused && dt == tensor.F32 {
			s := t.Float32s()[:n]
			nan := float32(math.NaN())
			for i := range s {
				s[i] = nan
			}
		}
		out, err := reshapeStorage(t, shape, int(n))
		if err != nil {
			return nil
		}
		return out
	}
	return nil
}

// reusable lists the dtypes take recycles.
var reusable = map[tensor.DType]bool{tensor.F32: true, tensor.I8: true, tensor.U8: true, tensor.I16: true, tensor.U16: true}

// reshapeStorage is the first n values of t's storage (of a dtype take
// recycles) under shape (n elements).
func reshapeStorage(t *tensor.Tensor, shape []int64, n int) (*tensor.Tensor, error) {
	if t.Len() == n && t.HasShape(shape) { // a run's buffer back for the same op: its own header
		return t, nil
	}
	switch d := t.Data().(type) {
	case []float32:
		return tensor.FromSlice(t.DType(), shape, d[:n])
	case []int8:
		return tensor.FromSlice(t.DType(), shape, d[:n])
	case []uint8:
		return tensor.FromSlice(t.DType(), shape, d[:n])
	case []int16:
		return tensor.FromSlice(t.DType(), shape, d[:n])
	case []uint16:
		return tensor.FromSlice(t.DType(), shape, d[:n])
	}
	return nil, fmt.Errorf("cannot recycle %s storage", t.DType())
}

// out returns a recycled f32 tensor of the given shape for an op's result,
// or nil (then the kernel allocates).
func (c *opCall) out(dt tensor.DType, shape []int64) *tensor.Tensor {
	if c.pool == nil {
		return nil
	}
	if t := c.placeOut(dt, shape, false); t != nil {
		return t
	}
	return c.pool.take(dt, shape, c.index)
}

// outInPlace is out for elementwise kernels (each output element depends
// only on the input elements of the same index, or on its row's, read
// before the row is written): c.overwrite when set; failing a recycled
// buffer, it hands back the storage of an f32 operand of as many elements
// that dies at this op and that no other live value reads.
func (c *opCall) outInPlace(dt tensor.DType, shape []int64) *tensor.Tensor {
	if w := c.overwrite; w != nil && dt == tensor.F32 {
		if n, err := tensor.NumElements(shape); err == nil && n == int64(w.Len()) {
			if t, err := tensor.FromSlice(tensor.F32, shape, w.Float32s()); err == nil {
				return t
			}
		}
	}
	if t := c.out(dt, shape); t != nil || c.pool == nil || dt != tensor.F32 {
		return t
	}
	return c.inPlace(shape)
}

// inPlace is a float32 output over the storage of an operand that dies at
// this op and has as many elements, or nil.
func (c *opCall) inPlace(shape []int64) *tensor.Tensor {
	if c.pool == nil {
		return nil
	}
	n, err := tensor.NumElements(shape)
	if err != nil || n == 0 {
		return nil
	}
	for j := range c.op.Operands() {
		if t := c.inPlaceOf(j, shape, n); t != nil {
			return t
		}
	}
	return nil
}

// inPlaceOf is a float32 output of n elements over operand j's storage,
// if that operand dies at this op and has n elements, or nil.
func (c *opCall) inPlaceOf(j int, shape []int64, n int64) *tensor.Tensor {
	v := c.op.Operand(j)
	b := c.pool.owner[v]
	if b == nil || b.refs != 1 || b.pinned || c.lastUse[v] != c.index || j >= len(c.in) {
		return nil
	}
	x := c.in[j]
	if x.DType() != tensor.F32 || int64(x.Len()) != n || !sameSpan(b.t, x) {
		return nil
	}
	if t, err := tensor.FromSlice(tensor.F32, shape, x.Float32s()); err == nil {
		return t
	}
	return nil
}

// trim ends a call: the free lists keep as many buffers of each key as
// the call asked for (what its next run will want again); the rest, outputs of
// kernels that always allocate, go back to the collector so that the lists
// do not grow run after run.
func (p *bufPool) trim() {
	if p.arena != nil {
		p.arena.finish()
	}
	for k, l := range p.free {
		n := min(len(l), p.taken[k])
		if n == 0 {
			delete(p.free, k)
			continue
		}
		// The most recently freed ones.
		copy(l, l[len(l)-n:])
		clear(l[n:])
		p.free[k] = l[:n]
	}
}

// Recycle hands back results of fn's latest run that the caller no longer
// reads, so that their storage may hold a later run's values: a result
// kept from run to run is otherwise new memory every run (a page fault
// per 4 KB on first touch). Results that are not from fn's latest run,
// or whose storage is an argument's, a constant's or shared with another
// result, are left alone; so is everything when buffers are not reused.
func (it *Interpreter) Recycle(fn *ir.Operation, results []*tensor.Tensor) {
	fr, free := it.frames[fn], it.free[fn]
	if fr == nil || free == nil {
		return
	}
	for _, t := range results {
		i := slices.Index(fr.results, t)
		if t == nil || i < 0 {
			continue
		}
		fr.results[i] = nil
		if full, err := wholeStorage(t); err == nil {
			k := mruKey(t.DType())
			free[k] = append(free[k], full)
		}
	}
}
