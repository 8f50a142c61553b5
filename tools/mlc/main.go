// Command mlc is mlc's user-facing driver. Each task is a subcommand:
//
//	mlc run model.mlir --input NAME=x.npy --output-dir out   run a function with the reference interpreter
//	mlc print-tensor out/logits.npy                           print a .npy / .pb tensor as text
//	mlc import model.onnx --pipeline torch-to-core -o m.mlir  import an ONNX model and lower it in one process
//	mlc compare got.npy want.pb                               compare a tensor with a reference
//	mlc conformance DIR                                       import, lower and run ONNX test cases against their references
//	mlc bisect model.mlir --pipeline P --input x=x.npy        name the pass and op where a pipeline loses accuracy
//	mlc quantize model.onnx --target trt-orin --calib DIR -o q.mlir  post-training quantization for a target
//	mlc compile model.onnx --target trt-orin --calib DIR -o OUT    a deployable bundle per target, with gates
//
// The command tree is built by newRootCmd from the subcommand
// constructors listed in subcommands, so later tasks (compile to a bundle,
// conformance) are one more constructor each. The logic lives in library
// packages (interp, …); this package only parses flags and reports errors.
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

// subcommands construct the children of the root command, in help order.
var subcommands = []func() *cobra.Command{
	newRunCmd,
	newPrintTensorCmd,
	newImportCmd,
	newCompareCmd,
	newConformanceCmd,
	newBisectCmd,
	newLowerCmd,
	newQuantizeCmd,
	newCompileCmd,
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "mlc",
		Short:         "mlc: an MLIR-style ML compiler",
		Long:          "mlc compiles, runs and checks models expressed in mlc's dialects.",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	for _, sub := range subcommands {
		root.AddCommand(sub())
	}
	return root
}

// exitError carries an exit code whose message has already been printed
// (diagnostics are written as they are produced).
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

func main() {
	root := newRootCmd()
	if err := root.Execute(); err != nil {
		if e, ok := err.(exitError); ok {
			os.Exit(e.code)
		}
		fmt.Fprintf(os.Stderr, "mlc: error: %v\n", err)
		os.Exit(1)
	}
}
