package conformance

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/mlc-go/mlc/internal/onnxpb"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/translate/onnx"
)

// ONNX's node tests feed shape-like operands (Reshape's shape, Slice's
// starts, Resize's scales, ...) as graph inputs, where exported models
// have initializers; our importer needs them at import time. When an
// import fails for that reason, the runner binds the data set's values of
// such inputs as initializers and imports again, per data set.

// needsImportTimeValues reports whether an import error asks for values
// known at import time.
func needsImportTimeValues(err error) bool {
	var nc *onnx.NeedsConstantError
	return errors.As(err, &nc)
}

// bindable reports whether an input looks like a shape-like operand:
// integer tensors of rank at most 1, scalars, and short 1-D float vectors
// (Resize's scales and roi).
func bindable(t *tensor.Tensor) bool {
	switch {
	case t.Rank() == 0:
		return true
	case t.Rank() != 1:
		return false
	case t.DType().IsFloat():
		return t.Dim(0) <= 16
	default:
		return true
	}
}

// boundModel is a model with some inputs bound to one data set's values.
type boundModel struct {
	data  []byte
	names []string // the bound graph inputs
	keep  []int    // indices of the data set's inputs still fed at run time
}

// binder binds the inputs of one model, read and decoded once.
type binder struct {
	data []byte
	args []string // graph inputs that are not initializers, in order
}

func newBinder(modelPath string) (*binder, error) {
	data, err := os.ReadFile(modelPath)
	if err != nil {
		return nil, err
	}
	m, err := onnxpb.Decode(data)
	if err != nil {
		return nil, err
	}
	if m.Graph == nil {
		return nil, errors.New("model has no graph")
	}
	inits := map[string]bool{}
	for _, t := range m.Graph.Initializers {
		inits[t.Name] = true
	}
	b := &binder{data: data}
	for _, in := range m.Graph.Inputs {
		if !inits[in.Name] {
			b.args = append(b.args, in.Name)
		}
	}
	return b, nil
}

// bind returns the model with the bindable inputs of ds turned into
// initializers holding the data set's input_<i>.pb, or nil when there is
// nothing to bind.
func (b *binder) bind(ds dataSet) (*boundModel, error) {
	if len(b.args) != len(ds.inputs) {
		return nil, fmt.Errorf("model has %d inputs, data set %d has %d", len(b.args), ds.index, len(ds.inputs))
	}
	bm := &boundModel{}
	var extra []byte
	for i, t := range ds.inputs {
		if !bindable(t) {
			bm.keep = append(bm.keep, i)
			continue
		}
		pb, err := os.ReadFile(filepath.Join(ds.dir, "input_"+strconv.Itoa(i)+".pb"))
		if err != nil {
			return nil, err
		}
		// The graph input's name, appended, wins over the tensor's own.
		pb = protowire.AppendTag(pb, 8, protowire.BytesType)
		pb = protowire.AppendString(pb, b.args[i])
		extra = protowire.AppendTag(extra, 5, protowire.BytesType)
		extra = protowire.AppendBytes(extra, pb)
		bm.names = append(bm.names, b.args[i])
	}
	if len(bm.names) == 0 {
		return nil, nil
	}
	var err error
	if bm.data, err = appendToGraph(b.data, extra); err != nil {
		return nil, err
	}
	return bm, nil
}

// appendToGraph appends encoded GraphProto fields to ModelProto.graph.
func appendToGraph(model, fields []byte) ([]byte, error) {
	var out []byte
	for rest := model; len(rest) > 0; {
		num, typ, n := protowire.ConsumeTag(rest)
		if n < 0 {
			return nil, protowire.ParseError(n)
		}
		m := protowire.ConsumeFieldValue(num, typ, rest[n:])
		if m < 0 {
			return nil, protowire.ParseError(m)
		}
		if num == 7 && typ == protowire.BytesType {
			graph, _ := protowire.ConsumeBytes(rest[n:])
			out = protowire.AppendTag(out, 7, protowire.BytesType)
			out = protowire.AppendBytes(out, append(append([]byte(nil), graph...), fields...))
		} else {
			out = append(out, rest[:n+m]...)
		}
		rest = rest[n+m:]
	}
	return out, nil
}
