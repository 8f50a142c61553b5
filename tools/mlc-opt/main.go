// Command mlc-opt parses, verifies, transforms and prints mlc IR, with
// mlir-opt's flag spellings.
package main

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/optmain"
)

func registerAll(ctx *ir.Context) { all.Register(ctx) }

func main() {
	var opts optmain.Options
	var showDialects bool
	opts.Register = registerAll
	code := 0
	cmd := &cobra.Command{
		Use:           "mlc-opt [file|-]",
		Short:         "Parse, verify, transform and print mlc IR",
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
			if len(args) == 1 {
				opts.Input = args[0]
			}
			code = optmain.Run(opts, os.Stdin, os.Stdout, os.Stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVarP(&opts.Output, "output", "o", "-", "output file (written atomically)")
	f.BoolVar(&opts.AllowUnregistered, "allow-unregistered-dialect", false, "allow ops of dialects that are not registered")
	f.BoolVar(&opts.Print.Generic, "mlir-print-op-generic", false, "print every op in generic form")
	f.BoolVar(&opts.Print.DebugInfo, "mlir-print-debuginfo", false, "print locations")
	f.BoolVar(&opts.Print.LocalScope, "mlir-print-local-scope", false, "print without aliases")
	f.IntVar(&opts.Print.ElideElementsAttrsIfLarger, "mlir-elide-elementsattrs-if-larger", 0, "elide dense attributes with more elements than this")
	f.BoolVar(&opts.SplitInputFile, "split-input-file", false, "split the input at '// -----' and process each chunk alone")
	f.BoolVar(&opts.VerifyDiagnostics, "verify-diagnostics", false, "check diagnostics against expected-* comments")
	f.BoolVar(&showDialects, "show-dialects", false, "list the registered dialects and their ops, then exit")
	f.BoolVar(&opts.NoVerify, "no-verify", false, "skip the verifier after parsing (debugging only)")
	cmd.SetArgs(optmain.NormalizeArgs(os.Args[1:]))
	if err := cmd.Execute(); err != nil {
		os.Exit(2)
	}
	os.Exit(code)
}
