package onnx

import (
	"slices"

	"github.com/mlc-go/mlc/ir"
)

// Recurrent layers (RNN, GRU, LSTM) are unrolled over the static
// sequence: the input projection of every step is one linear, each step
// adds its recurrent linear and applies the cell, and the steps' hidden
// states are concatenated. This is what the torch dialect can express
// without a loop op; the IR grows with the sequence length.
func init() {
	register(
		entry{op: "RNN", from: 7, to: 17, in: 3, convert: convRecurrent(rnnCell)},
		entry{op: "GRU", from: 7, to: 17, in: 3, convert: convRecurrent(gruCell)},
		entry{op: "LSTM", from: 7, to: 17, in: 3, convert: convRecurrent(lstmCell)},
	)
}

// maxRNNSteps bounds the unrolled sequence.
const maxRNNSteps = 1 << 12

// recurrentCell describes one ONNX recurrent op.
type recurrentCell struct {
	gates int      // gate blocks stacked in W, R and each half of B
	acts  []string // default activations of one direction
	// attrs are the op's own attributes beyond the common ones.
	attrs []string
	// step computes the new hidden (and cell) state from the step's input
	// projection xw (biases included), per the ONNX equations.
	step func(r *rnnRun, xw, h, cell *ir.Value) (hNew, cellNew *ir.Value)
}

var (
	rnnCell  = &recurrentCell{gates: 1, acts: []string{"Tanh"}, step: stepRNN}
	gruCell  = &recurrentCell{gates: 3, acts: []string{"Sigmoid", "Tanh"}, attrs: []string{"linear_before_reset"}, step: stepGRU}
	lstmCell = &recurrentCell{gates: 4, acts: []string{"Sigmoid", "Tanh", "Tanh"}, attrs: []string{"input_forget"}, step: stepLSTM}
)

// rnnActivations maps the supported activation names to torch ops.
var rnnActivations = map[string]string{"Sigmoid": "torch.aten.sigmoid", "Tanh": "torch.aten.tanh", "Relu": "torch.aten.relu"}

// rnnRun is one direction's state during unrolling.
type rnnRun struct {
	c      *nodeCtx
	hidden int64
	acts   []string // this direction's activation ops
	clip   float64  // 0: none
	r      *ir.Value
	rb     *ir.Value // GRU with linear_before_reset: the h gate's Rb
	p      *ir.Value // LSTM peepholes [3·hidden] (i, o, f), or nil
	rzr    *ir.Value // GRU: R's z and r rows
	rh     *ir.Value // GRU: R's h rows
	lbr    bool
}

func (r *rnnRun) act(k int, v *ir.Value) *ir.Value {
	c := r.c
	if r.clip > 0 {
		v = c.emit("torch.aten.clamp", []*ir.Value{v}, c.f64("min", -r.clip), c.f64("max", r.clip))
	}
	return c.emit(r.acts[k], []*ir.Value{v})
}

// gate is block k of the last dim of v.
func (r *rnnRun) gate(v *ir.Value, k int) *ir.Value {
	return r.c.emit("torch.aten.slice.Tensor", []*ir.Value{v}, r.c.i64("dim", -1), r.c.i64("start", int64(k)*r.hidden), r.c.i64("end", int64(k+1)*r.hidden))
}

func (r *rnnRun) add(a, b *ir.Value) *ir.Value {
	return r.c.emit("torch.aten.add.Tensor", []*ir.Value{a, b})
}

func (r *rnnRun) mul(a, b *ir.Value) *ir.Value {
	return r.c.emit("torch.aten.mul.Tensor", []*ir.Value{a, b})
}

// stepRNN: Ht = f(Xt·Wᵀ + Ht-1·Rᵀ + Wb + Rb).
func stepRNN(r *rnnRun, xw, h, _ *ir.Value) (*ir.Value, *ir.Value) {
	return r.act(0, r.add(xw, r.c.emit("torch.aten.linear", []*ir.Value{h, r.r}))), nil
}

// stepGRU: z, r = f(…); ĥ = g(Xt·Whᵀ + (r ⊙ Ht-1)·Rhᵀ + Rbh + Wbh), or
// g(Xt·Whᵀ + r ⊙ (Ht-1·Rhᵀ + Rbh) + Wbh) with linear_before_reset;
// Ht = (1 − z) ⊙ ĥ + z ⊙ Ht-1.
func stepGRU(r *rnnRun, xw, h, _ *ir.Value) (*ir.Value, *ir.Value) {
	c := r.c
	if r.rh == nil { // R's z, r rows and h rows, split once per direction
		r.rzr = c.emit("torch.aten.slice.Tensor", []*ir.Value{r.r}, c.i64("dim", 0), c.i64("start", 0), c.i64("end", 2*r.hidden))
		r.rh = c.emit("torch.aten.slice.Tensor", []*ir.Value{r.r}, c.i64("dim", 0), c.i64("start", 2*r.hidden), c.i64("end", 3*r.hidden))
	}
	rh := r.rh
	hr := c.emit("torch.aten.linear", []*ir.Value{h, r.rzr})
	z := r.act(0, r.add(r.gate(xw, 0), r.gate(hr, 0)))
	rt := r.act(0, r.add(r.gate(xw, 1), r.gate(hr, 1)))
	var rec *ir.Value
	if r.lbr {
		rec = r.mul(rt, c.emit("torch.aten.linear", []*ir.Value{h, rh, r.rb}))
	} else {
		rec = c.emit("torch.aten.linear", []*ir.Value{r.mul(rt, h), rh})
	}
	hh := r.act(1, r.add(r.gate(xw, 2), rec))
	one := c.scalarLike(z, 1)
	return r.add(r.mul(c.emit("torch.aten.sub.Tensor", []*ir.Value{one, z}), hh), r.mul(z, h)), nil
}

// stepLSTM: gates i, o, f, c in that order; peepholes P = (i, o, f).
func stepLSTM(r *rnnRun, xw, h, cell *ir.Value) (*ir.Value, *ir.Value) {
	c := r.c
	g := r.add(xw, c.emit("torch.aten.linear", []*ir.Value{h, r.r}))
	peep := func(k int, v, s *ir.Value) *ir.Value {
		if r.p == nil {
			return v
		}
		return r.add(v, r.mul(r.gate(r.p, k), s))
	}
	it := r.act(0, peep(0, r.gate(g, 0), cell))
	ft := r.act(0, peep(2, r.gate(g, 2), cell))
	ct := r.act(1, r.gate(g, 3))
	cNew := r.add(r.mul(ft, cell), r.mul(it, ct))
	ot := r.act(0, peep(1, r.gate(g, 1), cNew))
	return r.mul(ot, r.act(2, cNew)), cNew
}

func convRecurrent(cell *recurrentCell) converter {
	return func(c *nodeCtx) error {
		c.ignore("activation_alpha", "activation_beta")
		hidden, err := c.attrInt("hidden_size", 0)
		if err != nil {
			return err
		}
		dir, err := c.attrString("direction", "forward")
		if err != nil {
			return err
		}
		clip, err := c.attrFloat("clip", 0)
		if err != nil {
			return err
		}
		layout := int64(0)
		if c.opset >= 14 {
			if layout, err = c.attrInt("layout", 0); err != nil {
				return err
			}
		}
		flags := map[string]int64{}
		for _, a := range cell.attrs {
			if flags[a], err = c.attrInt(a, 0); err != nil {
				return err
			}
		}
		if flags["input_forget"] != 0 {
			return c.unsupportedf("input_forget = 1 is not supported")
		}
		acts, err := c.attrStrings("activations")
		if err != nil {
			return err
		}
		dirs := map[string][]bool{"forward": {false}, "reverse": {true}, "bidirectional": {false, true}}[dir]
		if dirs == nil {
			return c.errorf("direction '%s' is not forward, reverse or bidirectional", dir)
		}
		nd := len(dirs)
		if acts == nil {
			for range dirs {
				acts = append(acts, cell.acts...)
			}
		}
		if len(acts) != nd*len(cell.acts) {
			return c.errorf("activations has %d entries, want %d", len(acts), nd*len(cell.acts))
		}
		ops := make([]string, len(acts))
		for i, a := range acts {
			if ops[i] = rnnActivations[a]; ops[i] == "" {
				return c.unsupportedf("activation '%s' is not supported (Sigmoid, Tanh, Relu)", a)
			}
		}
		if clip < 0 {
			return c.errorf("clip must be positive, got %g", clip)
		}
		if layout != 0 && layout != 1 {
			return c.errorf("layout must be 0 or 1, got %d", layout)
		}
		x, w, rw := c.arg(0), c.arg(1), c.arg(2)
		if c.err != nil {
			return c.err
		}
		xs, ws, rs := shapeOf(x), shapeOf(w), shapeOf(rw)
		if !isFloatType(elemOf(x)) || len(xs) != 3 || !isStatic(xs) {
			return c.errorf("X must be a 3-D float tensor with static dims, got %s", x.Type())
		}
		if layout == 1 {
			x = c.emit("torch.aten.transpose.int", []*ir.Value{x}, c.i64("dim0", 0), c.i64("dim1", 1))
			xs = []int64{xs[1], xs[0], xs[2]}
		}
		seq, batch, inSize := xs[0], xs[1], xs[2]
		if hidden <= 0 && len(rs) == 3 {
			hidden = rs[2]
		}
		g := int64(cell.gates)
		if hidden <= 0 || !slices.Equal(ws, []int64{int64(nd), g * hidden, inSize}) || !slices.Equal(rs, []int64{int64(nd), g * hidden, hidden}) {
			return c.errorf("W [%s] and R [%s] do not fit %d direction(s), hidden size %d and input size %d", fmtShape(ws), fmtShape(rs), nd, hidden, inSize)
		}
		if seq == 0 {
			return c.unsupportedf("an empty sequence (0 steps) is not supported")
		}
		if seq > maxRNNSteps {
			return c.errorf("a sequence of %d steps is too long to unroll (at most %d)", seq, maxRNNSteps)
		}
		// lens: per-batch lengths that may stop short of seq, else nil.
		var lens *ir.Value
		if h := c.host(4); c.has(4) && (h == nil || !h.known() || slices.ContainsFunc(h.ints, func(l int64) bool { return l != seq })) {
			if lens = c.arg(4); c.err == nil && (!slices.Equal(shapeOf(lens), []int64{batch}) || isFloatType(elemOf(lens))) {
				return c.errorf("sequence_lens must be an integer tensor [%d], got %s", batch, lens.Type())
			}
		}
		// state reads an optional [num_directions, batch, hidden] input
		// (batch first with layout 1) as one [batch, hidden] per direction.
		state := func(i int, d int) *ir.Value {
			if !c.has(i) {
				return c.emit("torch.aten.expand", []*ir.Value{c.scalarLike(x, 0)}, c.arr("size", []int64{batch, hidden}))
			}
			v := c.arg(i)
			want := []int64{int64(nd), batch, hidden}
			dim := int64(0)
			if layout == 1 {
				want, dim = []int64{batch, int64(nd), hidden}, 1
			}
			if c.err == nil && !slices.Equal(shapeOf(v), want) {
				c.fail("input #%d has shape [%s], want [%s]", i, fmtShape(shapeOf(v)), fmtShape(want))
				return nil
			}
			return c.emit("torch.aten.select.int", []*ir.Value{v}, c.i64("dim", dim), c.i64("index", int64(d)))
		}
		pick := func(v *ir.Value, d int) *ir.Value {
			return c.emit("torch.aten.select.int", []*ir.Value{v}, c.i64("dim", 0), c.i64("index", int64(d)))
		}
		var ys, hs, cs []*ir.Value
		for d, reverse := range dirs {
			run := &rnnRun{c: c, hidden: hidden, acts: ops[d*len(cell.acts) : (d+1)*len(cell.acts)], clip: clip, r: pick(rw, d), lbr: flags["linear_before_reset"] != 0}
			// xw = X·Wᵀ + Wb + Rb (GRU with linear_before_reset keeps the
			// h gate's Rb for the cell).
			var bias *ir.Value
			if c.has(3) {
				b := pick(c.arg(3), d)
				if c.err == nil && !slices.Equal(shapeOf(b), []int64{2 * g * hidden}) {
					return c.errorf("B must have shape [%d, %d], got %s", nd, 2*g*hidden, c.typ(3))
				}
				wb := c.emit("torch.aten.slice.Tensor", []*ir.Value{b}, c.i64("dim", 0), c.i64("start", 0), c.i64("end", g*hidden))
				rb := c.emit("torch.aten.slice.Tensor", []*ir.Value{b}, c.i64("dim", 0), c.i64("start", g*hidden), c.i64("end", 2*g*hidden))
				if run.lbr {
					run.rb = c.emit("torch.aten.slice.Tensor", []*ir.Value{rb}, c.i64("dim", 0), c.i64("start", 2*hidden), c.i64("end", 3*hidden))
					zero := c.emit("torch.aten.expand", []*ir.Value{c.scalarLike(x, 0)}, c.arr("size", []int64{hidden}))
					rb = c.emit("torch.aten.cat", []*ir.Value{c.emit("torch.aten.slice.Tensor", []*ir.Value{rb}, c.i64("dim", 0), c.i64("start", 0), c.i64("end", 2*hidden)), zero}, c.i64("dim", 0))
				}
				bias = run.add(wb, rb)
			}
			if c.has(7) {
				p := pick(c.arg(7), d)
				if c.err == nil && !slices.Equal(shapeOf(p), []int64{3 * hidden}) {
					return c.errorf("P must have shape [%d, %d], got %s", nd, 3*hidden, c.typ(7))
				}
				run.p = p
			}
			args := []*ir.Value{x, pick(w, d)}
			if bias != nil {
				args = append(args, bias)
			}
			xw := c.emit("torch.aten.linear", args)
			h, cl := state(5, d), (*ir.Value)(nil)
			if cell == lstmCell {
				cl = state(6, d)
			}
			steps := make([]*ir.Value, seq)
			for k := range seq {
				t := k
				if reverse {
					t = seq - 1 - k
				}
				xt := c.emit("torch.aten.select.int", []*ir.Value{xw}, c.i64("dim", 0), c.i64("index", t))
				if c.err != nil {
					return c.err
				}
				hNew, cNew := cell.step(run, xt, h, cl)
				out := hNew
				if lens != nil {
					// Past a sequence's end the state holds and Y is 0;
					// a reverse pass starts at the end.
					m := c.emit("torch.aten.unsqueeze", []*ir.Value{c.emit("torch.aten.gt.Scalar", []*ir.Value{lens}, c.i64("other", t))}, c.i64("dim", 1))
					out = c.emit("torch.aten.where.self", []*ir.Value{m, hNew, c.scalarLike(hNew, 0)})
					hNew = c.emit("torch.aten.where.self", []*ir.Value{m, hNew, h})
					if cNew != nil {
						cNew = c.emit("torch.aten.where.self", []*ir.Value{m, cNew, cl})
					}
				}
				h, cl = hNew, cNew
				steps[t] = c.emit("torch.aten.unsqueeze", []*ir.Value{out}, c.i64("dim", 0))
			}
			if c.err != nil {
				return c.err
			}
			y := steps[0]
			if seq > 1 {
				y = c.emit("torch.aten.cat", steps, c.i64("dim", 0))
			}
			ys = append(ys, c.emit("torch.aten.unsqueeze", []*ir.Value{y}, c.i64("dim", 1)))
			hs = append(hs, c.emit("torch.aten.unsqueeze", []*ir.Value{h}, c.i64("dim", 0)))
			if cl != nil {
				cs = append(cs, c.emit("torch.aten.unsqueeze", []*ir.Value{cl}, c.i64("dim", 0)))
			}
		}
		join := func(vs []*ir.Value, dim int64) *ir.Value {
			if len(vs) == 1 {
				return vs[0]
			}
			return c.emit("torch.aten.cat", vs, c.i64("dim", dim))
		}
		y, yh := join(ys, 1), join(hs, 0) // [seq, nd, batch, hidden], [nd, batch, hidden]
		var yc *ir.Value
		if cs != nil {
			yc = join(cs, 0)
		}
		if layout == 1 {
			y = c.emit("torch.aten.permute", []*ir.Value{y}, c.arr("dims", []int64{2, 0, 1, 3}))
			yh = c.emit("torch.aten.transpose.int", []*ir.Value{yh}, c.i64("dim0", 0), c.i64("dim1", 1))
			if yc != nil {
				yc = c.emit("torch.aten.transpose.int", []*ir.Value{yc}, c.i64("dim0", 0), c.i64("dim1", 1))
			}
		}
		if c.err != nil {
			return c.err
		}
		c.setIR(0, y)
		c.setIR(1, yh)
		if yc != nil {
			c.setIR(2, yc)
		}
		return nil
	}
}
