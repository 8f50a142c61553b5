// Command mlc-opt parses, verifies, transforms and prints mlc IR, with
// mlir-opt's flag spellings.
package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/dialects/ods"
	_ "github.com/mlc-go/mlc/driver/passes" // every pass and pipeline
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/rewrite/optmain"
	"github.com/mlc-go/mlc/rewrite/pass"
)

func registerAll(ctx *ir.Context) { all.Register(ctx) }

// passFlag is one --<pass>[=options] flag as the user typed it.
type passFlag struct {
	arg  string // as typed, for errors
	name string
	opts string // without surrounding quotes
	// optsAt is the offset of opts in arg.
	optsAt int
	hasOpt bool
}

// text is the flag as pipeline text: name or name{opts}.
func (f passFlag) text() string {
	if !f.hasOpt {
		return f.name
	}
	return f.name + "{" + f.opts + "}"
}

// argOffset maps an offset in text() to one in arg.
func (f passFlag) argOffset(off int) int {
	dashes := len(f.arg) - len(strings.TrimLeft(f.arg, "-"))
	if !f.hasOpt || off <= len(f.name) {
		return dashes + min(off, len(f.name))
	}
	return min(f.optsAt+off-len(f.name)-1, len(f.arg))
}

// splitPassFlags takes --<pass>[=options] flags out of args, in order, as
// mlir-opt treats each registered pass as a flag.
func splitPassFlags(args []string) (rest []string, passes []passFlag) {
	// Never nil: cobra reads os.Args again when given nil, which would put
	// the pass flags back (mlc-opt --canonicalize < in.mlir).
	rest = []string{}
	for _, a := range args {
		if strings.HasPrefix(a, "--") {
			name, opts, hasOpts := strings.Cut(a[2:], "=")
			if pass.Known(name) {
				f := passFlag{arg: a, name: name, hasOpt: hasOpts}
				if hasOpts {
					f.optsAt = len(a) - len(opts)
					if t := strings.Trim(opts, `"'`); t != opts {
						f.optsAt++
						opts = t
					}
					f.opts = opts
				}
				passes = append(passes, f)
				continue
			}
		}
		rest = append(rest, a)
	}
	return rest, passes
}

// passFlagPipeline builds the pipeline of the pass flags; an error quotes
// the flag at fault as typed.
func passFlagPipeline(flags []passFlag) (*pass.OpPassManager, error) {
	pm := &pass.OpPassManager{OpName: "builtin.module"}
	for _, f := range flags {
		if err := pass.ParsePassList(pm, f.text()); err != nil {
			var pe *pass.PipelineError
			if errors.As(err, &pe) {
				return nil, &pass.PipelineError{Text: f.arg, Offset: f.argOffset(pe.Offset), Msg: pe.Msg}
			}
			return nil, err
		}
	}
	return pm, nil
}

func main() {
	var opts optmain.Options
	var showDialects, verifyEach, verifyQuant bool
	var pipeline, printBefore, printAfter, runReproducer string
	var dumpPipeline bool
	var targets targetFlags
	opts.Register = registerAll
	opts.TuneGC = true
	opts.Tool = "mlc-opt"
	args, passFlags := splitPassFlags(optmain.NormalizeArgs(os.Args[1:]))
	code := 0
	cmd := &cobra.Command{
		Use:           "mlc-opt [file|-]",
		Short:         "Parse, verify, transform and print mlc IR",
		Long:          "Parse, verify, transform and print mlc IR.\n\nEvery registered pass and pass pipeline is also a flag (listed below; docs/passes.md has the full reference).",
		Args:          cobra.MaximumNArgs(1),
		SilenceUsage:  true,
		SilenceErrors: true,
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
				opts.Pipeline, err = passFlagPipeline(passFlags)
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
			if dumpPipeline {
				// As mlir-opt: the pipeline with named ones expanded and
				// every option spelled out, before it runs.
				pm := opts.Pipeline
				if pm == nil {
					pm = &pass.OpPassManager{OpName: "builtin.module"}
				}
				fmt.Fprintf(os.Stderr, "Pass Manager with %d passes:\n%s\n\n", len(pm.Entries), pm.Text())
			}
			if runReproducer == "" {
				opts.PassConfig.VerifyEach = verifyEach
			}
			if verifyQuant && opts.Pipeline != nil {
				opts.Pipeline.AddInstrumentation(quantize.NewContractChecker())
			}
			opts.PassConfig.PrintBefore = nameSet(printBefore)
			opts.PassConfig.PrintAfter = nameSet(printAfter)
			// Dumps of nested ops are in local scope (pass.dumpText), of
			// the top-level op as the output is printed.
			opts.PassConfig.PrintOptions = opts.Print
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
	f.StringVarP(&pipeline, "pass-pipeline", "p", "", "a textual pass pipeline, e.g. builtin.module(func.func(cse,canonicalize))")
	f.BoolVar(&dumpPipeline, "dump-pass-pipeline", false, "print the pipeline to run (named pipelines expanded, every option shown) to stderr")
	f.BoolVar(&opts.PassConfig.PrintModuleScope, "mlir-print-ir-module-scope", false, "IR dumps print the whole module, not the op the pass ran on (passes run on one goroutine)")
	f.IntVar(&opts.Print.ElideResourceStringsIfLarger, "mlir-elide-resource-strings-if-larger", 0, "leave out resources whose hex string is longer than this many characters")
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
	helpFn := cmd.HelpFunc()
	cmd.SetHelpFunc(func(c *cobra.Command, a []string) {
		helpFn(c, a)
		fmt.Fprint(c.OutOrStdout(), "\n"+pass.Help())
	})
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return flagError(c, err)
	})
	cmd.SetArgs(args)
	if err := cmd.Execute(); err != nil {
		fmt.Fprintf(os.Stderr, "mlc-opt: error: %v\n", err)
		os.Exit(1)
	}
	os.Exit(code)
}

// flagError rewords pflag's "unknown flag: --x" with the closest flag,
// pass or pipeline name, as LLVM's tools suggest one.
func flagError(c *cobra.Command, err error) error {
	msg := err.Error()
	name, ok := strings.CutPrefix(msg, "unknown flag: --")
	if !ok {
		return err
	}
	name, _, _ = strings.Cut(name, "=")
	candidates := pass.Names()
	c.Flags().VisitAll(func(f *pflag.Flag) { candidates = append(candidates, f.Name) })
	hint := " (see 'mlc-opt --help')"
	if near := pass.Closest(name, candidates); near != "" {
		hint = "; did you mean '--" + near + "'?"
	}
	return fmt.Errorf("unknown flag '--%s'%s", name, hint)
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
