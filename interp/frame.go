package interp

import (
	"slices"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// frame holds what the runs of one function reuse from one run to the
// next: its value map, last-use indices, buffer bookkeeping, op list and
// operand slices, emptied between runs. A function is never on the call
// stack twice, so its frame has one user at a time.
type frame struct {
	env     map[*ir.Value]*tensor.Tensor
	lastUse map[*ir.Value]int
	pool    bufPool
	call    opCall
	opList  []*ir.Operation
	// argSlab holds the operand slices of one run's ops, argNext the
	// next free slot; slices handed to hooks are made fresh instead
	// (fresh), as an observer may keep them.
	argSlab []*tensor.Tensor
	argNext int
	fresh   bool
	bufs    bufSlab
	// results lists the latest run's results that Recycle may take back:
	// storage of their own, made by the run (not an argument's, a
	// constant's or a callee's, not the arena's, not shared with another
	// result).
	results []*tensor.Tensor
}

func newFrame() *frame {
	f := &frame{
		env:     map[*ir.Value]*tensor.Tensor{},
		lastUse: map[*ir.Value]int{},
	}
	f.pool = bufPool{owner: map[*ir.Value]*buf{}, taken: map[bufKey]int{}, slab: &f.bufs}
	return f
}

// ops lists b's ops (into the frame's slice: read each run, as the body
// may have changed between runs).
func (f *frame) ops(b *ir.Block) []*ir.Operation {
	f.opList = f.opList[:0]
	for o := b.First(); o != nil; o = o.Next() {
		f.opList = append(f.opList, o)
	}
	return f.opList
}

// args returns an operand slice of n values for the next op.
func (f *frame) args(n int) []*tensor.Tensor {
	if f.fresh {
		return make([]*tensor.Tensor, n)
	}
	if f.argNext+n > len(f.argSlab) {
		// A new slab; slices handed out from the old one stay valid.
		f.argSlab = make([]*tensor.Tensor, max(2*len(f.argSlab), 64, n))
		f.argNext = 0
	}
	s := f.argSlab[f.argNext : f.argNext+n : f.argNext+n]
	f.argNext += n
	return s
}

// release empties the frame after a run, so that it keeps no tensor of
// the run alive.
func (f *frame) release() {
	clear(f.env)
	clear(f.lastUse)
	clear(f.argSlab[:f.argNext])
	f.argNext = 0
	clear(f.opList)
	f.opList = f.opList[:0]
	f.call = opCall{}
	p := &f.pool
	clear(p.owner)
	clear(p.taken)
	clear(p.clamped)
	clear(p.summed)
	clear(p.chain)
	clear(p.slots)
	clear(p.slotBufs)
	p.free, p.arena = nil, nil
	f.bufs.reset()
}

// bufSlab hands out bufs from fixed-size chunks, never moved, so that a
// pointer to one stays valid until reset.
type bufSlab struct {
	chunks [][]buf
	next   int // bufs handed out
}

const bufChunk = 64

func (s *bufSlab) alloc() *buf {
	c, i := s.next/bufChunk, s.next%bufChunk
	if c == len(s.chunks) {
		s.chunks = append(s.chunks, make([]buf, bufChunk))
	}
	s.next++
	b := &s.chunks[c][i]
	*b = buf{}
	return b
}

func (s *bufSlab) reset() {
	for c := range min(len(s.chunks), (s.next+bufChunk-1)/bufChunk) {
		clear(s.chunks[c])
	}
	s.next = 0
}

// noteResults records which of a run's results (values vs, tensors ts)
// Recycle may take back.
func (f *frame) noteResults(p *bufPool, vs []*ir.Value, ts []*tensor.Tensor) {
	clear(f.results)
	f.results = f.results[:0]
	for i, v := range vs {
		b := p.owner[v]
		if b == nil || b.pinned || b.inPlan || b.refs != 1 || b.t.Len() == 0 ||
			slices.Index(vs, v) != i || slices.Index(vs[i+1:], v) >= 0 { // returned twice: shared
			continue
		}
		f.results = append(f.results, ts[i])
	}
}
