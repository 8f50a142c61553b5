package partition

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mlc-go/mlc/lowering/cost"

	"github.com/mlc-go/mlc/ir"
)

// FallbackError is --require-full meeting ops the target cannot run: one
// diagnostic per op, at its location, saying why.
type FallbackError struct {
	Diags []*ir.Diagnostic
}

func (e *FallbackError) Error() string {
	return fmt.Sprintf("%d ops cannot run on the target and --require-full forbids falling back", len(e.Diags))
}

// Diagnostics lists the ops, for tools that print each at its location.
func (e *FallbackError) Diagnostics() []*ir.Diagnostic { return e.Diags }

// segment is one cluster of compute ops, contiguous in program order.
type segment struct {
	device  string
	ops     []*ir.Operation // compute ops, in order
	reason  string          // why a cluster of legal ops fell back
	members map[*ir.Operation]bool
	// order lists members (compute ops and followers) in program order.
	order []*ir.Operation
	// ins and outs are the values crossing the boundary (boundary).
	ins, outs []*ir.Value
	// onTarget and onCPU are the cost estimates of a cluster that was
	// weighed (Options.Cost), in seconds.
	onTarget, onCPU float64
	weighed         bool
}

// plan is a decided partitioning of one function.
type plan struct {
	body     *ir.Block
	segments []*segment
	segOf    map[*ir.Operation]int   // compute op -> segment
	follow   map[*ir.Operation][]int // follower -> segments it is copied into
	keep     map[*ir.Operation]bool  // followers the function itself still needs
	reasons  map[*ir.Operation]string
	report   *Report
	fnOp     *ir.Operation
	opts     Options
	position map[*ir.Operation]int // top-level op -> program order
}

// Plan decides the partitions of fn (a func.func with one block) without
// changing it.
func Plan(fn *ir.Operation, opts Options) (*Report, error) {
	p, err := decide(fn, opts)
	if err != nil {
		return nil, err
	}
	return p.report, nil
}

func decide(fn *ir.Operation, opts Options) (*plan, error) {
	if opts.Target == nil {
		return nil, ir.Errorf(fn.Loc, "partition needs a target")
	}
	if opts.MinBlockSize <= 0 {
		opts.MinBlockSize = DefaultMinBlockSize
	}
	legal := opts.Legal
	if legal == nil {
		legal = TargetLegality(opts.Target)
	}
	if fn.NumRegions() == 0 || fn.Region(0).NumBlocks() != 1 {
		return nil, ir.Errorf(fn.Loc, "partition needs a function with one block")
	}
	body := fn.Region(0).Front()
	p := &plan{body: body, fnOp: fn, opts: opts,
		segOf: map[*ir.Operation]int{}, follow: map[*ir.Operation][]int{},
		keep: map[*ir.Operation]bool{}, reasons: map[*ir.Operation]string{}}
	forced := map[string]bool{}
	for _, name := range opts.Fallback {
		name = strings.TrimSpace(name)
		if name != "" && !strings.Contains(name, ".") {
			name = "core." + name
		}
		forced[name] = true
	}

	// Each compute op's device, then clusters of consecutive ops on one device.
	term := body.Terminator()
	for _, op := range body.Ops() {
		if op == term || roleOf(op) != compute {
			continue
		}
		device, reason := opts.Target.Name, ""
		switch {
		case forced[op.Name()]:
			device, reason = CPU, "forced to the CPU by --fallback"
		case op.NumRegions() > 0:
			device, reason = CPU, "an op with regions runs on the CPU"
		default:
			if ok, why := legal(op); !ok {
				device, reason = CPU, why
			}
		}
		p.reasons[op] = reason
		if n := len(p.segments); n > 0 && p.segments[n-1].device == device {
			p.segments[n-1].ops = append(p.segments[n-1].ops, op)
			continue
		}
		p.segments = append(p.segments, &segment{device: device, ops: []*ir.Operation{op}})
	}

	// Small clusters, and clusters the CPU runs faster, fall back.
	for _, s := range p.segments {
		if s.device == CPU {
			continue
		}
		if len(s.ops) < opts.MinBlockSize {
			s.device = CPU
			s.reason = fmt.Sprintf("in a cluster of %d ops, fewer than the minimum block size %d", len(s.ops), opts.MinBlockSize)
			continue
		}
		if opts.Cost != nil {
			onTarget, onCPU, err := opts.Cost.Estimate(p.costOps(s.ops))
			if err != nil {
				return nil, err
			}
			s.onTarget, s.onCPU, s.weighed = onTarget, onCPU, true
			if onCPU < onTarget {
				s.device = CPU
				s.reason = fmt.Sprintf("estimated faster on the CPU (%.3g ms against %.3g ms on %s, transfers included)",
					onCPU*1e3, onTarget*1e3, opts.Target.Name)
			}
		}
	}
	// Neighbours on one device merge.
	var merged []*segment
	for _, s := range p.segments {
		if n := len(merged); n > 0 && merged[n-1].device == s.device {
			merged[n-1].ops = append(merged[n-1].ops, s.ops...)
			if merged[n-1].reason == "" {
				merged[n-1].reason = s.reason
			}
			continue
		}
		merged = append(merged, s)
	}
	p.segments = merged
	for i, s := range p.segments {
		for _, op := range s.ops {
			p.segOf[op] = i
			if s.device == CPU && p.reasons[op] == "" {
				p.reasons[op] = s.reason
			}
		}
	}

	if opts.RequireFull {
		var diags []*ir.Diagnostic
		for _, s := range p.segments {
			if s.device != CPU {
				continue
			}
			for _, op := range s.ops {
				diags = append(diags, ir.Errorf(op.Loc, "'%s' would fall back to the CPU (require-full): %s", op.Name(), p.reasons[op]))
			}
		}
		if len(diags) > 0 {
			return nil, &FallbackError{Diags: diags}
		}
	}

	p.placeFollowers(term)
	p.report = p.describe()
	return p, nil
}

// placeFollowers puts each constant and cast beside the ops it serves,
// walking backwards so a follower's readers are placed before it.
func (p *plan) placeFollowers(term *ir.Operation) {
	ops := p.body.Ops()
	for i := len(ops) - 1; i >= 0; i-- {
		op := ops[i]
		if op == term || roleOf(op) == compute {
			continue
		}
		var segs []int
		for _, u := range op.Results()[0].Users() {
			switch {
			case u.Block() != p.body:
				// A user nested in a region: its top-level ancestor decides.
				u = ancestorIn(u, p.body)
				if u == nil {
					continue
				}
				fallthrough
			default:
				if u == term {
					p.keep[op] = true
				} else if roleOf(u) == compute {
					segs = append(segs, p.segOf[u])
				} else {
					segs = append(segs, p.follow[u]...)
					if p.keep[u] {
						p.keep[op] = true
					}
				}
			}
		}
		for _, res := range op.Results()[1:] {
			if res.HasUses() {
				p.keep[op] = true
			}
		}
		slices.Sort(segs)
		p.follow[op] = slices.Compact(segs)
	}
	for _, s := range p.segments {
		s.members = map[*ir.Operation]bool{}
	}
	for _, op := range ops {
		if op == term {
			continue
		}
		if roleOf(op) == compute {
			s := p.segments[p.segOf[op]]
			s.members[op] = true
			s.order = append(s.order, op)
			continue
		}
		for _, i := range p.follow[op] {
			s := p.segments[i]
			s.members[op] = true
			s.order = append(s.order, op)
		}
	}
}

func ancestorIn(op *ir.Operation, b *ir.Block) *ir.Operation {
	for op != nil && op.Block() != b {
		op = op.ParentOp()
	}
	return op
}

// boundary lists the values segment s reads from outside it and the values
// it defines that are read outside it, each once, in program order.
func (p *plan) boundary(s *segment) (ins, outs []*ir.Value) {
	seen := map[*ir.Value]bool{}
	for _, op := range s.order {
		ir.Walk(op, func(x *ir.Operation) {
			for _, v := range x.Operands() {
				if seen[v] || p.inside(v, s) {
					continue
				}
				seen[v] = true
				ins = append(ins, v)
			}
		})
	}
	// Only compute ops' results can be needed elsewhere: a follower is
	// copied to every place its readers are.
	for _, op := range s.ops {
		for _, r := range op.Results() {
			if p.usedOutside(r, s) {
				outs = append(outs, r)
			}
		}
	}
	return ins, outs
}

// inside reports whether v is defined within segment s (by a member or
// nested in one).
func (p *plan) inside(v *ir.Value, s *segment) bool {
	def := v.DefiningOp()
	if def == nil {
		b := v.OwnerBlock()
		if b == p.body {
			return false
		}
		def = b.ParentOp()
	}
	top := ancestorIn(def, p.body)
	return top != nil && s.members[top]
}

// usedOutside reports whether a member's result r is read somewhere s
// does not hold r's definer: by a compute op of another partition or of
// the function, or by a follower copied to a place r's definer is not
// (followers are copied along with the followers they read).
func (p *plan) usedOutside(r *ir.Value, s *segment) bool {
	def := ancestorIn(r.DefiningOp(), p.body)
	defAt := p.places(def)
	for _, u := range r.Users() {
		top := ancestorIn(u, p.body)
		if top == nil || top == def {
			continue
		}
		for _, at := range p.places(top) {
			if !slices.Contains(defAt, at) {
				return true
			}
		}
	}
	return false
}

// places lists where a top-level op will be: segment indices, and -1 for
// the function itself.
func (p *plan) places(op *ir.Operation) []int {
	if roleOf(op) == compute && op != p.body.Terminator() {
		return []int{p.segOf[op]}
	}
	at := p.follow[op]
	if op == p.body.Terminator() || p.keep[op] {
		at = append(slices.Clip(at), -1)
	}
	return at
}

// costOps are what a Coster weighs for a cluster: its compute ops and
// the constants and casts they read (which go with them), in program
// order.
func (p *plan) costOps(ops []*ir.Operation) []*ir.Operation {
	if p.position == nil {
		p.position = map[*ir.Operation]int{}
		for i, op := range p.body.Ops() {
			p.position[op] = i
		}
	}
	seen := make(map[*ir.Operation]bool, len(ops))
	out := append([]*ir.Operation(nil), ops...)
	for _, op := range ops {
		seen[op] = true
	}
	for i := 0; i < len(out); i++ {
		for _, v := range out[i].Operands() {
			if d := v.DefiningOp(); d != nil && !seen[d] && d.Block() == p.body && roleOf(d) == withUser {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	slices.SortFunc(out, func(a, b *ir.Operation) int { return p.position[a] - p.position[b] })
	return out
}

func (p *plan) describe() *Report {
	r := &Report{Function: symName(p.fnOp), Target: p.opts.Target.Name}
	for i, s := range p.segments {
		part := Partition{Name: p.partitionName(i), Device: s.device, Ops: len(s.ops), ByPrecision: map[string]*Count{}}
		for _, op := range s.ops {
			pr := cost.Precision(op, "")
			c := part.ByPrecision[pr]
			if c == nil {
				c = &Count{}
				part.ByPrecision[pr] = c
			}
			c.Ops++
			c.MACs += MACs(op)
			if s.device == CPU {
				r.Fallbacks = append(r.Fallbacks, Fallback{Op: op, Name: op.Name(), Loc: locString(op.Loc), Reason: p.reasons[op]})
			}
		}
		s.ins, s.outs = p.boundary(s)
		part.Inputs, part.Outputs = len(s.ins), len(s.outs)
		for _, v := range s.ins {
			part.InputBytes += cost.Bytes(v)
		}
		for _, v := range s.outs {
			part.OutputBytes += cost.Bytes(v)
		}
		switch {
		case s.weighed && s.device != CPU:
			part.EstimatedTarget, part.EstimatedCPU = s.onTarget, s.onCPU
		case p.opts.Cost != nil && s.device == CPU:
			// What the CPU takes for the fallback; ops the cost model
			// cannot price leave it unestimated.
			if _, onCPU, err := p.opts.Cost.Estimate(p.costOps(s.ops)); err == nil {
				part.EstimatedCPU = onCPU
			}
		}
		r.Partitions = append(r.Partitions, part)
	}
	return r
}

// partitionName is <function>_<device>_<index>, the device spelled as an
// identifier (trt-orin -> trt_orin).
func (p *plan) partitionName(i int) string {
	dev := strings.Map(func(r rune) rune {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, p.segments[i].device)
	return fmt.Sprintf("%s_%s_%d", symName(p.fnOp), dev, i)
}

func symName(fn *ir.Operation) string {
	if s := ir.SymbolName(fn); s != "" {
		return s
	}
	return "fn"
}

func locString(l ir.Location) string {
	if l == nil {
		return ""
	}
	return l.String()
}
