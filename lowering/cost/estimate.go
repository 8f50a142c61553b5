package cost

import (
	"fmt"
	"sort"

	"github.com/mlc-go/mlc/ir"
)

// Options are the choices of one estimate.
type Options struct {
	// AsIf is the precision float ops run in ("i8", "f16"; "" keeps
	// their element type): an estimate of float IR as if precision
	// assignment had chosen it everywhere. Quantized types and
	// mlc.precision still decide the ops that carry them.
	AsIf string
	// Boundary adds the host transfers of the function's arguments and
	// results (a partition's inputs and outputs).
	Boundary bool
}

// OpCost is one op's share of an estimate.
type OpCost struct {
	Op *ir.Operation
	Work
	// DRAMBytes cross the memory interface: weights and the activation
	// tensors that do not stay on chip (or in a fused layer).
	DRAMBytes int64
	// Compute, Memory and Overhead are in seconds.
	Compute, Memory, Overhead float64
	// RateOf is the precision whose peak rate priced the op's arithmetic:
	// its own, or a fallback (Model.Peak).
	RateOf string
	// Fused: the op runs inside the layer of the op producing its input
	// (an elementwise epilogue), at no overhead of its own.
	Fused bool
	// Folded: the op computes only from constants, so the backend runs
	// it once when it builds the engine (Free is set too).
	Folded bool
}

// Time is the op's estimated time: the larger of compute and memory time,
// plus its overhead.
func (c *OpCost) Time() float64 { return max(c.Compute, c.Memory) + c.Overhead }

// Bound names what limits the op: "compute", "memory" or "overhead".
func (c *OpCost) Bound() string {
	switch {
	case c.Free:
		return "free"
	case c.Overhead > max(c.Compute, c.Memory):
		return "overhead"
	case c.Compute >= c.Memory:
		return "compute"
	}
	return "memory"
}

// Report is the estimate of one function on one target.
type Report struct {
	Target, Func string
	Ops          []OpCost
	// Layers counts the layers the backend runs (ops neither free nor
	// fused).
	Layers int
	// TransferBytes and Transfer are the boundary transfers (Options.Boundary).
	TransferBytes int64
	Transfer      float64
	// Total is the estimate in seconds.
	Total float64
}

// MACs sums the report's multiply-accumulates.
func (r *Report) MACs() int64 {
	var n int64
	for i := range r.Ops {
		n += r.Ops[i].MACs
	}
	return n
}

// ClassTotal is one op class's share of a report.
type ClassTotal struct {
	Class                     string
	Ops, Layers               int
	MACs, DRAMBytes           int64
	Compute, Memory, Overhead float64
	Time                      float64
}

// ByClass sums the report per op class, slowest class first.
func (r *Report) ByClass() []ClassTotal {
	idx := map[string]int{}
	var out []ClassTotal
	for i := range r.Ops {
		c := &r.Ops[i]
		if c.Free {
			continue
		}
		j, ok := idx[c.Class]
		if !ok {
			j = len(out)
			idx[c.Class] = j
			out = append(out, ClassTotal{Class: c.Class})
		}
		t := &out[j]
		t.Ops++
		if !c.Fused {
			t.Layers++
		}
		t.MACs += c.MACs
		t.DRAMBytes += c.DRAMBytes
		t.Compute += c.Compute
		t.Memory += c.Memory
		t.Overhead += c.Overhead
		t.Time += c.Time()
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].Time != out[b].Time {
			return out[a].Time > out[b].Time
		}
		return out[a].Class < out[b].Class
	})
	return out
}

// UnpricedError lists ops no work function prices.
type UnpricedError struct{ Ops []*ir.Operation }

func (e *UnpricedError) Error() string {
	names := map[string]bool{}
	var list []string
	for _, o := range e.Ops {
		if !names[o.Name()] {
			names[o.Name()] = true
			list = append(list, "'"+o.Name()+"'")
		}
	}
	return fmt.Sprintf("the cost model cannot price %d op(s): %v", len(e.Ops), list)
}

// fusesInto are the classes whose layers take elementwise epilogues.
var fusesInto = map[string]bool{"conv": true, "matmul": true}

// epilogue are the classes an epilogue may hold.
var epilogue = map[string]bool{"unary": true, "binary": true, "cast": true, "quant": true}

// Estimate prices the ops of fn's body (a func.func) on m's target. Ops
// of nested regions are priced where they appear; the terminator is free.
// Its boundary (Options.Boundary) is its arguments and returned values.
func Estimate(m *Model, fn *ir.Operation, opts Options) (*Report, error) {
	var body []*ir.Operation
	for _, reg := range fn.Regions() {
		ir.WalkRegionOps(reg, func(o *ir.Operation) {
			if o.NumRegions() > 0 || o.HasTrait(ir.Terminator) {
				return
			}
			body = append(body, o)
		})
	}
	r, err := EstimateOps(m, body, opts)
	if err != nil {
		return nil, err
	}
	r.Func = funcName(fn)
	return r, nil
}

// EstimateOps prices a set of ops run as one partition on m's target (a
// region the partitioner weighs). Its boundary (Options.Boundary) is what
// crosses between the host and the partition: the values its ops read that
// no op of the set defines (constants aside: they live with the
// partition), and the values they define that an op outside the set reads.
func EstimateOps(m *Model, ops []*ir.Operation, opts Options) (*Report, error) {
	r := &Report{Target: m.Device, Ops: make([]OpCost, 0, len(ops))}
	var unpriced []*ir.Operation
	index := make(map[*ir.Operation]int, len(ops))
	for _, o := range ops {
		w, ok, err := WorkOf(o, opts.AsIf)
		if err != nil {
			return nil, ir.Errorf(o.Loc, "%v", err)
		}
		if !ok {
			unpriced = append(unpriced, o)
			continue
		}
		index[o] = len(r.Ops)
		r.Ops = append(r.Ops, OpCost{Op: o, Work: w})
	}
	if len(unpriced) > 0 {
		return nil, &UnpricedError{Ops: unpriced}
	}
	foldStatic(r.Ops)
	freeEncodings(r.Ops, index)
	// A fused value is written by one layer and read by its epilogue in
	// registers: it never reaches memory.
	internal := map[*ir.Value]bool{}
	if m.fuses {
		for i := range r.Ops {
			c := &r.Ops[i]
			if c.Free || !epilogue[c.Class] {
				continue
			}
			for _, v := range c.Op.Operands() {
				// Look through the encoding casts of QDQ form: they are
				// no layer of their own.
				chain := []*ir.Value{v}
				j, ok := index[v.DefiningOp()]
				for ok && r.Ops[j].Free && !r.Ops[j].Folded && r.Ops[j].Op.NumOperands() == 1 && v.HasOneUse() {
					v = r.Ops[j].Op.Operand(0)
					chain = append(chain, v)
					j, ok = index[v.DefiningOp()]
				}
				if !ok || !v.HasOneUse() || v.DefiningOp().Block() != c.Op.Block() {
					continue
				}
				if pc := &r.Ops[j]; !pc.Free && (fusesInto[pc.Class] || pc.Fused) {
					c.Fused = true
					for _, x := range chain {
						internal[x] = true
					}
					break
				}
			}
		}
	}
	for i := range r.Ops {
		c := &r.Ops[i]
		if c.Free {
			continue
		}
		c.DRAMBytes = c.WeightBytes
		for _, t := range c.Tensors {
			if internal[t.Value] || m.OnChip(t.Bytes) {
				continue
			}
			c.DRAMBytes += t.Bytes
		}
		p, err := m.Layer(&c.Work, c.DRAMBytes)
		c.Compute, c.Memory, c.Overhead, c.RateOf = p.Compute, p.Memory, p.Overhead, p.RateOf
		if err != nil {
			d := ir.Errorf(c.Op.Loc, "'%s' op: %v", c.Op.Name(), err)
			d.Err = err
			return nil, d
		}
		if c.Fused {
			c.Overhead = 0
		} else {
			r.Layers++
		}
		r.Total += c.Time()
	}
	if opts.Boundary {
		for _, v := range boundary(ops) {
			b, err := tensorBytes(v.Type(), opts.AsIf)
			if err != nil {
				return nil, ir.Errorf(v.Loc(), "boundary value: %v", err)
			}
			t, err := m.Transfer(b)
			if err != nil {
				return nil, err
			}
			r.TransferBytes += b
			r.Transfer += t
		}
		r.Total += r.Transfer
	}
	return r, nil
}

// foldStatic makes free the ops that compute only from constants (a
// weight's quantization casts, a transposed weight): a backend evaluates
// them when it builds the engine. Their results are weights to the ops
// that read them.
func foldStatic(ops []OpCost) {
	static := map[*ir.Value]bool{}
	for i := range ops {
		c := &ops[i]
		if c.Op.Name() == "core.constant" {
			for _, v := range c.Op.Results() {
				static[v] = true
			}
			continue
		}
		all := c.Op.NumOperands() > 0
		for _, v := range c.Op.Operands() {
			all = all && static[v]
		}
		if all {
			c.Free, c.Folded = true, true
			for _, v := range c.Op.Results() {
				static[v] = true
			}
			continue
		}
		kept := c.Tensors[:0]
		for _, t := range c.Tensors {
			if !t.Out && static[t.Value] {
				c.WeightBytes += t.Bytes
				continue
			}
			kept = append(kept, t)
		}
		c.Tensors = kept
	}
}

// freeEncodings makes free the quantization casts of QDQ form that only
// carry an encoding between two layers: a quant.dcast whose every user is
// a priced op of the set, and a quant.qcast of a value a priced op
// computes. Backends fold them into the layers around them (TensorRT
// fuses Q/DQ pairs into its layers, QNN turns them into tensor
// encodings). A cast at the set's edge (quantizing an input, dequantizing
// an output) stays a layer.
func freeEncodings(ops []OpCost, index map[*ir.Operation]int) {
	for i := range ops {
		c := &ops[i]
		if c.Free {
			continue
		}
		switch c.Op.Name() {
		case "quant.dcast":
			inner := c.Op.Result(0).HasUses()
			for _, u := range c.Op.Result(0).Users() {
				_, ok := index[u]
				inner = inner && ok && !u.HasTrait(ir.Terminator)
			}
			c.Free = inner
		case "quant.qcast":
			_, ok := index[c.Op.Operand(0).DefiningOp()]
			c.Free = ok
		}
	}
}

// boundary lists, in order of first appearance, the values that cross
// into and out of a set of ops.
func boundary(ops []*ir.Operation) []*ir.Value {
	in := map[*ir.Operation]bool{}
	for _, o := range ops {
		in[o] = true
	}
	seen := map[*ir.Value]bool{}
	var out []*ir.Value
	add := func(v *ir.Value) {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	for _, o := range ops {
		for _, v := range o.Operands() {
			if d := v.DefiningOp(); (d == nil || !in[d]) && !isConstant(v) {
				add(v)
			}
		}
	}
	for _, o := range ops {
		for _, v := range o.Results() {
			for _, u := range v.Users() {
				if !in[u] {
					add(v)
					break
				}
			}
		}
	}
	return out
}

func funcName(fn *ir.Operation) string {
	if s, ok := fn.InherentAttr("sym_name").(*ir.StringAttr); ok {
		return s.Value
	}
	return fn.Name()
}
