package main

import (
	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/decompose"
	"github.com/mlc-go/mlc/translate/onnx"
	"github.com/mlc-go/mlc/translate/onnx/conformance"
)

// newConformanceCmd wires the ONNX importer and the torch-to-core lowering
// into the conformance runner.
func newConformanceCmd() *cobra.Command {
	return conformance.Command(conformance.Config{
		Import: func(ctx *ir.Context, path string) (*ir.Operation, error) {
			return onnx.ImportFile(ctx, path, onnx.Options{})
		},
		Lower: decompose.TorchToCore,
	})
}
