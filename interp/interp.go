package interp

import (
	"fmt"
	"slices"
	"time"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// maxCallDepth bounds nested func.call (bodies have no control flow, so a
// recursive call could never return; this also bounds a long call chain).
const maxCallDepth = 256

// Options tune an Interpreter. The zero value is ready to use.
type Options struct {
	// Observe, when set, is called after every op with the op and its
	// result tensors (in op order, also inside called functions). The
	// tensors must not be modified. The accuracy gates use it to compare
	// intermediate values.
	Observe func(op *ir.Operation, results []*tensor.Tensor)
	// ObserveTransient says that Observe reads the tensors it is shown
	// during the call only (it keeps none), so buffer reuse stays on: a
	// result's storage is recycled once its last reader has run, after
	// Observe has seen it.
	ObserveTransient bool
	// Substitute, when set, is called after Observe; a non-nil return
	// (one tensor per result, of the result types) replaces the op's
	// results for the ops that read them. Comparisons with another
	// runtime feed it that runtime's tensors, so each op's disagreement
	// is seen apart from what earlier ops propagate. Buffer reuse is off
	// while it is set.
	Substitute func(op *ir.Operation, results []*tensor.Tensor) []*tensor.Tensor
	// Cancel, when set, is called before every op; a non-nil error stops
	// the run and is returned as it is (so errors.Is finds it). Unlike
	// Observe it leaves buffer reuse on.
	Cancel func() error
	// NoBufferReuse makes every op allocate its outputs afresh instead of
	// recycling the storage of intermediates whose last reader has run
	// (reuse is also off while Observe is set, whose callee may keep the
	// tensors it is shown, unless ObserveTransient says it does not).
	NoBufferReuse bool
	// TRTFused runs the trt dialect's dequantize → convolution or matrix
	// multiply → quantize groups as TensorRT's int8 kernels do: integer
	// sums and one requantization (trt_fused.go). The ops such a group
	// replaces are not run, so Observe does not see them.
	TRTFused bool
	// OpTime, when set, is given the wall time of every op the run
	// executes (constants cached from an earlier run take none). Unlike
	// Observe it changes nothing about how ops run.
	OpTime func(op *ir.Operation, elapsed time.Duration)
}

// Interpreter runs functions of one module. It keeps the tensors of
// constant ops and the targets of calls between runs, so running a model
// many times decodes its weights once (and computes ops on constants only
// once); it also keeps the storage of each function's dead intermediates
// for the next run, so a steady-state run allocates little. Use a new
// Interpreter after changing the IR. It is not safe for concurrent use (the kernels themselves use
// several goroutines).
type Interpreter struct {
	opts    Options
	callees map[*ir.Operation]*ir.Operation // func.call -> func.func
	consts  map[*ir.Operation]*tensor.Tensor
	active  map[*ir.Operation]bool // functions on the call stack
	// free holds, per function, the storage its runs have recycled (see
	// bufPool); a function is never on the call stack twice, so its lists
	// have one user at a time.
	free map[*ir.Operation]map[bufKey][]*tensor.Tensor
	// arenas holds, per function, its float32 intermediates' placement
	// (arena.go), under the same rule.
	arenas map[*ir.Operation]*arenaState
	// packed holds convolution weights packed for the GEMM, per constant
	// weight tensor (see packedConv): about one more copy of those
	// weights, dropped with the interpreter.
	packed map[packKey]*tensor.PackedConv2D
	// qpacked is packed for 8-bit weights of quantized convolutions (see
	// packedConvInteger).
	qpacked map[packKey]qpackedEntry
	// qmpacked is packed for 2-D 8-bit weights of quantized matmuls (see
	// packedMatMulInteger).
	qmpacked map[*tensor.Tensor]qmpackedEntry
	// requants holds quantized convolutions' requantization parameters
	// (see cachedRequant).
	requants map[*ir.Operation]requantEntry
	// trtPlans holds, per function, its groups under TRTFused.
	trtPlans map[*ir.Operation]*trtPlan
	// wZeros holds quantized weight types' scales and zero points (see
	// channelScalesCached).
	wZeros map[ir.Type]scalesZeros
	// q8 holds float32 matmul weights that are dequantized int8 as int8
	// rows and column scales (nil: not one), per constant (matmul_q8.go).
	q8 map[*tensor.Tensor]*tensor.Q8Columns
	// frames holds, per function, what its runs reuse (frame.go).
	frames map[*ir.Operation]*frame
	depth  int
}

type packKey struct {
	w      *tensor.Tensor
	groups int
}

// New returns an interpreter with the given options.
func New(opts Options) *Interpreter {
	return &Interpreter{
		opts:    opts,
		callees: map[*ir.Operation]*ir.Operation{},
		consts:  map[*ir.Operation]*tensor.Tensor{},
		active:  map[*ir.Operation]bool{},
		free:    map[*ir.Operation]map[bufKey][]*tensor.Tensor{},
		arenas:  map[*ir.Operation]*arenaState{},
		packed:  map[packKey]*tensor.PackedConv2D{},
		frames:  map[*ir.Operation]*frame{},
	}
}

// constantOps are the ops whose result depends only on their attributes.
var constantOps = map[string]bool{"core.constant": true, "torch.constant": true}

// Run executes the func.func fn on inputs (one per argument, each of the
// argument type's dtype and static dims; stored integers for quantized
// types) and returns one tensor per result. Errors are *ir.Diagnostic
// values located at the failing op (or at fn for bad inputs).
//
// fn should have passed ir.Verify: kernels check what they rely on, but an
// op that breaks its verifier's rules gets a less precise error. Inputs are
// never modified; results may share storage with inputs and constants, so
// callers must not modify them either.
func Run(fn *ir.Operation, inputs []*tensor.Tensor) ([]*tensor.Tensor, error) {
	return New(Options{}).Run(fn, inputs)
}

// RunModule runs the function called name in module (a builtin.module, or
// any op with a symbol table).
func RunModule(module *ir.Operation, name string, inputs []*tensor.Tensor) ([]*tensor.Tensor, error) {
	return New(Options{}).RunModule(module, name, inputs)
}

// RunModule is the package-level RunModule with this interpreter's options.
func (it *Interpreter) RunModule(module *ir.Operation, name string, inputs []*tensor.Tensor) ([]*tensor.Tensor, error) {
	fn, err := LookupFunc(module, name)
	if err != nil {
		return nil, err
	}
	return it.Run(fn, inputs)
}

// LookupFunc finds the func.func called name directly inside module.
func LookupFunc(module *ir.Operation, name string) (*ir.Operation, error) {
	if module == nil {
		return nil, fmt.Errorf("no module")
	}
	if module.Name() == "func.func" && ir.SymbolName(module) == name {
		return module, nil
	}
	var funcs []string
	for _, r := range module.Regions() {
		for _, b := range r.Blocks() {
			for _, op := range b.Ops() {
				if op.Name() != "func.func" {
					continue
				}
				if ir.SymbolName(op) == name {
					return op, nil
				}
				funcs = append(funcs, "@"+ir.SymbolName(op))
			}
		}
	}
	if len(funcs) == 0 {
		return nil, ir.Errorf(module.Loc, "no function @%s: the module has no func.func", name)
	}
	return nil, ir.Errorf(module.Loc, "no function @%s in the module (it has %v)", name, funcs)
}

// Run is the package-level Run with this interpreter's options.
func (it *Interpreter) Run(fn *ir.Operation, inputs []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if fn == nil || fn.Name() != "func.func" {
		return nil, fmt.Errorf("interp.Run needs a func.func op")
	}
	body, err := funcBody(fn)
	if err != nil {
		return nil, err
	}
	if len(inputs) != body.NumArgs() {
		return nil, ir.Errorf(fn.Loc, "@%s takes %d arguments, got %d inputs", ir.SymbolName(fn), body.NumArgs(), len(inputs))
	}
	for i, a := range body.Args() {
		if err := CheckValue(a.Type(), inputs[i]); err != nil {
			return nil, ir.Errorf(a.Loc(), "input %d of @%s %s", i, ir.SymbolName(fn), err.Error())
		}
	}
	return it.call(fn, body, inputs)
}

// funcBody returns the single block of a defined function.
func funcBody(fn *ir.Operation) (*ir.Block, error) {
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return nil, ir.Errorf(fn.Loc, "@%s is a declaration without a body", ir.SymbolName(fn))
	}
	r := fn.Region(0)
	if r.NumBlocks() != 1 {
		return nil, ir.Errorf(fn.Loc, "@%s has %d blocks; the interpreter runs straight-line bodies of one block", ir.SymbolName(fn), r.NumBlocks())
	}
	return r.Front(), nil
}

// call runs a function body on already checked inputs.
func (it *Interpreter) call(fn *ir.Operation, body *ir.Block, inputs []*tensor.Tensor) ([]*tensor.Tensor, error) {
	if it.active[fn] {
		return nil, ir.Errorf(fn.Loc, "@%s is called recursively; the interpreter runs bodies without control flow, so recursion cannot end", ir.SymbolName(fn))
	}
	if it.depth >= maxCallDepth {
		return nil, ir.Errorf(fn.Loc, "call depth exceeds %d", maxCallDepth)
	}
	it.active[fn] = true
	it.depth++
	defer func() { delete(it.active, fn); it.depth-- }()

	// The frame's maps and records are fn's from one run to the next
	// (fn is never on the call stack twice): a run that made them anew
	// would take fresh heap pages, each costing a page fault (~13 µs on
	// the benchmark VM) until the collector's next cycle.
	fr := it.frames[fn]
	if fr == nil {
		fr = newFrame()
		it.frames[fn] = fr
	}
	fr.fresh = it.opts.Observe != nil || it.opts.Substitute != nil
	env := fr.env
	defer fr.release()
	var pool *bufPool
	if !it.opts.NoBufferReuse && (it.opts.Observe == nil || it.opts.ObserveTransient) && it.opts.Substitute == nil {
		// The free lists outlive the call: the next run of fn starts with
		// the buffers this one freed (fresh ones would each be new memory
		// to fault in until the collector catches up).
		free := it.free[fn]
		if free == nil {
			free = map[bufKey][]*tensor.Tensor{}
			it.free[fn] = free
		}
		pool = &fr.pool
		pool.free = free
		st := it.arenas[fn]
		if st == nil {
			st = &arenaState{}
			it.arenas[fn] = st
		}
		pool.arena = newArenaRun(st)
		defer pool.trim()
	}
	for i, a := range body.Args() {
		env[a] = inputs[i]
		if pool != nil {
			pool.define(a, inputs[i], nil, true)
		}
	}
	ops := fr.ops(body)
	var plan *trtPlan
	if it.opts.TRTFused {
		plan = it.trtPlanFor(fn, body)
	} else if pool != nil {
		pool.planConcats(ops)
	}
	// lastUse[v] is the index of the last op in this block that reads v,
	// so that dead intermediates are dropped as soon as possible.
	lastUse := fr.lastUse
	for i, op := range ops {
		if plan != nil && plan.skip[op] {
			continue
		}
		for _, v := range plan.operands(op) {
			lastUse[v] = i
		}
	}
	for i, op := range ops {
		if it.opts.Cancel != nil {
			if err := it.opts.Cancel(); err != nil {
				return nil, err
			}
		}
		if op.NumRegions() > 0 {
			return nil, ir.Errorf(op.Loc, "'%s' op has regions; the interpreter runs straight-line bodies only", op.Name())
		}
		if plan != nil && plan.skip[op] {
			continue
		}
		operands := plan.operands(op)
		args := fr.args(len(operands))
		for j, v := range operands {
			t, ok := env[v]
			if !ok {
				return nil, ir.Errorf(op.Loc, "'%s' op operand #%d has no value (defined outside the function or after its use)", op.Name(), j)
			}
			args[j] = t
		}
		if op.HasTrait(ir.ReturnLike) || op.Name() == "func.return" {
			if op.Next() != nil {
				return nil, ir.Errorf(op.Loc, "'%s' op is not the last op of the body", op.Name())
			}
			if pool != nil {
				fr.noteResults(pool, operands, args)
			}
			return slices.Clone(args), nil
		}
		c := &fr.call
		*c = opCall{op: op, in: args, it: it, pool: pool, index: i, lastUse: lastUse, env: env}
		var results []*tensor.Tensor
		var err error
		var t0 time.Time
		if it.opts.OpTime != nil {
			t0 = time.Now()
		}
		if g := plan.group(op); g != nil {
			results, err = it.execTRTGroup(g, c)
		} else {
			results, err = it.exec(c)
		}
		if it.opts.OpTime != nil && err == nil {
			it.opts.OpTime(op, time.Since(t0))
		}
		if err != nil {
			return nil, err
		}
		if len(results) != op.NumResults() {
			return nil, ir.Errorf(op.Loc, "'%s' op: the interpreter produced %d results, the op has %d", op.Name(), len(results), op.NumResults())
		}
		for j, r := range results {
			if err := CheckValue(op.Result(j).Type(), r); err != nil {
				return nil, ir.Errorf(op.Loc, "'%s' op result #%d %s", op.Name(), j, err.Error())
			}
			env[op.Result(j)] = r
			if pool != nil {
				// Constants (and ops on constants only) stay cached across
				// runs and a call's results may be the callee's constants:
				// never recycle those.
				pool.define(op.Result(j), r, operands, it.consts[op] != nil || op.Name() == "func.call")
			}
		}
		if it.opts.Observe != nil {
			it.opts.Observe(op, results)
		}
		if it.opts.Substitute != nil {
			if sub := it.opts.Substitute(op, results); sub != nil {
				if len(sub) != op.NumResults() {
					return nil, ir.Errorf(op.Loc, "'%s' op: %d substitute results for %d results", op.Name(), len(sub), op.NumResults())
				}
				for j, r := range sub {
					if err := CheckValue(op.Result(j).Type(), r); err != nil {
						return nil, ir.Errorf(op.Loc, "'%s' op substitute result #%d %s", op.Name(), j, err.Error())
					}
					env[op.Result(j)] = r
				}
			}
		}
		for _, v := range operands {
			if lastUse[v] == i {
				delete(env, v)
				if pool != nil {
					pool.kill(v, i)
				}
			}
		}
		if pool != nil {
			for _, r := range op.Results() {
				if _, used := lastUse[r]; !used {
					pool.kill(r, i)
				}
			}
		}
	}
	return nil, ir.Errorf(fn.Loc, "@%s has no func.return", ir.SymbolName(fn))
}

// exec runs one op through its kernel.
func (it *Interpreter) exec(c *opCall) ([]*tensor.Tensor, error) {
	op, args := c.op, c.in
	if op.Name() == "func.call" {
		return it.execCall(op, args)
	}
	if t, ok := it.consts[op]; ok {
		return []*tensor.Tensor{t}, nil
	}
	k, ok := kernels[op.Name()]
	if !ok {
		return nil, ir.Errorf(op.Loc, "'%s' op is not supported by the interpreter", op.Name())
	}
	out, err := runKernel(k, c)
	if err != nil {
		if d, ok := err.(*ir.Diagnostic); ok {
			return nil, d
		}
		return nil, ir.Errorf(op.Loc, "'%s' op %s", op.Name(), cleanErr(err))
	}
	if len(out) == 1 && (constantOps[op.Name()] || it.foldable(op)) {
		it.consts[op] = out[0]
	}
	return out, nil
}

// foldable reports whether op computes from constants only (every operand
// the result of a cached op), so its result is the same every run: kernels
// are pure, and caching it saves, for one, transposing a weight per run.
func (it *Interpreter) foldable(op *ir.Operation) bool {
	if op.NumOperands() == 0 || op.NumResults() != 1 {
		return false
	}
	for _, v := range op.Operands() {
		d := v.DefiningOp()
		if d == nil || it.consts[d] == nil {
			return false
		}
	}
	return true
}

// packedConv returns the packed weight of an f32 convolution whose weight
// (operand 1) is a cached constant, packing it on first use; nil when
// the weight is not a constant or cannot be packed (the kernel then packs
// per call, and reports any error).
func (c *opCall) packedConv(groups int) *tensor.PackedConv2D {
	if c.it == nil || len(c.in) < 2 || c.op.NumOperands() < 2 {
		return nil
	}
	w := c.in[1]
	d := c.op.Operand(1).DefiningOp()
	if d == nil || c.it.consts[d] != w || w.DType() != tensor.F32 || w.Rank() != 4 {
		return nil
	}
	k := packKey{w, groups}
	if pw, ok := c.it.packed[k]; ok {
		return pw
	}
	pw, err := tensor.PackConv2D(w, groups)
	if err != nil {
		pw = nil
	}
	c.it.packed[k] = pw
	return pw
}

// runKernel calls k, turning a panic (an op that breaks what its verifier
// guarantees, such as a missing operand in unverified IR) into an error.
func runKernel(k kernel, c *opCall) (out []*tensor.Tensor, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("cannot be interpreted (does it verify?): %v", r)
		}
	}()
	return k(c)
}

func (it *Interpreter) execCall(op *ir.Operation, args []*tensor.Tensor) ([]*tensor.Tensor, error) {
	fn, ok := it.callees[op]
	if !ok {
		ref, _ := op.InherentAttr("callee").(*ir.SymbolRefAttr)
		if ref == nil {
			return nil, ir.Errorf(op.Loc, "'func.call' op has no callee")
		}
		fn = ir.LookupSymbol(op, ref)
		if fn == nil || fn.Name() != "func.func" {
			return nil, ir.Errorf(op.Loc, "'func.call' op: no function %s", ref)
		}
		it.callees[op] = fn
	}
	body, err := funcBody(fn)
	if err != nil {
		return nil, ir.Errorf(op.Loc, "'func.call' op cannot call %s", err.Error()).AttachNote(fn.Loc, "callee defined here")
	}
	if len(args) != body.NumArgs() {
		return nil, ir.Errorf(op.Loc, "'func.call' op passes %d arguments to @%s, which takes %d", len(args), ir.SymbolName(fn), body.NumArgs())
	}
	for i, a := range body.Args() {
		if err := CheckValue(a.Type(), args[i]); err != nil {
			return nil, ir.Errorf(op.Loc, "'func.call' op argument #%d %s", i, err.Error())
		}
	}
	return it.call(fn, body, args)
}
