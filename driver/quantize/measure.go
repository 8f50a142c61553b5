package quantize

import (
	"fmt"
	"math"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	lq "github.com/mlc-go/mlc/lowering/quantize"
)

// finalStats are the final model's figures on the calibration samples.
type finalStats struct {
	out   noise
	perOp map[*ir.Operation]*[2]float64 // master op -> signal, noise
}

// readBack is the op whose result 0 holds clone op c's output as its
// users read it: the dcast after its qcast, the cast back from a
// narrower float, or c itself.
func readBack(c *ir.Operation) *ir.Operation {
	if c.NumResults() == 0 {
		return c
	}
	for _, u := range c.Result(0).Users() {
		if u.Name() == "quant.qcast" {
			for _, u2 := range u.Result(0).Users() {
				if u2.Name() == "quant.dcast" {
					return u2
				}
			}
		}
	}
	for _, u := range c.Result(0).Users() {
		if u.Name() == "core.cast" {
			return u
		}
	}
	return c
}

// measureFinal runs the fp32 (master) model and the final one on every
// calibration sample: output SQNR against the fp32 model given, per-op
// SQNR against the master's ops, and the bias layers' errors after
// correction.
func (d *driver) measureFinal(c *candidate) (*finalStats, error) {
	st := &finalStats{perOp: map[*ir.Operation]*[2]float64{}}
	fnF, err := interp.LookupFunc(d.master, d.fnName)
	if err != nil {
		return nil, err
	}
	decided := map[*ir.Operation]*ir.Operation{} // read-back op -> master op
	for _, dc := range lq.Decisions(c.fn) {
		if o := c.masterOf[dc.Op]; o != nil {
			decided[readBack(dc.Op)] = o
			st.perOp[o] = &[2]float64{}
		}
	}
	// The fp32 results the quantized ops are compared with, copied into
	// the same buffers sample after sample (the interpreter recycles its
	// own).
	var float map[*ir.Operation]*tensor.Tensor
	kept := map[*ir.Operation]*tensor.Tensor{}
	itF := interp.New(interp.Options{Cancel: d.opts.Cancel, ObserveTransient: true, Observe: func(op *ir.Operation, results []*tensor.Tensor) {
		if _, ok := st.perOp[op]; ok && len(results) > 0 && results[0] != nil {
			kept[op] = results[0].CloneInto(kept[op])
			float[op] = kept[op]
		}
	}})
	// itQ's hook sums powers on the spot and keeps nothing.
	itQ := interp.New(interp.Options{Cancel: d.opts.Cancel, ObserveTransient: true, Observe: func(op *ir.Operation, results []*tensor.Tensor) {
		o, ok := decided[op]
		if !ok || len(results) == 0 || results[0] == nil || float[o] == nil {
			return
		}
		if !tensor.ShapeEqual(results[0].Shape(), float[o].Shape()) {
			return
		}
		s, n := powers(results[0], float[o])
		st.perOp[o][0] += s
		st.perOp[o][1] += n
	}})
	for i, s := range d.calib.Samples {
		float = map[*ir.Operation]*tensor.Tensor{}
		if _, err := d.interpRun(itF, fnF, s); err != nil {
			return nil, err
		}
		out, err := d.interpRun(itQ, c.fn, s)
		if err != nil {
			return nil, err
		}
		if err := st.out.add(out, d.ref[i]); err != nil {
			return nil, fmt.Errorf("%s: %w", s.Set, err)
		}
		d.progress("measure", i+1, len(d.calib.Samples))
	}
	if len(d.bias) > 0 {
		// The layers' own errors with the corrections in place: one more
		// pair of runs per sample, only when bias correction is on.
		if err := d.collectBias(c, d.bias); err != nil {
			return nil, err
		}
		var after float64
		for _, l := range d.bias {
			after += rms(l.local())
		}
		d.report.BiasCorrection.ErrorAfter = DB(after / float64(len(d.bias)))
	}
	return st, nil
}

// fillOps writes the report's per-op list, outputs and MAC share.
func (d *driver) fillOps(c *candidate, st *finalStats) {
	rep := d.report
	names := interp.ResultNames(c.fn)
	for i := range st.out.signal {
		name := fmt.Sprintf("result%d", i)
		if i < len(names) {
			name = names[i]
		}
		rep.Outputs = append(rep.Outputs, Output{Name: name, SQNR: DB(sqnr(st.out.signal[i], st.out.noise[i]))})
	}
	rep.OutputSQNR = DB(st.out.worst())
	var int8MACs int64
	for _, dc := range lq.Decisions(c.fn) {
		o := c.masterOf[dc.Op]
		op := Op{Name: where(dc.Op), Op: dc.Op.Name(), Class: dc.Class, Precision: dc.Precision}
		if o != nil {
			op.MACs = macs(o)
			if p := st.perOp[o]; p != nil {
				op.SQNR = dbPtr(sqnr(p[0], p[1]))
			}
			if s, ok := d.sensitivity[o]; ok {
				op.Sensitivity = dbPtr(s)
			}
		}
		for _, e := range dc.Operands {
			op.Operands = append(op.Operands, encodingOf(e))
		}
		for _, e := range dc.Results {
			op.Results = append(op.Results, encodingOf(e))
		}
		rep.MACs += op.MACs
		if dc.Precision == "i8" {
			int8MACs += op.MACs
		}
		rep.Ops = append(rep.Ops, op)
	}
	if rep.MACs > 0 {
		rep.Int8MACShare = float64(int8MACs) / float64(rep.MACs)
	}
	if rep.Promoted == nil {
		rep.Promoted = []Promotion{}
	}
}

// macs is the multiply-accumulates of a conv2d or matmul per run; 0 for
// other ops.
func macs(o *ir.Operation) int64 {
	out := numElements(o.Result(0))
	switch o.Name() {
	case "core.conv2d":
		w := shapeOf(o.Operand(1))
		if len(w) == 4 {
			return out * w[1] * w[2] * w[3]
		}
	case "core.matmul":
		l := shapeOf(o.Operand(0))
		if len(l) >= 2 {
			return out * l[len(l)-1]
		}
	}
	return 0
}

// work is an op's cost for mixed precision's ranking: its MACs, or the
// elements it writes.
func work(o *ir.Operation) float64 {
	if m := macs(o); m > 0 {
		return float64(m)
	}
	return math.Max(1, float64(numElements(o.Result(0))))
}

func numElements(v *ir.Value) int64 {
	n := int64(1)
	for _, d := range shapeOf(v) {
		if d < 0 {
			return 0
		}
		n *= d
	}
	return n
}
