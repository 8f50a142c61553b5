package conformance

import (
	"errors"
	"fmt"

	"github.com/mlc-go/mlc/internal/mapfile"
	"github.com/mlc-go/mlc/internal/onnxpb"
)

// maxNameLen bounds an op_type or domain string; real ones are short.
const maxNameLen = 4096

// ReadOpTypes returns the op type of every top-level node of the ONNX
// model at path, in graph order; an op of a domain other than the default
// one is "domain.OpType". The model is decoded with internal/onnxpb from
// a mapping of the file (when it is large), so weights are not read:
// their pages are released as the decoder passes them. path must be a
// regular file. Errors name the
// byte offset where the model stops making sense.
func ReadOpTypes(path string) ([]string, error) {
	data, err := onnxpb.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	ops, err := opTypes(data)
	if err != nil {
		var pe *onnxpb.Error
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:1:%d: error: %s", path, pe.Offset+1, pe.Msg)
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return ops, nil
}

func opTypes(data *mapfile.Data) ([]string, error) {
	m, err := onnxpb.DecodePassing(data.Bytes(), data.Release)
	if err != nil {
		return nil, err
	}
	if m.Graph == nil {
		return nil, nil
	}
	ops := make([]string, 0, len(m.Graph.Nodes))
	for _, n := range m.Graph.Nodes {
		if n.OpType == "" {
			return nil, &onnxpb.Error{Offset: n.Offset, Msg: "node without op_type"}
		}
		if l := len(n.OpType) + len(n.Domain); l > maxNameLen {
			return nil, &onnxpb.Error{Offset: n.Offset, Msg: fmt.Sprintf("name of %d bytes (limit %d)", l, maxNameLen)}
		}
		op := n.OpType
		if n.Domain != "" && n.Domain != "ai.onnx" {
			op = n.Domain + "." + op
		}
		ops = append(ops, op)
	}
	return ops, nil
}
