package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/driver/lower"
	dq "github.com/mlc-go/mlc/driver/quantize"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/lowering/partition"
	"github.com/mlc-go/mlc/lowering/target"
)

type lowerOptions struct {
	target, targetFile string
	minBlockSize       int
	fallback           []string
	dims, shapes       []string
	requireFull        bool
	costBased          bool
	dryRun             bool
	output             string
}

func newLowerCmd() *cobra.Command {
	var o lowerOptions
	cmd := &cobra.Command{
		Use:   "lower MODEL.mlir --target NAME [--min-block-size N] [--fallback OP,...] [--require-full] [--cost-based] [--dry-run] -o OUT.mlir",
		Short: "Partition a quantized model for a target and legalise its vendor partitions",
		Long: `Partition a model in core IR (usually the output of mlc quantize) for a
target: ops the target's backend can take are clustered, in program order,
into vendor partitions (private functions with mlc.target = the target) and
legalised into that backend's dialect (trt for TensorRT); the other ops, and
clusters with fewer than --min-block-size compute ops, form CPU fallback
partitions in core, which the reference interpreter runs. The function
itself calls the partitions in order. --fallback names ops always run on the
CPU ("softmax" or "core.softmax"); --require-full fails, naming every op
that would fall back and why, instead of falling back. --cost-based also
runs a cluster on the CPU when the cost model estimates it faster there than
on the target with the transfers across its boundary (from the target
file's peak rates, bandwidths, per-layer overhead, host_cpu section and host
transfer figures; a file without them is an error).

--dry-run prints the coverage (ops and MACs per partition and precision, and
why each fallback op fell back, with --cost-based each partition's estimated
times) and writes nothing. The output is written
atomically; on an error nothing is written and the exit status is 1.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runLower(cmd.OutOrStdout(), cmd.ErrOrStderr(), args[0], o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.target, "target", "", "built-in target name (see mlc-opt --show-targets)")
	f.StringVar(&o.targetFile, "target-file", "", "a target description file (YAML) instead of a built-in target")
	f.IntVar(&o.minBlockSize, "min-block-size", partition.DefaultMinBlockSize, "fewest compute ops a vendor partition may hold")
	f.StringSliceVar(&o.fallback, "fallback", nil, "ops always run on the CPU, comma separated")
	f.BoolVar(&o.requireFull, "require-full", false, "fail instead of falling back to the CPU")
	f.BoolVar(&o.costBased, "cost-based", false, "also run a cluster on the CPU when that is estimated faster, transfers included")
	f.BoolVar(&o.dryRun, "dry-run", false, "print the partition coverage and write nothing")
	addImportFlags(cmd, &o.dims, &o.shapes)
	f.StringVarP(&o.output, "output", "o", "-", "output file ('-' for stdout)")
	return cmd
}

func runLower(stdout, stderr io.Writer, path string, o lowerOptions) error {
	srcMgr := ir.NewSourceMgr()
	fail := func(err error) error {
		var multi interface{ Diagnostics() []*ir.Diagnostic }
		if errors.As(err, &multi) && len(multi.Diagnostics()) > 0 {
			for _, d := range multi.Diagnostics() {
				asm.NoteCurrentOp(d, false)
				io.WriteString(stderr, srcMgr.FormatFor("mlc", d))
			}
			return exitError{code: 1}
		}
		var d *ir.Diagnostic
		var te *target.Error
		if errors.As(err, &d) {
			asm.NoteCurrentOp(d, false)
			io.WriteString(stderr, srcMgr.FormatFor("mlc", d))
		} else if errors.As(err, &te) {
			fmt.Fprintln(stderr, te) // already file:line:col: error: ...
		} else {
			fmt.Fprintf(stderr, "mlc lower: error: %v\n", err)
		}
		return exitError{code: 1}
	}
	if o.minBlockSize < 1 {
		return fail(fmt.Errorf("--min-block-size must be at least 1, got %d", o.minBlockSize))
	}
	t, err := target.Resolve("mlc lower", o.target, o.targetFile, nil)
	if err != nil {
		return fail(err)
	}
	imp, err := onnxOptions(o.dims, o.shapes)
	if err != nil {
		return fail(err)
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	// An ONNX model or a torch-dialect module is lowered to core first.
	module, err := dq.Load(ctx, path, srcMgr, imp)
	if err != nil {
		return fail(err)
	}
	var fallback []string
	for _, f := range o.fallback {
		if f = strings.TrimSpace(f); f != "" {
			fallback = append(fallback, f)
		}
	}
	reports, err := lower.Lower(module, lower.Options{Target: t, MinBlockSize: o.minBlockSize,
		Fallback: fallback, RequireFull: o.requireFull, CostBased: o.costBased, DryRun: o.dryRun})
	if err != nil {
		return fail(err)
	}
	if o.dryRun {
		for _, r := range reports {
			r.Write(stdout)
		}
		return nil
	}
	if err := asm.WriteFile(o.output, module, asm.PrintOptions{}); err != nil {
		return fail(fmt.Errorf("%s: %v", o.output, err))
	}
	return nil
}
