package tensor

import "fmt"

// BroadcastDim combines two dimension sizes under NumPy/ONNX/PyTorch
// broadcasting: equal sizes stay, a size of 1 stretches to the other
// (including 0). With unknown, a negative size (an unknown size, such as
// ir.Dynamic) against n gives n, and against 1 stays unknown. ok is false
// when the sizes conflict.
func BroadcastDim(a, b int64, unknown bool) (d int64, ok bool) {
	switch {
	case a == b, b == 1:
		return a, true
	case a == 1:
		return b, true
	case unknown && a < 0:
		return b, true
	case unknown && b < 0:
		return a, true
	}
	return 0, false
}

// BroadcastPair is the broadcast of two shapes, right-aligned, a missing
// leading dimension counting as 1, each pair of sizes combined by
// BroadcastDim. On a conflict it returns ok false and the output axis
// where the sizes conflict, for the caller's own diagnostic.
func BroadcastPair(a, b []int64, unknown bool) (out []int64, axis int, ok bool) {
	n := max(len(a), len(b))
	out = make([]int64, n)
	for i := range n {
		da, db := int64(1), int64(1)
		if k := i - (n - len(a)); k >= 0 {
			da = a[k]
		}
		if k := i - (n - len(b)); k >= 0 {
			db = b[k]
		}
		if out[i], ok = BroadcastDim(da, db, unknown); !ok {
			return nil, i, false
		}
	}
	return out, 0, true
}

// BroadcastShapes returns the NumPy/ONNX multidirectional broadcast of the
// given shapes (BroadcastPair of known sizes, folded left to right).
func BroadcastShapes(shapes ...[]int64) ([]int64, error) {
	out := []int64{}
	for _, s := range shapes {
		b, axis, ok := BroadcastPair(out, s, false)
		if !ok {
			rank := max(len(out), len(s))
			return nil, fmt.Errorf("tensor: shapes %s are not broadcast-compatible (axis %d: %d vs %d)",
				formatShapes(shapes), axis-rank, out[axis-(rank-len(out))], s[axis-(rank-len(s))])
		}
		out = b
	}
	return out, nil
}

func formatShapes(shapes [][]int64) string {
	s := ""
	for i, sh := range shapes {
		if i > 0 {
			s += ", "
		}
		s += FormatShape(sh)
	}
	return s
}

// bcastStridesInto sets st (len(out) zeros) to the element strides of a
// row-major tensor of shape `in` viewed as the broadcast shape `out` (0 on
// broadcast axes).
func bcastStridesInto(st []int, in, out []int64) {
	off := len(out) - len(in)
	s := 1
	for i := len(in) - 1; i >= 0; i-- {
		if in[i] != 1 {
			st[off+i] = s
		}
		s *= int(in[i])
	}
}

// bcastPlan iterates a broadcast output in rows: the output shape collapsed
// to (outer..., inner), with per-input strides.
type bcastPlan struct {
	outer   []int   // collapsed outer dims
	inner   int     // length of the innermost (collapsed) dim
	strides [][]int // per input: strides of the outer dims
	steps   []int   // per input: stride of the inner dim (0 or 1)
	total   int
}

func newBcastPlan(out []int64, ins ...[]int64) *bcastPlan {
	k, r := len(ins), len(out)
	// One array holds every input's strides over out (st), then the
	// collapsed ones (cs), the collapsed dims and the inner steps.
	buf := make([]int, 2*k*r+r+k)
	st, cs, dims, steps := buf[:k*r], buf[k*r:2*k*r], buf[2*k*r:2*k*r+r], buf[2*k*r+r:]
	for j, in := range ins {
		bcastStridesInto(st[j*r:(j+1)*r], in, out)
	}
	// Drop size-1 dims, then merge adjacent dims that are contiguous for
	// every input.
	nd, total := 0, 1
	for i, d := range out {
		total *= int(d)
		if d == 1 {
			continue
		}
		if nd > 0 {
			ok := true
			for j := range k {
				if cs[j*r+nd-1] != st[j*r+i]*int(d) {
					ok = false
					break
				}
			}
			if ok {
				dims[nd-1] *= int(d)
				for j := range k {
					cs[j*r+nd-1] = st[j*r+i]
				}
				continue
			}
		}
		dims[nd] = int(d)
		for j := range k {
			cs[j*r+nd] = st[j*r+i]
		}
		nd++
	}
	p := &bcastPlan{total: total, steps: steps, strides: make([][]int, k)}
	if nd == 0 {
		p.inner = 1
		if total == 0 {
			p.inner = 0
		}
		return p
	}
	p.inner = dims[nd-1]
	p.outer = dims[:nd-1]
	for j := range k {
		p.steps[j] = cs[j*r+nd-1]
		p.strides[j] = cs[j*r : j*r+nd-1]
	}
	return p
}

// run calls fn for every output row: o is the output offset of the row,
// offs the input offsets; the row has p.inner elements and input j advances
// by p.steps[j] per element.
func (p *bcastPlan) run(fn func(o int, offs []int)) {
	if p.total == 0 || p.inner == 0 {
		return
	}
	p.runRows(0, p.total/p.inner, fn)
}

// runRows is run over output rows [r0, r1) only.
func (p *bcastPlan) runRows(r0, r1 int, fn func(o int, offs []int)) {
	if p.total == 0 || p.inner == 0 || r0 >= r1 {
		return
	}
	k := len(p.steps)
	offs := make([]int, k)
	idx := make([]int, len(p.outer))
	for d, r := len(idx)-1, r0; d >= 0; d-- {
		idx[d] = r % p.outer[d]
		r /= p.outer[d]
		for j := range k {
			offs[j] += idx[d] * p.strides[j][d]
		}
	}
	for o := r0 * p.inner; o < r1*p.inner; o += p.inner {
		fn(o, offs)
		// advance the odometer
		for d := len(idx) - 1; d >= 0; d-- {
			idx[d]++
			for j := range k {
				offs[j] += p.strides[j][d]
			}
			if idx[d] < p.outer[d] {
				break
			}
			for j := range k {
				offs[j] -= p.strides[j][d] * idx[d]
			}
			idx[d] = 0
		}
	}
}
