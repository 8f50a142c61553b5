// Command mlc-opt parses, verifies, transforms and prints mlc IR, with
// mlir-opt's flag spellings.
package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/dialects/ods"
	_ "github.com/mlc-go/mlc/driver/passes" // every pass and pipeline
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/rewrite/optmain"
	"github.com/mlc-go/mlc/rewrite/pass"
)

func registerAll(ctx *ir.Context) { all.Register(ctx) }

// splitPassFlags takes --<pass>[=options] flags out of args, in order, as
// mlir-opt treats each registered pass as a flag.
func splitPassFlags(args []string) (rest, passes []string) {
	// Never nil: cobra reads os.Args again when given nil, which would put
	// the pass flags back (mlc-opt --canonicalize < in.mlir).
	rest = []string{}
	for _, a := range args {
		if strings.HasPrefix(a, "--") {
			name, opts, hasOpts := strings.Cut(a[2:], "=")
			if pass.Known(name) {
				if hasOpts {
					passes = append(passes, name+"{"+strings.Trim(opts, `"'`)+"}")
				} else {
					passes = append(passes, name)
				}
				continue
			}
		}
		rest = append(rest, a)
	}
	return rest, passes
}

func main() {
	var opts optmain.Options
	var showDialects, verifyEach, verifyQuant bool
	var pipeline, printBefore, printAfter, runReproducer string
	var targets targetFlags
	opts.Register = registerAll
	args, passFlags := splitPassFlags(optmain.NormalizeArgs(os.Args[1:]))
	code := 0
	cmd := &cobra.Command{
		Use:           "mlc-opt [file|-]",
		Short:         "Parse, verify, transform and print mlc IR",
		Long:          "Parse, verify, transform and print mlc IR.\n\nEvery registered pass is also a flag: " + passNames() + ".\n\nSo is every registered pass pipeline: " + pipelineNames() + ".",
		Args:          cobra.MaximumNArgs(1),
		SilenceUsage:  true,
		SilenceErrors: false,
		RunE: func(cmd *cobra.Command, args []string) error {
			if showDialects {
				ctx := ir.NewContext()
				registerAll(ctx)
				_, err := os.Stdout.WriteString(ods.Summary(ctx))
				return err
			}
			if done, c := targets.run(os.Stdout, os.Stderr); done {
				code = c
				return nil
			}
			if len(args) == 1 {
				opts.Input = args[0]
			}
			if runReproducer != "" {
				p, cfg, err := optmain.LoadReproducer(runReproducer)
				if err != nil {
					return err
				}
				opts.Input, pipeline = runReproducer, p
				opts.PassConfig.DisableThreading = cfg.DisableThreading
				opts.PassConfig.VerifyEach = cfg.VerifyEach
				opts.AllowUnregistered = true
			}
			if pipeline != "" && len(passFlags) > 0 {
				return fmt.Errorf("'--pass-pipeline' can't be used with individual pass options")
			}
			var err error
			switch {
			case pipeline != "":
				opts.Pipeline, err = pass.ParsePipeline(pipeline)
			case len(passFlags) > 0:
				opts.Pipeline = &pass.OpPassManager{OpName: "builtin.module"}
				err = pass.ParsePassList(opts.Pipeline, strings.Join(passFlags, ","))
			}
			var pe *pass.PipelineError
			if errors.As(err, &pe) {
				// As mlir-opt: the positioned error and the pipeline with a
				// caret, exit 1.
				fmt.Fprintf(os.Stderr, "%v\n%s", pe, pe.Snippet())
				code = 1
				return nil
			}
			if err != nil {
				return err
			}
			if runReproducer == "" {
				opts.PassConfig.VerifyEach = verifyEach
			}
			if verifyQuant && opts.Pipeline != nil {
				opts.Pipeline.AddInstrumentation(quantize.NewContractChecker())
			}
			opts.PassConfig.PrintBefore = nameSet(printBefore)
			opts.PassConfig.PrintAfter = nameSet(printAfter)
			opts.PassConfig.PrintOptions = opts.Print
			opts.PassConfig.PrintOptions.LocalScope = true
			code = optmain.Run(opts, os.Stdin, os.Stdout, os.Stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVarP(&opts.Output, "output", "o", "-", "output file (written atomically)")
	f.BoolVar(&opts.EmitBytecode, "emit-bytecode", false, "emit MLIR bytecode (version 6, as mlir-opt-19) instead of text")
	f.IntVar(&opts.Bytecode.Version, "emit-bytecode-version", 6, "bytecode version to emit, 1 to 6")
	f.BoolVar(&opts.Bytecode.ElideResources, "elide-resource-data-from-bytecode", false, "write resource keys without their data")
	f.BoolVar(&opts.AllowUnregistered, "allow-unregistered-dialect", false, "allow ops of dialects that are not registered")
	f.BoolVar(&opts.Print.Generic, "mlir-print-op-generic", false, "print every op in generic form")
	f.BoolVar(&opts.Print.DebugInfo, "mlir-print-debuginfo", false, "print locations")
	f.BoolVar(&opts.Print.LocalScope, "mlir-print-local-scope", false, "print without aliases")
	f.IntVar(&opts.Print.ElideElementsAttrsIfLarger, "mlir-elide-elementsattrs-if-larger", 0, "elide dense attributes with more elements than this")
	f.BoolVar(&opts.SplitInputFile, "split-input-file", false, "split the input at '// -----' and process each chunk alone")
	f.BoolVar(&opts.VerifyDiagnostics, "verify-diagnostics", false, "check diagnostics against expected-* comments")
	f.BoolVar(&opts.NoVerify, "no-verify", false, "skip the verifier after parsing (debugging only)")
	f.BoolVar(&showDialects, "show-dialects", false, "list the registered dialects and their ops, then exit")
	f.BoolVar(&targets.list, "show-targets", false, "list the known targets (and --target-file's), then exit")
	f.StringVar(&targets.show, "show-target", "", "describe one target, then exit")
	f.StringVar(&targets.file, "target-file", "", "read a target description from this YAML file")
	f.StringVar(&pipeline, "pass-pipeline", "", "a textual pass pipeline, e.g. builtin.module(func.func(cse,canonicalize))")
	f.BoolVar(&verifyEach, "verify-each", true, "run the verifier after each pass (--verify-each=false to skip)")
	f.BoolVar(&verifyQuant, "verify-quant-contracts", false, "fail a pass that changes a quantization encoding fixed earlier without declaring quant-encodings")
	f.BoolVar(&opts.PassConfig.DisableThreading, "mlir-disable-threading", false, "parse and run passes on one goroutine")
	f.BoolVar(&opts.PassConfig.PrintAfterAll, "mlir-print-ir-after-all", false, "print the IR after every pass")
	f.BoolVar(&opts.PassConfig.PrintBeforeAll, "mlir-print-ir-before-all", false, "print the IR before every pass")
	f.StringVar(&printBefore, "mlir-print-ir-before", "", "comma-separated passes to print the IR before")
	f.StringVar(&printAfter, "mlir-print-ir-after", "", "comma-separated passes to print the IR after")
	f.BoolVar(&opts.PassConfig.PrintAfterChange, "mlir-print-ir-after-change", false, "print the IR after a pass only if it changed it")
	f.BoolVar(&opts.PassConfig.PrintAfterFailure, "mlir-print-ir-after-failure", false, "print the IR after a pass fails")
	f.StringVar(&opts.PassConfig.PrintTreeDir, "mlir-print-ir-tree-dir", "", "write one numbered file per pass into this directory")
	f.BoolVar(&opts.PassConfig.Timing, "mlir-timing", false, "print a tree of pass wall times")
	f.BoolVar(&opts.PassConfig.Statistics, "mlir-pass-statistics", false, "print pass statistics")
	f.StringVar(&opts.PassConfig.Reproducer, "mlir-pass-pipeline-crash-reproducer", "", "on a pass failure, write the input IR and pipeline here")
	f.StringVar(&runReproducer, "run-reproducer", "", "run the pipeline recorded in a reproducer file on its IR")
	cmd.SetArgs(args)
	if err := cmd.Execute(); err != nil {
		os.Exit(1)
	}
	os.Exit(code)
}

func nameSet(list string) map[string]bool {
	if list == "" {
		return nil
	}
	out := map[string]bool{}
	for _, n := range strings.Split(list, ",") {
		out[strings.TrimSpace(n)] = true
	}
	return out
}

func pipelineNames() string {
	var names []string
	for _, p := range pass.RegisteredPipelines() {
		names = append(names, "--"+p.Name+" ("+p.Summary+")")
	}
	return strings.Join(names, ", ")
}

func passNames() string {
	var names []string
	for _, p := range pass.Registered() {
		names = append(names, "--"+p.Name)
	}
	return strings.Join(names, ", ")
}
