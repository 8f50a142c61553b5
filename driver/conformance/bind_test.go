package conformance

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/internal/onnxpb"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/translate/onnx"
)

// Binding the second input of test_add turns it into an initializer named
// after the graph input, and only the first input is still fed.
func TestBindInputs(t *testing.T) {
	dir := "testdata/node/test_add"
	binder, err := newBinder(dir + "/model.onnx")
	require.NoError(t, err)
	ds := dataSet{index: 0, dir: dir + "/test_data_set_0", inputs: []*tensor.Tensor{
		tensor.New(tensor.F32, 3, 4, 5),                 // data: stays an input
		tensor.MustValues(tensor.I64, []int64{2}, 1, 2), // shape-like: bound
	}}
	b, err := binder.bind(ds)
	require.NoError(t, err)
	require.NotNil(t, b)
	assert.Equal(t, []string{"y"}, b.names)
	assert.Equal(t, []int{0}, b.keep)
	m, err := onnxpb.Decode(b.data)
	require.NoError(t, err)
	require.Len(t, m.Graph.Initializers, 1)
	assert.Equal(t, "y", m.Graph.Initializers[0].Name)
	assert.Len(t, m.Graph.Inputs, 2, "the graph inputs are kept; the importer treats an initialized input as a constant")
	assert.Len(t, m.Graph.Nodes, 1)

	// Nothing shape-like: nothing to bind.
	ds.inputs[1] = tensor.New(tensor.F32, 3, 4, 5)
	b, err = binder.bind(ds)
	require.NoError(t, err)
	assert.Nil(t, b)
}

func TestAppendToGraphRejectsGarbage(t *testing.T) {
	_, err := appendToGraph([]byte{0xff, 0xff, 0xff}, nil)
	assert.Error(t, err)
}

// An import that needs values at import time, for a case without
// shape-like inputs, keeps its first error (unsupported).
func TestBindNothingKeepsError(t *testing.T) {
	calls := 0
	cfg := Config{Filter: regexp.MustCompile(`^test_add$`), Import: func(*ir.Context, ImportInput) (*ir.Operation, error) {
		calls++
		d := ir.Errorf(ir.UnknownLoc{}, "run-time input 'shape' is not supported: it must be known at import time")
		d.Err = &onnx.NeedsConstantError{Node: "node #0 (Add)", Input: "shape"}
		return nil, d
	}}
	r, err := Run("testdata/node", cfg)
	require.NoError(t, err)
	require.Len(t, r.Cases, 1)
	assert.Equal(t, Unsupported, r.Cases[0].Status)
	assert.Contains(t, r.Cases[0].Message, "known at import time")
	assert.Equal(t, 1, calls)
}

// The binder reacts to the importer's NeedsConstantError, found with
// errors.As, and not to the words of a message.
func TestNeedsImportTimeValues(t *testing.T) {
	d := ir.Errorf(ir.UnknownLoc{}, "input 'shape' must be known at import time")
	assert.False(t, needsImportTimeValues(d), "the text alone does not count")
	d.Err = &onnx.NeedsConstantError{Input: "shape"}
	assert.True(t, needsImportTimeValues(fmt.Errorf("import: %w", d)))
	assert.False(t, needsImportTimeValues(&onnx.UnsupportedError{Feature: "known at import time"}))
}
