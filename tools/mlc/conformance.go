package main

import (
	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/decompose"
	"github.com/mlc-go/mlc/translate/onnx"
	"github.com/mlc-go/mlc/driver/conformance"
)

// newConformanceCmd wires the ONNX importer and the torch-to-core lowering
// into the conformance runner.
func newConformanceCmd() *cobra.Command {
	return conformance.Command(conformance.Config{
		// The data sets' shapes pin dynamic dims (batch, sequence): the
		// core dialect needs static shapes.
		Import: func(ctx *ir.Context, in conformance.ImportInput) (*ir.Operation, error) {
			opts := onnx.Options{ArgShapes: in.InputShapes}
			if in.Data != nil {
				return onnx.Import(ctx, in.Data, in.Path, opts)
			}
			return onnx.ImportFile(ctx, in.Path, opts)
		},
		Lower: decompose.TorchToCore,
	})
}
