package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/driver/bisect"
	dq "github.com/mlc-go/mlc/driver/quantize"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite/pass"
	"github.com/mlc-go/mlc/translate/onnx"
)

type bisectOptions struct {
	pipeline string
	inputs   []string
	function string
	minSQNR  float64
}

func newBisectCmd() *cobra.Command {
	var o bisectOptions
	cmd := &cobra.Command{
		Use:   "bisect MODEL(.mlir|.onnx) --pipeline PIPELINE --input NAME=FILE ... [--min-sqnr DB]",
		Short: "Find the pass and the op where a pipeline loses accuracy",
		Long: `Run a pass pipeline on a model one pass at a time, run the reference
interpreter on the IR after each pass with the given inputs, and print, per
stage, the SQNR of every output against the first stage's (the input IR, or
the first stage the interpreter can run). Quantized results are compared as
the real values they stand for.

The first pass whose outputs fall below --min-sqnr (default 30 dB) is named,
and with it the op where accuracy drops: the first op, in execution order,
whose result is below the threshold against the op with the same name and
location in the stage before (or, when none is, the op with the lowest SQNR).
A stage the interpreter cannot run is reported as such.

--pipeline takes a pass or pipeline name or a full builtin.module(...)
pipeline; --input as in mlc run (.npy or .pb; NAME=FILE or FILE). ONNX
models are imported into the torch dialect first.

Exit status: 0 when every stage meets the threshold, 1 when a stage falls
below it (the report is printed), 2 when the bisect cannot be done (bad
flags, an unreadable model or input, a pipeline that does not parse or
whose pass fails, no stage the interpreter can run).`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageError(cmd, fmt.Errorf("bisect takes one model, got %d arguments", len(args)))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runBisect(cmd, args[0], o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.pipeline, "pipeline", "", "the pass pipeline to bisect (required)")
	f.StringArrayVar(&o.inputs, "input", nil, "an input: NAME=FILE or FILE (.npy or .pb); repeat for each argument")
	f.StringVar(&o.function, "function", "main", "the func.func to run")
	f.Float64Var(&o.minSQNR, "min-sqnr", bisect.DefaultMinSQNR, "the accuracy threshold in dB")
	cmd.SetFlagErrorFunc(usageError)
	return cmd
}

// usageError prints err and exits 2, so a script can tell a bisect that
// could not run from one that found a drop.
func usageError(cmd *cobra.Command, err error) error {
	fmt.Fprintf(cmd.ErrOrStderr(), "mlc bisect: error: %v\n", err)
	return exitError{2}
}

func runBisect(cmd *cobra.Command, path string, o bisectOptions) error {
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	if o.pipeline == "" {
		return usageError(cmd, errors.New("--pipeline is required"))
	}
	if math.IsNaN(o.minSQNR) {
		return usageError(cmd, errors.New("--min-sqnr must be a number"))
	}
	text := o.pipeline
	if !strings.Contains(text, "(") {
		text = "builtin.module(" + text + ")"
	}
	pm, err := pass.ParsePipeline(text)
	if err != nil {
		var pe *pass.PipelineError
		if errors.As(err, &pe) {
			fmt.Fprintf(stderr, "%v\n%s", pe, pe.Snippet())
			return exitError{2}
		}
		return usageError(cmd, fmt.Errorf("--pipeline: %v", err))
	}
	dc := newDiagContext(stderr)
	ctx, srcMgr := dc.ctx, dc.srcMgr
	report := func(err error) error {
		var d *ir.Diagnostic
		if !errors.As(err, &d) {
			d = ir.Errorf(ir.UnknownLoc{}, "%s", err.Error())
		}
		ctx.Emit(d)
		return exitError{2}
	}
	var module *ir.Operation
	if path != dq.StdinPath && strings.HasSuffix(path, ".onnx") {
		if module, err = onnx.ImportFile(ctx, path, onnx.Options{}); err == nil {
			err = ir.Verify(module)
		}
	} else {
		var name string
		var src []byte
		if name, src, err = dq.ReadSource(path); err != nil {
			return usageError(cmd, err)
		}
		if dq.IsONNX(src) {
			module, err = onnx.Import(ctx, src, name+".onnx", onnx.Options{})
		} else {
			srcMgr.Add(name, src)
			module, err = asm.Parse(ctx, name, src, 1)
		}
		if err == nil {
			err = ir.Verify(module)
		}
	}
	if err != nil {
		return report(err)
	}
	if dc.failed {
		return exitError{2}
	}
	fn, err := interp.LookupFunc(module, o.function)
	if err != nil {
		return report(err)
	}
	named, err := readInputs(fn, o.inputs)
	if err != nil {
		return usageError(cmd, err)
	}
	rep, err := bisect.Run(module, bisect.Options{Pipeline: pm, Function: o.function, Inputs: named, MinSQNR: o.minSQNR})
	if rep != nil {
		printBisect(stdout, rep)
	}
	if err != nil {
		return report(err)
	}
	if rep.PipelineErr != nil {
		var f *pass.Failure
		if errors.As(rep.PipelineErr, &f) {
			var d *ir.Diagnostic
			if !errors.As(f.Err, &d) {
				d = ir.Errorf(f.Op.Loc, "pass '%s' failed: %v", f.Pass, f.Err)
			}
			return report(d)
		}
		return report(rep.PipelineErr)
	}
	if !rep.OK() {
		return exitError{1}
	}
	return nil
}

func printBisect(w io.Writer, r *bisect.Report) {
	for _, s := range r.Stages {
		fmt.Fprintf(w, "stage %d: %s:", s.Index, s.Label())
		switch {
		case s.Err != nil:
			fmt.Fprintf(w, " cannot run: %s\n", errText(s.Err))
			continue
		case s.Index == r.Reference:
			fmt.Fprintf(w, " reference")
		default:
			for i, o := range s.Outputs {
				sep := ","
				if i == 0 {
					sep = ""
				}
				if o.Err != nil {
					fmt.Fprintf(w, "%s %s: %v", sep, o.Name, o.Err)
				} else {
					fmt.Fprintf(w, "%s %s %s", sep, o.Name, dB(o.SQNR))
				}
			}
		}
		if s.Below {
			fmt.Fprintf(w, " (below %s)", dB(r.MinSQNR))
		}
		fmt.Fprintln(w)
	}
	if r.FirstBelow < 0 {
		fmt.Fprintf(w, "every stage is at or above %s\n", dB(r.MinSQNR))
		return
	}
	s := r.Stages[r.FirstBelow]
	fmt.Fprintf(w, "first drop below %s: stage %d, pass %s\n", dB(r.MinSQNR), s.Index, s.Label())
	switch {
	case r.Previous < 0:
		fmt.Fprintf(w, "no earlier stage ran, so no op is named\n")
	case r.Op == nil:
		fmt.Fprintf(w, "no op of stage %d has a counterpart (same name and location) in stage %d\n", s.Index, r.Previous)
	default:
		what := "first op below the threshold"
		if !r.Op.Below {
			what = "no op is below the threshold alone; lowest"
		}
		fmt.Fprintf(w, "%s: '%s' at %s, result %d: %s against stage %d\n", what, r.Op.Name, r.Op.Loc, r.Op.Result, dB(r.Op.SQNR), r.Previous)
	}
}

// errText is err with its location when it is a located diagnostic.
func errText(err error) string {
	var d *ir.Diagnostic
	if errors.As(err, &d) && d.Loc != nil {
		if _, unknown := d.Loc.(ir.UnknownLoc); !unknown {
			return d.Loc.String() + ": " + d.Message
		}
	}
	return err.Error()
}

func dB(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "inf dB"
	case math.IsInf(x, -1):
		return "-inf dB"
	}
	return fmt.Sprintf("%.2f dB", x)
}
