package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/driver/compile"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/partition"
	"github.com/mlc-go/mlc/lowering/quantize/observe"
	"github.com/mlc-go/mlc/lowering/target"
)

type compileOptions struct {
	targets     []string
	targetFiles []string
	calib, eval string
	dims        []string
	shapes      []string
	output      string
	force       bool
	method      string
	function    string
	minSQNR     float64
	minCosine   float64
	maxAbs      float64
	minTop1     float64
	maxLatency  float64
	extraPasses string
	requireFull bool
	fallback    []string
	minBlock    int
	mixed       bool
}

func newCompileCmd() *cobra.Command {
	var o compileOptions
	cmd := &cobra.Command{
		Use:   "compile MODEL(.onnx|.mlir) --target NAME[,NAME...] --calib DIR [--eval DIR] -o OUTDIR",
		Short: "Compile a model into a deployable bundle per target, refused when accuracy or latency misses its gates",
		Long: `Compile a float model into one bundle directory per target: import it
(ONNX into the torch dialect) and lower it to core, calibrate once on the
samples of --calib (targets sharing an activation storage share the
calibration), quantize for each target, partition and legalise (vendor
partitions in the backend's dialect, CPU fallback partitions in core),
serialize each vendor partition with its backend's writer (TensorRT:
model.qdq.onnx, network.json, build.sh), then check the gates. Ops a target
cannot run stay in float on the CPU (unless --require-full), as do
--fallback ops and vendor clusters under --min-block-size compute ops; a
model with CPU partitions also gets host.mlir, the host program calling
each vendor partition, whose artefacts go to a directory named after it.

Gates, per output of the model, on the --eval samples (default: the last
quarter of --calib's sets, held back from calibration) against the fp32
model run by the reference interpreter, the compiled model run the same
way (quantization simulated as the target computes it): SQNR (--min-sqnr),
cosine similarity (--min-cosine), max-abs error (--max-abs) and top-1
agreement for score outputs (--min-top1); and the cost model's latency
estimate of the vendor partitions (--max-latency-ms). Thresholds not
given come from the target file's gates section. --mixed-precision promotes
the ops whose quantization costs the most output SQNR to the next precision
the target runs them in (int16, f16, ...) until the calibration samples
meet the SQNR threshold (as mlc quantize --min-sqnr).

OUTDIR/<target>/ holds the artefacts, manifest.json (model and target
digests, compiler version and revision, the pass pipeline, the input and
output signature with encodings, every artefact's sha256, the gate results)
and report.md/report.html. A target whose gates fail gets
OUTDIR/<target>.failed/ with only manifest.json and the reports, which name
the worst op and the pass after which accuracy dropped.

Everything is written to a temporary directory beside OUTDIR and renamed
into place at the end: an error or an interrupt (SIGINT, SIGTERM) leaves
nothing, an existing OUTDIR is refused unless --force (then replaced in one
step; --force replaces only an empty directory or an earlier bundle), and
compiling the same inputs again gives the same bytes.

Exit status: 0 when every target passes its gates; 1 on an error (nothing
written) or when some target's gates fail (the bundle is written); 130 when
interrupted.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCompile(cmd, args[0], o)
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&o.targets, "target", nil, "built-in target names, comma separated (mlc-opt --show-targets)")
	f.StringArrayVar(&o.targetFiles, "target-file", nil, "a target description file (YAML); repeat for several")
	f.StringVar(&o.calib, "calib", "", "calibration data directory (required)")
	f.StringVar(&o.eval, "eval", "", "evaluation data directory (default: the last quarter of --calib's sets)")
	f.StringVarP(&o.output, "output", "o", "", "the bundle directory (required)")
	f.BoolVar(&o.force, "force", false, "replace an existing output directory")
	f.StringVar(&o.method, "method", string(observe.MinMax), "calibration observer: "+strings.Join(observe.Methods(), ", "))
	addImportFlags(cmd, &o.dims, &o.shapes)
	f.StringVar(&o.function, "function", "main", "the entry function")
	f.BoolVar(&o.mixed, "mixed-precision", false, "promote the most sensitive ops (int16, f16, ...) until the calibration samples meet the SQNR gate")
	f.BoolVar(&o.requireFull, "require-full", false, "refuse a model with any op on the CPU instead of falling back")
	f.StringSliceVar(&o.fallback, "fallback", nil, "ops always run on the CPU, comma separated (softmax or core.softmax)")
	f.IntVar(&o.minBlock, "min-block-size", partition.DefaultMinBlockSize, "fewest compute ops a vendor partition may hold")
	f.Float64Var(&o.minSQNR, "min-sqnr", 0, "per-output SQNR gate in dB (default: the target file's)")
	f.Float64Var(&o.minCosine, "min-cosine", 0, "per-output cosine similarity gate (default: the target file's)")
	f.Float64Var(&o.maxAbs, "max-abs", 0, "per-output max-abs error gate (default: none)")
	f.Float64Var(&o.minTop1, "min-top1", 0, "top-1 agreement gate for score outputs, in [0, 1] (default: none)")
	f.Float64Var(&o.maxLatency, "max-latency-ms", 0, "latency gate on the cost model's estimate, in ms (default: the target file's)")
	// For tests only: passes run on each quantized model before
	// partitioning, e.g. one that breaks quantization on purpose, which
	// the accuracy gate must catch and name.
	f.StringVar(&o.extraPasses, "test-extra-passes", "", "for tests: a pass pipeline run on each quantized model before partitioning")
	f.MarkHidden("test-extra-passes")
	return cmd
}

func runCompile(cmd *cobra.Command, model string, o compileOptions) error {
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	fl := cmd.Flags()
	fail := func(err error) error {
		fmt.Fprintf(stderr, "mlc compile: error: %v\n", err)
		return exitError{1}
	}
	switch {
	case len(o.targets) == 0 && len(o.targetFiles) == 0:
		return fail(fmt.Errorf("--target NAME[,NAME...] or --target-file PATH is required (known targets: %s)", strings.Join(target.List(), ", ")))
	case o.calib == "":
		return fail(errors.New("--calib DIR is required"))
	case o.output == "":
		return fail(errors.New("-o OUTDIR is required"))
	}
	method, err := observe.ParseMethod(o.method)
	if err != nil {
		return fail(err)
	}
	var targets []*target.Target
	for _, name := range o.targets {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		t, err := target.Load(name)
		if err != nil {
			return fail(err)
		}
		targets = append(targets, t)
	}
	for _, file := range o.targetFiles {
		t, err := target.LoadFile(file)
		if err != nil {
			return fail(err)
		}
		targets = append(targets, t)
	}
	opts := compile.Options{Model: model, Targets: targets, Calib: o.calib, Eval: o.eval, Out: o.output, Force: o.force,
		Function: o.function, Method: method, ExtraPasses: o.extraPasses, RequireFull: o.requireFull,
		MinBlockSize: o.minBlock, MixedPrecision: o.mixed}
	if opts.Import, err = onnxOptions(o.dims, o.shapes); err != nil {
		return fail(err)
	}
	if o.minBlock < 1 {
		return fail(fmt.Errorf("--min-block-size must be at least 1, got %d", o.minBlock))
	}
	for _, f := range o.fallback {
		if f = strings.TrimSpace(f); f != "" {
			opts.FallbackOps = append(opts.FallbackOps, f)
		}
	}
	for _, x := range []struct {
		flag string
		v    float64
		dst  **float64
	}{
		{"min-sqnr", o.minSQNR, &opts.Thresholds.MinSQNR},
		{"min-cosine", o.minCosine, &opts.Thresholds.MinCosine},
		{"max-abs", o.maxAbs, &opts.Thresholds.MaxAbs},
		{"min-top1", o.minTop1, &opts.Thresholds.MinTop1},
		{"max-latency-ms", o.maxLatency, &opts.Thresholds.MaxLatencyMs},
	} {
		if fl.Changed(x.flag) {
			v := x.v
			*x.dst = &v
		}
	}

	dc := newDiagContext(stderr)
	opts.Context, opts.SourceMgr = dc.ctx, dc.srcMgr
	if f, ok := stderr.(*os.File); ok && isTerminal(f) {
		bar := &progressBar{w: f}
		opts.Progress = func(t, phase string, done, total int) {
			if t != "" {
				phase = t + ": " + phase
			}
			bar.update(phase, done, total)
		}
		defer bar.clear()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	res, err := compile.Compile(ctx, opts)
	var gate *compile.GateError
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(stderr, "mlc compile: interrupted; nothing written to %s\n", o.output)
		return exitError{130}
	case err != nil && !errors.As(err, &gate):
		var d *ir.Diagnostic
		if errors.As(err, &d) {
			dc.ctx.Emit(d)
			return exitError{1}
		}
		return fail(err)
	}
	printBundle(stdout, res)
	if gate != nil {
		fmt.Fprintf(stderr, "mlc compile: error: %v\n", gate)
		return exitError{1}
	}
	return nil
}

// printBundle says where each target's bundle went and how it measured.
func printBundle(w io.Writer, res *compile.Result) {
	fmt.Fprintf(w, "bundle: %s\n", res.Out)
	for _, t := range res.Targets {
		verdict := "gates passed"
		if !t.Passed {
			verdict = "GATES FAILED"
		}
		fmt.Fprintf(w, "  %s: %s (%s)\n", t.Target, filepath.Join(res.Out, t.Dir), verdict)
		for _, o := range t.Bundle.Outputs {
			fmt.Fprintf(w, "    output %s: SQNR %.2f dB, cosine %.6f, max-abs %.4g", o.Name, o.SQNRdB, o.Cosine, o.MaxAbs)
			if !math.IsNaN(o.Top1) {
				fmt.Fprintf(w, ", top-1 %.3f", o.Top1)
			}
			fmt.Fprintln(w)
		}
		if note := t.Manifest.Gates.LatencyNote; note != "" {
			fmt.Fprintf(w, "    latency: %s\n", note)
		} else {
			fmt.Fprintf(w, "    latency: %.4f ms (cost model estimate of the vendor partitions)\n", t.Bundle.Latency.TotalMs)
		}
		for _, g := range t.Bundle.Gates {
			if !g.Passed {
				fmt.Fprintf(w, "    failed: %s\n", compile.GateText(g))
			}
		}
		if f := t.Bundle.Failure; f != nil {
			fmt.Fprintf(w, "    worst op: %s (%.2f dB)\n", f.WorstOp, f.WorstOpSQNR)
			if f.Pass != "" {
				fmt.Fprintf(w, "    accuracy dropped after pass: %s\n", f.Pass)
			}
		}
		for _, a := range t.Bundle.Artefacts {
			fmt.Fprintf(w, "    %s  %d bytes  sha256 %s\n", a.Path, a.Bytes, a.SHA256)
		}
	}
}
