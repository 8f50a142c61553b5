package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	dq "github.com/mlc-go/mlc/driver/quantize"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite/pass"
	"github.com/mlc-go/mlc/translate/onnx"
)

type runOptions struct {
	function  string
	inputs    []string
	outputDir string
	format    string
	threads   int
	quiet     bool
	repeat    int  // run the function this many times (timing)
	warmup    int  // untimed runs before those
	timing    bool // print parse and run times to stderr
	// cpuProfile, when set, is where a CPU profile of the runs (not the
	// parse) is written, for go tool pprof.
	cpuProfile string
	// allowUnregistered lets ops of unknown dialects parse (they fail
	// when reached, as the interpreter has no kernel for them).
	allowUnregistered bool
	// dims and shapes fix an ONNX model's symbolic input dims on import.
	dims, shapes []string
	// trtFused runs trt Q/DQ groups as TensorRT's int8 kernels do.
	trtFused bool
	// opTimes prints the time per op kind and the slowest ops.
	opTimes bool
}

func newRunCmd() *cobra.Command {
	var o runOptions
	cmd := &cobra.Command{
		Use:   "run model.mlir|model.onnx|- --input NAME=file.npy|file.pb ... [--output-dir DIR]",
		Short: "Run a function of a model with the reference interpreter",
		Long: `Run a func.func of an mlc IR file with the reference interpreter.

An ONNX model (a .onnx file, or ONNX bytes on standard input) is imported
and lowered with torch-to-core first, as "mlc import --pipeline torch-to-core"
does; --dim and --shape fix its symbolic input dims. "-" reads the model from
standard input.

Inputs are .npy or ONNX TensorProto .pb files. --input NAME=FILE binds FILE to
the argument whose mlc.name attribute is NAME, or to argument i when NAME is
"arg<i>"; a bare --input FILE binds to the next argument not bound by name.
Each input must have the argument's element type and static dims (quantized
arguments take their storage integers).

With --output-dir, each result is written to DIR/<name>.npy (or .pb), where
<name> is the result's mlc.name attribute or "result<i>"; files are written
atomically. Without it, each result is printed to standard output, and one
of more than 1000 elements is summarised as numpy prints it.
Errors are reported as positioned diagnostics and the exit status is 1.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runModel(args[0], o, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.function, "function", "main", "the func.func to run")
	f.StringArrayVar(&o.inputs, "input", nil, "an input: NAME=FILE or FILE (.npy or .pb); repeat for each argument")
	f.StringVarP(&o.outputDir, "output-dir", "o", "", "directory for the outputs (created if missing); without it they are printed")
	f.StringVar(&o.format, "output-format", "npy", "output file format: npy or pb")
	f.IntVar(&o.threads, "threads", 0, "goroutines for conv/matmul kernels (0: all CPUs)")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "do not list the written outputs")
	f.IntVar(&o.repeat, "repeat", 1, "run the function this many times (for timing; outputs of the last run are written)")
	f.IntVar(&o.warmup, "warmup", 0, "untimed runs before the --repeat runs (the first decodes constants and packs weights; later ones settle buffer reuse)")
	f.BoolVar(&o.timing, "time", false, "print parse+verify time and the median and minimum run time to stderr")
	f.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the runs (after parsing) to this file")
	f.BoolVar(&o.opTimes, "op-times", false, "print to stderr the time per run of each kind of op and of the slowest ops (leaving out the first run when --repeat is over 1)")
	f.BoolVar(&o.allowUnregistered, "allow-unregistered-dialect", false, "allow ops of dialects that are not registered")
	f.BoolVar(&o.trtFused, "trt-fused", false, "run the trt dialect's dequantize → convolution/matrix multiply → quantize groups as TensorRT's int8 kernels do (integer sums, one requantization) instead of op by op in float")
	addImportFlags(cmd, &o.dims, &o.shapes)
	return cmd
}

func runModel(path string, o runOptions, stdout, stderr io.Writer) error {
	if o.format != "npy" && o.format != "pb" {
		return fmt.Errorf("--output-format must be npy or pb, got %q", o.format)
	}
	if o.warmup < 0 {
		return fmt.Errorf("--warmup must not be negative, got %d", o.warmup)
	}
	if o.threads > 0 {
		tensor.SetThreads(o.threads)
	}
	start := time.Now()
	path, src, err := dq.ReadSource(path)
	if err != nil {
		return err
	}
	dc := newDiagContext(stderr)
	ctx, srcMgr := dc.ctx, dc.srcMgr
	ctx.AllowUnregistered = o.allowUnregistered
	// report emits err as a diagnostic (positioned when it is one) and
	// returns the exit error.
	report := func(err error) error {
		var d *ir.Diagnostic
		if !errors.As(err, &d) {
			d = ir.Errorf(ir.UnknownLoc{}, "%s", err.Error())
		}
		ctx.Emit(d)
		return exitError{1}
	}
	var module *ir.Operation
	if isONNX(path, src) {
		module, err = importForRun(ctx, path, src, o)
	} else {
		srcMgr.Add(path, src)
		module, err = asm.Parse(ctx, path, src, 1)
	}
	if err == nil {
		err = ir.Verify(module)
	}
	if err != nil {
		return report(err)
	}
	if dc.failed {
		return exitError{1}
	}
	fn, err := interp.LookupFunc(module, o.function)
	if err != nil {
		return report(err)
	}
	named, err := readInputs(fn, o.inputs)
	if err != nil {
		return err
	}
	args, err := interp.BindInputs(fn, named)
	if err != nil {
		return report(err)
	}
	parsed := time.Since(start)
	var outs []*tensor.Tensor
	runs := make([]time.Duration, max(o.repeat, 1))
	opts := interp.Options{TRTFused: o.trtFused}
	var times interp.OpTimes
	if o.opTimes {
		opts.OpTime = times.Add
	}
	it := interp.New(opts)
	// Warm-up runs, left out of the times and the profile.
	for range o.warmup {
		if outs, err = it.Run(fn, args); err != nil {
			return report(err)
		}
		it.Recycle(fn, outs)
	}
	times.Reset()
	var prof bytes.Buffer
	if o.cpuProfile != "" {
		if err := pprof.StartCPUProfile(&prof); err != nil {
			return err
		}
	}
	for k := range runs {
		t0 := time.Now()
		if outs, err = it.Run(fn, args); err != nil {
			pprof.StopCPUProfile()
			return report(err)
		}
		runs[k] = time.Since(t0)
		if k < len(runs)-1 {
			// Only the last run's outputs are written: the others' storage
			// may serve the next run.
			it.Recycle(fn, outs)
		}
		if k == 0 && len(runs) > 1 && o.warmup == 0 {
			// The first run decodes constants and packs weights once.
			times.Reset()
		}
	}
	if o.cpuProfile != "" {
		pprof.StopCPUProfile()
		if err := interp.WriteFileAtomic(o.cpuProfile, prof.Bytes()); err != nil {
			return fmt.Errorf("--cpuprofile: %v", err)
		}
	}
	if o.timing {
		slices.Sort(runs)
		fmt.Fprintf(stderr, "time: read+parse+verify %.1f ms; run: median %.2f ms, min %.2f ms over %d runs\n",
			ms(parsed), ms(runs[len(runs)/2]), ms(runs[0]), len(runs))
	}
	if o.opTimes {
		n := len(runs) // the timed runs, less the first when no warm-up ran
		if o.warmup == 0 {
			n = max(n-1, 1)
		}
		times.Report(stderr, n, 10)
	}
	names := interp.ResultNames(fn)
	if o.outputDir == "" {
		return printOutputs(stdout, names, outs)
	}
	if err := os.MkdirAll(o.outputDir, 0o755); err != nil {
		return fmt.Errorf("--output-dir %s: %v", o.outputDir, unwrapPathError(err))
	}
	files := interp.OutputFileNames(names)
	for i, t := range outs {
		data, err := interp.EncodeTensor(t, o.format, names[i])
		if err != nil {
			return fmt.Errorf("output '%s': %v", names[i], err)
		}
		p := filepath.Join(o.outputDir, files[i]+"."+o.format)
		if err := interp.WriteFileAtomic(p, data); err != nil {
			return fmt.Errorf("output '%s': %v", names[i], err)
		}
		if !o.quiet {
			fmt.Fprintf(stdout, "%s: %s%s -> %s\n", names[i], t.DType(), tensor.FormatShape(t.Shape()), p)
		}
	}
	return nil
}

// printThreshold is the element count above which a printed output is
// summarised (numpy's default print threshold).
const printThreshold = 1000

// printOutputs prints each result: a "name: dtype[shape]" line, then its
// values.
func printOutputs(w io.Writer, names []string, outs []*tensor.Tensor) error {
	bw := bufio.NewWriter(w)
	for i, t := range outs {
		if i > 0 {
			bw.WriteByte('\n')
		}
		fmt.Fprintf(bw, "%s: %s%s\n", names[i], t.DType(), tensor.FormatShape(t.Shape()))
		if err := interp.FormatValues(bw, t, interp.FormatOptions{Threshold: printThreshold}); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// isONNX tells an ONNX model from IR: a .onnx name, or (for standard
// input) ONNX bytes.
func isONNX(path string, src []byte) bool {
	if strings.EqualFold(filepath.Ext(path), ".onnx") {
		return true
	}
	return path == dq.StdinName && dq.IsONNX(src)
}

// importForRun imports an ONNX model and lowers it to core, so that the
// interpreter can run it.
func importForRun(ctx *ir.Context, path string, src []byte, o runOptions) (*ir.Operation, error) {
	opts, err := onnxOptions(o.dims, o.shapes)
	if err != nil {
		return nil, err
	}
	var module *ir.Operation
	if path == dq.StdinName {
		module, err = onnx.Import(ctx, src, onnx.StdinName, opts)
	} else {
		module, err = onnx.ImportFile(ctx, path, opts)
	}
	if err != nil {
		return nil, err
	}
	pm, err := pass.ParsePipeline("builtin.module(torch-to-core)")
	if err != nil {
		return nil, err
	}
	if err := pm.Run(module, &pass.Config{VerifyEach: true}); err != nil {
		var f *pass.Failure
		if errors.As(err, &f) && f.Err != nil {
			return nil, f.Err
		}
		return nil, err
	}
	return module, nil
}

// readInputs reads the --input files and keys them by argument name; bare
// files go, in order, to the arguments that no NAME=FILE names.
func readInputs(fn *ir.Operation, specs []string) (map[string]*tensor.Tensor, error) {
	named := map[string]*tensor.Tensor{}
	var positional []string
	for _, s := range specs {
		name, file, ok := strings.Cut(s, "=")
		if !ok {
			positional = append(positional, s)
			continue
		}
		if name == "" || file == "" {
			return nil, fmt.Errorf("--input %q: want NAME=FILE or FILE", s)
		}
		if _, dup := named[name]; dup {
			return nil, fmt.Errorf("--input %q: input '%s' is given twice", s, name)
		}
		t, err := interp.ReadTensorFile(file)
		if err != nil {
			return nil, fmt.Errorf("input '%s': %v", name, unwrapPathError(err))
		}
		named[name] = t
	}
	if len(positional) == 0 {
		return named, nil
	}
	names := interp.ArgNames(fn)
	next := 0
	for _, file := range positional {
		for next < len(names) && (named[names[next]] != nil || named["arg"+strconv.Itoa(next)] != nil) {
			next++
		}
		if next >= len(names) {
			return nil, fmt.Errorf("--input %s: @%s has no unbound argument left (it takes %d)", file, ir.SymbolName(fn), len(names))
		}
		t, err := interp.ReadTensorFile(file)
		if err != nil {
			return nil, fmt.Errorf("input '%s': %v", names[next], unwrapPathError(err))
		}
		named[names[next]] = t
		next++
	}
	return named, nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", pe.Path, pe.Err)
	}
	return err
}
