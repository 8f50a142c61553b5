package conformance

import (
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/decompose"
	"github.com/mlc-go/mlc/translate/onnx"
)

// ONNXConfig wires the ONNX importer and the torch-to-core lowering into
// the runner: what `mlc conformance` and the benchmark's smoke tier run.
func ONNXConfig() Config {
	return Config{
		// The data sets' shapes pin dynamic dims (batch, sequence): the
		// core dialect needs static shapes.
		Import: func(ctx *ir.Context, in ImportInput) (*ir.Operation, error) {
			opts := onnx.Options{ArgShapes: in.InputShapes}
			if in.Data != nil {
				return onnx.Import(ctx, in.Data, in.Path, opts)
			}
			return onnx.ImportFile(ctx, in.Path, opts)
		},
		Lower: decompose.TorchToCore,
	}
}
