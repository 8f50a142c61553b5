package quantize

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/lowering/decompose"
	"github.com/mlc-go/mlc/rewrite/pass"
	"github.com/mlc-go/mlc/translate/onnx"
)

// Load reads a model and lowers it to the core dialect: an .onnx file is
// imported into the torch dialect; a textual .mlir module is parsed and
// verified (its text is added to sm, when given, so that diagnostics
// quote it). A module holding torch ops then runs torch-to-core. ctx
// must have every dialect registered.
// imp configures the import of an ONNX model (--dim, --shape); path "-"
// reads standard input.
func Load(ctx *ir.Context, path string, sm *ir.SourceMgr, imp onnx.Options) (*ir.Operation, error) {
	m, _, err := LoadLowered(ctx, path, sm, imp)
	return m, err
}

// LoadLowered is Load, and the pipeline it ran on the module as written
// ("torch-to-core", or "" for a module already in core).
func LoadLowered(ctx *ir.Context, path string, sm *ir.SourceMgr, imp onnx.Options) (*ir.Operation, string, error) {
	return LoadLoweredStages(ctx, path, sm, imp, nil)
}

// LoadLoweredStages is LoadLowered telling done (when not nil) as each
// stage ends: "import" with the module as read, then "decompose" after
// torch-to-core when it runs.
func LoadLoweredStages(ctx *ir.Context, path string, sm *ir.SourceMgr, imp onnx.Options, done func(stage string, module *ir.Operation)) (*ir.Operation, string, error) {
	module, err := readModule(ctx, path, sm, imp)
	if err == nil && done != nil {
		done("import", module)
	}
	if err != nil || !hasDialect(module, "torch") {
		return module, "", err
	}
	pm, err := pass.ParsePipeline(decompose.PipelineText)
	if err != nil {
		return nil, "", err
	}
	if err := pm.Run(module, &pass.Config{VerifyEach: true, Out: io.Discard}); err != nil {
		var f *pass.Failure
		if errors.As(err, &f) && f.Err != nil {
			return nil, "", f.Err
		}
		return nil, "", err
	}
	if done != nil {
		done("decompose", module)
	}
	return module, "torch-to-core", nil
}

// readModule reads and verifies the module as written.
func readModule(ctx *ir.Context, path string, sm *ir.SourceMgr, imp onnx.Options) (*ir.Operation, error) {
	var module *ir.Operation
	if strings.EqualFold(filepath.Ext(path), ".onnx") {
		m, err := onnx.ImportFile(ctx, path, imp)
		if err != nil {
			return nil, err
		}
		module = m
	} else {
		var src []byte
		var err error
		if path == "-" {
			src, err = io.ReadAll(os.Stdin)
			path = "<stdin>"
		} else {
			src, err = os.ReadFile(path)
		}
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, fmt.Errorf("could not open input file '%s': %v", path, err)
		}
		switch {
		case IsONNX(src):
			if module, err = onnx.Import(ctx, src, path+".onnx", imp); err != nil {
				return nil, err
			}
		default:
			if sm != nil {
				sm.Add(path, src)
			}
			if module, err = asm.Parse(ctx, path, src, 1); err != nil {
				return nil, err
			}
		}
	}
	if err := ir.Verify(module); err != nil {
		return nil, err
	}
	return module, nil
}

func hasDialect(module *ir.Operation, dialect string) bool {
	found := false
	ir.WalkPreOrder(module, func(o *ir.Operation) ir.WalkResult {
		if o.Dialect() == dialect {
			found = true
			return ir.Interrupt
		}
		return ir.Advance
	})
	return found
}

// IsONNX tells serialized ONNX from IR text: a ModelProto starts with the
// tag of a varint field (ir_version, 0x08, as every exporter writes it
// first), which no text or MLIR bytecode file starts with.
func IsONNX(src []byte) bool {
	return len(src) > 0 && src[0] == 0x08
}
