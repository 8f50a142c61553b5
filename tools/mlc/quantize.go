package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	dq "github.com/mlc-go/mlc/driver/quantize"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/lowering/quantize/observe"
	"github.com/mlc-go/mlc/lowering/target"
)

type quantizeOptions struct {
	target, targetFile string
	calib, eval        string
	method             string
	dims, shapes       []string
	percentile         float64
	minSQNR            float64
	equalize           bool
	smooth             bool
	smoothAlpha        float64
	biasCorrection     bool
	report, output     string
	function           string
}

func newQuantizeCmd() *cobra.Command {
	var o quantizeOptions
	cmd := &cobra.Command{
		Use:   "quantize MODEL(.onnx|.mlir) (--target NAME | --target-file PATH) --calib DIR -o OUT.mlir",
		Short: "Quantize a float model for a target (post-training calibration and precision assignment)",
		Long: `Quantize a float model for a target: import and lower it to the core dialect,
optionally equalize consecutive layers (--equalize) and migrate activation
outliers into matmul weights (--smooth-quant), calibrate every value on the
samples of --calib with the chosen observer, quantize every op at the
cheapest precision the target runs it in (QDQ form under the target file's
rules), optionally correct the layers' biases for the mean error
quantization adds (--bias-correction), and with --min-sqnr promote the ops
whose quantization costs the most output SQNR to the next precision the
target accepts (int16, fp16, ...; first only the output of a conv or matmul,
where the target takes a wider result, so its MACs stay int8) until the
output SQNR on the calibration samples meets the budget with one standard
error of the per-sample noise to spare.

--calib and --eval are directories in ONNX's test-data layout
(test_data_set_<k>/input_<i>.pb, or <input name>.npy); the sets of --eval
also hold the reference outputs (output_<i>.pb), against which the report
gives the SQNR of the quantized and of the fp32 model.

--report writes a JSON report: per op the precision, the encodings and the
SQNR of its output against the fp32 model; the output SQNR, the share of
conv/matmul MACs in int8, the ops promoted, the time of each phase and the
number of interpreter runs. A progress bar is drawn on stderr when it is a
terminal.

Exit status 0 on success; 1 on any error (nothing is written) or when the
--min-sqnr budget cannot be met even with every op promoted (the report is
written, the model is not).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runQuantize(cmd, args[0], o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.target, "target", "", "built-in target name (mlc-opt --show-targets)")
	f.StringVar(&o.targetFile, "target-file", "", "a target description file (YAML) instead of a built-in target")
	f.StringVar(&o.calib, "calib", "", "calibration data directory (required)")
	f.StringVar(&o.eval, "eval", "", "evaluation data directory with reference outputs")
	f.StringVar(&o.method, "method", string(observe.MinMax), "observer: "+strings.Join(observe.Methods(), ", "))
	addImportFlags(cmd, &o.dims, &o.shapes)
	f.Float64Var(&o.percentile, "percentile", observe.DefaultPercentile, "the percentile method's percentile, in (0, 100]")
	f.Float64Var(&o.minSQNR, "min-sqnr", 0, "output SQNR budget in dB: promote the most sensitive ops until it is met")
	f.BoolVar(&o.equalize, "equalize", false, "cross-layer equalization before calibration")
	f.BoolVar(&o.smooth, "smooth-quant", false, "SmoothQuant scale migration for matmuls before calibration")
	f.Float64Var(&o.smoothAlpha, "smooth-alpha", dq.DefaultSmoothAlpha, "SmoothQuant's migration strength, in [0, 1]")
	f.BoolVar(&o.biasCorrection, "bias-correction", false, "empirical bias correction after quantization")
	f.StringVar(&o.report, "report", "", "write the JSON report to this file")
	f.StringVarP(&o.output, "output", "o", "-", "output file")
	f.StringVar(&o.function, "function", "main", "the entry function")
	return cmd
}

func runQuantize(cmd *cobra.Command, path string, o quantizeOptions) error {
	stderr := cmd.ErrOrStderr()
	fl := cmd.Flags()
	switch {
	case o.target != "" && o.targetFile != "":
		return errors.New("give --target or --target-file, not both")
	case o.target == "" && o.targetFile == "":
		return fmt.Errorf("--target NAME or --target-file PATH is required (known targets: %s)", strings.Join(target.List(), ", "))
	case o.calib == "":
		return errors.New("--calib DIR is required")
	}
	method, err := observe.ParseMethod(o.method)
	if err != nil {
		return err
	}
	if fl.Changed("percentile") && method != observe.Percentile {
		return fmt.Errorf("--percentile is for --method percentile, not %s", method)
	}
	if fl.Changed("smooth-alpha") && !o.smooth {
		return errors.New("--smooth-alpha needs --smooth-quant")
	}
	if fl.Changed("min-sqnr") && (math.IsNaN(o.minSQNR) || math.IsInf(o.minSQNR, 0)) {
		return fmt.Errorf("--min-sqnr must be a finite number of dB, got %v", o.minSQNR)
	}
	var t *target.Target
	if o.targetFile != "" {
		t, err = target.LoadFile(o.targetFile)
	} else {
		t, err = target.Load(o.target)
	}
	if err != nil {
		return err
	}

	dc := newDiagContext(stderr)
	ctx, srcMgr := dc.ctx, dc.srcMgr
	// A positioned diagnostic prints as one (with the source line); other
	// errors as mlc's plain "mlc: error: ...".
	report := func(err error) error {
		var d *ir.Diagnostic
		if !errors.As(err, &d) {
			return err
		}
		ctx.Emit(d)
		return exitError{1}
	}

	opts := dq.Options{Function: o.function, Target: t, Method: method, Calib: o.calib, Eval: o.eval,
		Equalize: o.equalize, SmoothQuant: o.smooth, SmoothAlpha: o.smoothAlpha, BiasCorrection: o.biasCorrection}
	if method == observe.Percentile {
		opts.Percentile = o.percentile
	}
	if fl.Changed("min-sqnr") {
		opts.MinSQNR = &o.minSQNR
	}
	if f, ok := stderr.(*os.File); ok && isTerminal(f) {
		bar := &progressBar{w: f}
		opts.Progress = bar.update
		defer bar.clear()
	}

	start := time.Now()
	imp, err := onnxOptions(o.dims, o.shapes)
	if err != nil {
		return report(err)
	}
	module, err := dq.Load(ctx, path, srcMgr, imp)
	if err != nil {
		return report(err)
	}
	if dc.failed {
		return exitError{1}
	}
	load := time.Since(start).Seconds()
	res, err := dq.Run(module, opts)
	var budget *dq.BudgetError
	if err != nil && !errors.As(err, &budget) {
		return report(err)
	}
	res.Report.Model = path
	res.Report.Timings["load"] = load
	if o.report != "" {
		data, jerr := json.MarshalIndent(res.Report, "", "  ")
		if jerr != nil {
			return report(jerr)
		}
		if werr := interp.WriteFileAtomic(o.report, append(data, '\n')); werr != nil {
			return report(fmt.Errorf("%s: %v", o.report, werr))
		}
	}
	if budget != nil {
		return report(fmt.Errorf("%v: nothing written to %s", budget, o.output))
	}
	if err := asm.WriteFile(o.output, res.Module, asm.PrintOptions{}); err != nil {
		return report(fmt.Errorf("%s: %v", o.output, err))
	}
	return nil
}

// progressBar draws one line on a terminal: the phase, a bar and counts.
type progressBar struct {
	w     io.Writer
	drawn bool
}

func (p *progressBar) update(phase string, done, total int) {
	const width = 30
	if total <= 0 {
		return
	}
	n := done * width / total
	fmt.Fprintf(p.w, "\r\033[K%-28s [%s%s] %d/%d", phase, strings.Repeat("#", n), strings.Repeat(" ", width-n), done, total)
	p.drawn = true
}

func (p *progressBar) clear() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
