package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/dialects/all"
	_ "github.com/mlc-go/mlc/driver/passes" // every pass and pipeline, torch-to-core included
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite/pass"
	"github.com/mlc-go/mlc/translate/onnx"
)

type importOptions struct {
	output   string
	pipeline string
	dims     []string
	shapes   []string
	timing   bool
	print    asm.PrintOptions
	bytecode bool
}

func newImportCmd() *cobra.Command {
	var o importOptions
	cmd := &cobra.Command{
		Use:   "import model.onnx [--pipeline torch-to-core] [-o out.mlir]",
		Short: "Import an ONNX model and lower it in one process",
		Long: `Import an ONNX model into the torch dialect (as mlc-translate --import-onnx)
and run a pass pipeline on it in the same process, so that the weights are
never printed and re-parsed between the stages. --pipeline takes a pass or
pipeline name (torch-to-core) or a full builtin.module(...) pipeline; without
it the torch-dialect module is printed. The output is written atomically.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return importModel(args[0], o, cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.output, "output", "o", "-", "output file")
	f.StringVar(&o.pipeline, "pipeline", "", "pass pipeline to run after import (e.g. torch-to-core)")
	addImportFlags(cmd, &o.dims, &o.shapes)
	f.BoolVar(&o.timing, "timing", false, "print the time of each stage to stderr")
	f.BoolVar(&o.bytecode, "emit-bytecode", false, "write MLIR bytecode (as mlir-opt-19 --emit-bytecode) instead of text")
	f.BoolVar(&o.print.Generic, "mlir-print-op-generic", false, "print every op in generic form")
	f.BoolVar(&o.print.DebugInfo, "mlir-print-debuginfo", false, "print locations")
	f.IntVar(&o.print.ElideElementsAttrsIfLarger, "mlir-elide-elementsattrs-if-larger", 0, "elide dense attributes with more elements than this")
	return cmd
}

// onnxOptions turns --dim and --shape flags into import options.
func onnxOptions(dims, shapes []string) (onnx.Options, error) {
	var opts onnx.Options
	for _, d := range dims {
		if err := opts.AddDim(d); err != nil {
			return opts, err
		}
	}
	for _, d := range shapes {
		if err := opts.AddShape(d); err != nil {
			return opts, err
		}
	}
	return opts, nil
}

// addImportFlags adds --dim and --shape, which fix an ONNX model's
// symbolic input dims.
func addImportFlags(cmd *cobra.Command, dims, shapes *[]string) {
	f := cmd.Flags()
	f.StringArrayVar(dims, "dim", nil, "ONNX models: fix a symbolic input dim, NAME=SIZE (repeatable)")
	f.StringArrayVar(shapes, "shape", nil, "ONNX models: fix a graph input's shape, NAME=D0xD1x... (repeatable)")
}

func importModel(path string, o importOptions, stderr io.Writer) error {
	opts, err := onnxOptions(o.dims, o.shapes)
	if err != nil {
		return err
	}
	var pm *pass.OpPassManager
	if o.pipeline != "" {
		text := o.pipeline
		if !strings.Contains(text, "(") {
			text = "builtin.module(" + text + ")"
		}
		if pm, err = pass.ParsePipeline(text); err != nil {
			var pe *pass.PipelineError
			if errors.As(err, &pe) {
				// Already "<pipeline>:1:N: error: ..." with the text and a caret.
				fmt.Fprintf(stderr, "%v\n%s", pe, pe.Snippet())
				return exitError{code: 1}
			}
			return fmt.Errorf("--pipeline: %v", err)
		}
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	report := func(err error) error {
		// A dialect conversion carries one diagnostic per offending op.
		var multi interface{ Diagnostics() []*ir.Diagnostic }
		if errors.As(err, &multi) && len(multi.Diagnostics()) > 0 {
			for _, d := range multi.Diagnostics() {
				io.WriteString(stderr, (*ir.SourceMgr)(nil).FormatFor("mlc", d))
			}
			return exitError{code: 1}
		}
		d, ok := err.(*ir.Diagnostic)
		if !ok {
			d = ir.Errorf(ir.UnknownLoc{}, "%v", err)
		}
		io.WriteString(stderr, (*ir.SourceMgr)(nil).FormatFor("mlc", d))
		return exitError{code: 1}
	}
	stage := time.Now()
	lap := func(name string) {
		if o.timing {
			fmt.Fprintf(stderr, "%-8s %8.3f s\n", name, time.Since(stage).Seconds())
		}
		stage = time.Now()
	}
	module, err := onnx.ImportPath(ctx, path, opts)
	if err != nil {
		return report(err)
	}
	lap("import")
	if pm != nil {
		cfg := &pass.Config{VerifyEach: true, Out: stderr}
		if err := pm.Run(module, cfg); err != nil {
			var f *pass.Failure
			if errors.As(err, &f) && f.Err != nil {
				return report(f.Err)
			}
			return report(err)
		}
		lap("lower")
	}
	write := func() error { return asm.WriteFile(o.output, module, o.print) }
	if o.bytecode {
		write = func() error { return asm.WriteBytecodeFile(o.output, module, asm.BytecodeOptions{}) }
	}
	if err := write(); err != nil {
		return report(fmt.Errorf("%s: %v", o.output, err))
	}
	lap("print")
	return nil
}
