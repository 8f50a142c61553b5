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
	var module *ir.Operation
	var err error
	if path != StdinPath && strings.EqualFold(filepath.Ext(path), ".onnx") {
		// From the file, so that external data beside it is found.
		module, err = onnx.ImportFile(ctx, path, imp)
		if err == nil {
			err = ir.Verify(module)
		}
	} else {
		var name string
		var src []byte
		if name, src, err = ReadSource(path); err == nil {
			module, err = parseSource(ctx, name, src, sm, imp)
		}
	}
	if err != nil {
		return nil, "", err
	}
	return lowerToCore(module, done)
}

// LoadSourceStages is LoadLoweredStages over a model already read
// (name as ReadSource returns it).
func LoadSourceStages(ctx *ir.Context, name string, src []byte, sm *ir.SourceMgr, imp onnx.Options, done func(stage string, module *ir.Operation)) (*ir.Operation, string, error) {
	module, err := parseSource(ctx, name, src, sm, imp)
	if err != nil {
		return nil, "", err
	}
	return lowerToCore(module, done)
}

// StdinPath is the model path that reads standard input, and StdinName
// the name diagnostics give it, both as mlir-opt has them.
const (
	StdinPath = "-"
	StdinName = "<stdin>"
)

// ReadSource reads the model at path, or standard input for "-", and
// returns the name its diagnostics use ("<stdin>" for standard input).
func ReadSource(path string) (string, []byte, error) {
	var src []byte
	var err error
	if path == StdinPath {
		path = StdinName
		src, err = io.ReadAll(os.Stdin)
	} else {
		src, err = os.ReadFile(path)
	}
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return path, nil, fmt.Errorf("could not open input file '%s': %v", path, err)
	}
	return path, src, nil
}

// lowerToCore runs torch-to-core on a module that holds torch ops.
func lowerToCore(module *ir.Operation, done func(stage string, module *ir.Operation)) (*ir.Operation, string, error) {
	if done != nil {
		done("import", module)
	}
	if !hasDialect(module, "torch") {
		return module, "", nil
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

// parseSource imports serialized ONNX or parses IR (text or bytecode,
// its text added to sm when given so that diagnostics quote it), then
// verifies the module.
func parseSource(ctx *ir.Context, name string, src []byte, sm *ir.SourceMgr, imp onnx.Options) (*ir.Operation, error) {
	var module *ir.Operation
	var err error
	if IsONNX(src) {
		module, err = onnx.Import(ctx, src, name+".onnx", imp)
	} else {
		if sm != nil {
			sm.Add(name, src)
		}
		module, err = asm.Parse(ctx, name, src, 1)
	}
	if err != nil {
		return nil, err
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
