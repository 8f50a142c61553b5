package compile

import (
	"math"
	"strings"

	"github.com/mlc-go/mlc/driver/bisect"
	dq "github.com/mlc-go/mlc/driver/quantize"
	"github.com/mlc-go/mlc/driver/report"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// diagnose names where a target's accuracy was lost. The worst op is the
// quantize report's op with the lowest SQNR against the fp32 model; when
// an accuracy gate failed, driver/bisect then runs the compile's pipeline
// from the calibrated float model with mixed precision's decisions on it
// (quantize, the extra passes, partition, legalise) one pass at a time on
// the evaluation sample whose outputs are worst, at the SQNR gate's
// threshold, and names the first pass whose outputs fall below it and,
// inside it, the op where they drop (which replaces the report's worst
// op: it is measured on the stage that failed). A bisect that cannot run
// leaves Pass empty; it does not fail the compile.
func (c *compiler) diagnose(t *target.Target, float *ir.Operation, sample int, b *report.Bundle, th *resolved) (*report.Failure, error) {
	f := &report.Failure{WorstOpSQNR: math.NaN()}
	for _, o := range b.Ops {
		if !math.IsNaN(o.SQNRdB) && (f.WorstOp == "" || o.SQNRdB < f.WorstOpSQNR) {
			f.WorstOp, f.WorstOpSQNR = o.Name, o.SQNRdB
		}
	}
	accuracyFailed := false
	for _, g := range b.Gates {
		accuracyFailed = accuracyFailed || (!g.Passed && g.Name != "latency_ms")
	}
	if !accuracyFailed {
		return f, nil
	}
	module := float.Ctx().Clone(float, nil)
	pm, err := pass.ParsePipeline("builtin.module(" + strings.Join(c.afterCalibration(t), ",") + ")")
	if err != nil {
		return nil, err
	}
	fn, err := interp.LookupFunc(module, c.opts.Function)
	if err != nil {
		return nil, err
	}
	inputs := map[string]*tensor.Tensor{}
	for i, n := range interp.ArgNames(fn) {
		inputs[n] = c.eval.Samples[sample].Inputs[i]
	}
	rep, err := bisect.Run(module, bisect.Options{Pipeline: pm, Function: c.opts.Function, Inputs: inputs,
		MinSQNR: th.bisectSQNR(), Target: t})
	if err != nil || rep.FirstBelow <= 0 {
		return f, nil
	}
	f.Pass = rep.Stages[rep.FirstBelow].Label()
	if rep.Op != nil {
		f.WorstOp, f.WorstOpSQNR = dq.Where(rep.Op.Loc)+" ("+rep.Op.Name+")", rep.Op.SQNR
	}
	return f, nil
}
