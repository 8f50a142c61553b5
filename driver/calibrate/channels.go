package calibrate

import (
	"fmt"
	"math"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/quantize"
)

// Per-channel activation statistics for smooth-quant: for the activation
// (left operand) of every core.matmul with a constant weight
// (quantize.SmoothWeight), the max |x| of each input channel — the last
// dimension, the one the matmul contracts — over all samples, written on
// the matmul as mlc.act_absmax = array<f64: ...> (K entries).
//
// It is a pass of its own, calibrate-channels, rather than an option of
// calibrate: it must run before smooth-quant and calibrate after it (the
// ranges quantize reads are those of the smoothed activations), and a
// pass's ordering constraints are declared per pass name.

// ChannelOptions configure ChannelAbsMax.
type ChannelOptions struct {
	// Function is the entry function; "" is "main".
	Function string
	// Progress, when set, is called after each sample.
	Progress func(done, total int)
}

// ChannelStat is the statistics of one matmul's activation.
type ChannelStat struct {
	Op     *ir.Operation
	AbsMax []float64
}

// ChannelReport is what ChannelAbsMax recorded.
type ChannelReport struct {
	Function string
	Samples  int
	Matmuls  []ChannelStat
	// Unobserved: candidate matmuls whose activation was never computed
	// (a branch not taken) or is an argument of a called function.
	Unobserved []*ir.Operation
}

// ChannelAbsMax runs the entry function on every sample of data and
// writes mlc.act_absmax on every matmul quantize.SmoothWeight accepts
// (removing a stale one from those it could not observe). On error module
// is left as it was.
func ChannelAbsMax(module *ir.Operation, data *Dataset, opts ChannelOptions) (*ChannelReport, error) {
	if opts.Function == "" {
		opts.Function = "main"
	}
	fn, err := interp.LookupFunc(module, opts.Function)
	if err != nil {
		return nil, err
	}
	if data == nil || len(data.Samples) == 0 {
		return nil, fmt.Errorf("no calibration samples")
	}
	// The activations to watch, each with the matmuls reading it and its
	// channel count.
	readers := map[*ir.Value][]*ir.Operation{}
	width := map[*ir.Value]int64{}
	var cands, others []*ir.Operation
	ir.WalkPreOrder(module, func(op *ir.Operation) ir.WalkResult {
		if op.Name() != "core.matmul" {
			return ir.Advance
		}
		k, why := quantize.SmoothWeight(op)
		if why != "" {
			others = append(others, op)
			return ir.Advance
		}
		v := op.Operand(0)
		readers[v] = append(readers[v], op)
		width[v] = k
		cands = append(cands, op)
		return ir.Advance
	})
	args := fn.Region(0).Blocks()[0].Args()
	absmax := map[*ir.Value][]float64{}
	feed := func(v *ir.Value, t *tensor.Tensor) error {
		k, ok := width[v]
		if !ok || t == nil || !t.DType().IsFloat() {
			return nil
		}
		if t.Rank() == 0 || t.Dim(t.Rank()-1) != k {
			return fmt.Errorf("the activation has shape %v, not ending in its %d channels", t.Shape(), k)
		}
		m := absmax[v]
		if m == nil {
			m = make([]float64, k)
			absmax[v] = m
		}
		if t.DType() == tensor.F32 {
			for i, x := range t.Float32s() {
				j := int64(i) % k
				if a := math.Abs(float64(x)); a > m[j] {
					m[j] = a
				}
			}
			return nil
		}
		for i, x := range t.Values() {
			j := int64(i) % k
			if a := math.Abs(x); a > m[j] {
				m[j] = a
			}
		}
		return nil
	}
	err = runSamples(fn, data, opts.Progress, nil, nil,
		func(set string, i int, t *tensor.Tensor) error {
			if i >= len(args) {
				return nil
			}
			if err := feed(args[i], t); err != nil {
				return fmt.Errorf("%s: argument %d: %v", set, i, err)
			}
			return nil
		},
		func(op *ir.Operation, results []*tensor.Tensor) error {
			for j, r := range results {
				if j < op.NumResults() {
					if err := feed(op.Result(j), r); err != nil {
						return ir.Errorf(op.Loc, "'%s' op result #%d: %v", op.Name(), j, err)
					}
				}
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	rep := &ChannelReport{Function: opts.Function, Samples: len(data.Samples)}
	for _, op := range others {
		// An entry from an earlier run (or a rewrite since) is stale.
		op.RemoveAttr(quantize.ActAbsMaxAttr)
	}
	ctx := module.Ctx()
	f64 := ctx.FloatType(ir.F64)
	for _, op := range cands {
		m, ok := absmax[op.Operand(0)]
		if !ok {
			op.RemoveAttr(quantize.ActAbsMaxAttr)
			rep.Unobserved = append(rep.Unobserved, op)
			continue
		}
		op.SetAttr(quantize.ActAbsMaxAttr, ctx.DenseFloatArrayAttr(f64, m))
		rep.Matmuls = append(rep.Matmuls, ChannelStat{Op: op, AbsMax: m})
	}
	return rep, nil
}

// SmoothOptions configure Smooth.
type SmoothOptions struct {
	// Function is the entry function; "" is "main".
	Function string
	// Alpha is the migration strength in [0, 1] (SmoothQuant's default 0.5).
	Alpha float64
	// Progress, when set, is called after each sample.
	Progress func(done, total int)
}

// Smooth is calibrate-channels then smooth-quant on every function of
// module: the step a driver runs before Calibrate when SmoothQuant is on.
// On error module is left as it was.
func Smooth(module *ir.Operation, data *Dataset, opts SmoothOptions) (*quantize.SmoothReport, error) {
	if !(opts.Alpha >= 0 && opts.Alpha <= 1) {
		return nil, fmt.Errorf("smooth-quant: alpha must lie in [0, 1], got %g", opts.Alpha)
	}
	if _, err := ChannelAbsMax(module, data, ChannelOptions{Function: opts.Function, Progress: opts.Progress}); err != nil {
		return nil, err
	}
	rep := &quantize.SmoothReport{}
	ir.WalkPreOrder(module, func(op *ir.Operation) ir.WalkResult {
		if op.Name() != "func.func" {
			return ir.Advance
		}
		r := quantize.Smooth(op, quantize.SmoothConfig{Alpha: opts.Alpha})
		rep.Groups = append(rep.Groups, r.Groups...)
		rep.Skipped = append(rep.Skipped, r.Skipped...)
		rep.UnitChannels += r.UnitChannels
		return ir.Skip
	})
	return rep, nil
}
