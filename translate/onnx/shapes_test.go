package onnx

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// twoInputs: Add(x[N,3], y[N,?]) with an initializer also listed as an
// input (not an argument, so positions skip it).
func twoInputs() []byte {
	return modelPB(13, graphSpec{
		nodes: []pb{nodePB("Add", "add", []string{"x", "y"}, []string{"z"})},
		inits: []pb{int64sPB("w", []int64{1}, 7)},
		inputs: []pb{
			valueInfoPB("w", tInt64, 1),
			valueInfoPB("x", tFloat, "N", 3),
			valueInfoPB("y", tFloat, "N", "M"),
		},
		outputs: []pb{valueInfoPB("z", tFloat)},
	})
}

// signature is main's argument list without the argument attributes.
func signature(m *ir.Operation) string {
	text := asm.String(m, asm.PrintOptions{})
	start := strings.Index(text, "func.func @main(")
	end := strings.Index(text[start:], ") ->")
	sig := text[start+len("func.func @main(") : start+end]
	return regexp.MustCompile(` \{[^}]*\}`).ReplaceAllString(sig, "")
}

// An argument that keeps a symbolic dim dynamic records its name for the
// diagnostics of lowering.
func TestDimParamsAttr(t *testing.T) {
	_, m := mustImport(t, twoInputs(), Options{})
	text := asm.String(m, asm.PrintOptions{})
	assert.Contains(t, text, `%arg0: tensor<?x3xf32> {mlc.dim_params = ["N", ""], mlc.name = "x"}`)
	assert.Contains(t, text, `%arg1: tensor<?x?xf32> {mlc.dim_params = ["N", "M"], mlc.name = "y"}`)
	_, m = mustImport(t, twoInputs(), Options{DimParams: map[string]int64{"N": 2, "M": 3}})
	assert.NotContains(t, asm.String(m, asm.PrintOptions{}), "mlc.dim_params")
}

// A --dim no input uses is a mistake, not a no-op.
func TestUnknownDimParam(t *testing.T) {
	_, err := Import(ir.NewContext(), twoInputs(), "m.onnx", Options{DimParams: map[string]int64{"batch": 1}})
	require.Error(t, err)
	assert.Equal(t, "--dim batch: no graph input has a dim named 'batch' (the inputs' symbolic dims: M, N)", err.Error())
}

func TestPinnedShapes(t *testing.T) {
	for _, tc := range []struct {
		opts Options
		want string
	}{
		{Options{}, "%arg0: tensor<?x3xf32>, %arg1: tensor<?x?xf32>"},
		// Pinning x fixes N for y too.
		{Options{ArgShapes: [][]int64{{2, 3}}}, "%arg0: tensor<2x3xf32>, %arg1: tensor<2x?xf32>"},
		{Options{ArgShapes: [][]int64{nil, {4, 3}}}, "%arg0: tensor<4x3xf32>, %arg1: tensor<4x3xf32>"},
		{Options{InputShapes: map[string][]int64{"y": {5, 3}}}, "%arg0: tensor<5x3xf32>, %arg1: tensor<5x3xf32>"},
		{Options{InputShapes: map[string][]int64{"x": {6, 3}}, ArgShapes: [][]int64{{6, 3}}}, "%arg0: tensor<6x3xf32>, %arg1: tensor<6x?xf32>"},
		{Options{DimParams: map[string]int64{"M": 3}, ArgShapes: [][]int64{{1, 3}}}, "%arg0: tensor<1x3xf32>, %arg1: tensor<1x3xf32>"},
	} {
		_, m := mustImport(t, twoInputs(), tc.opts)
		if got := signature(m); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%+v: signature %q, want %q", tc.opts, got, tc.want)
		}
	}
}

func TestPinnedShapeErrors(t *testing.T) {
	for _, tc := range []struct {
		opts Options
		want string
	}{
		{Options{ArgShapes: [][]int64{{2}}}, "graph input 'x' has rank 2; the shape given for it has rank 1"},
		{Options{ArgShapes: [][]int64{{2, 4}}}, "graph input 'x' has static dim 1 of size 3; the shape given says 4"},
		{Options{ArgShapes: [][]int64{{2, -1}}}, "graph input 'x': the shape given has negative dim -1"},
		{Options{ArgShapes: [][]int64{{2, 3}, {3, 3}}}, "graph input 'y': dim 'N' is given as 2 and as 3"},
		{Options{DimParams: map[string]int64{"N": 1}, ArgShapes: [][]int64{{2, 3}}}, "graph input 'x': dim 'N' is given as 1 and as 2"},
		{Options{ArgShapes: [][]int64{nil, nil, {1}}}, "3 input shapes given for 2 graph inputs"},
		{Options{InputShapes: map[string][]int64{"w": {1}}}, "a shape is given for 'w', which is not a graph input"},
		{Options{InputShapes: map[string][]int64{"x": {1, 3}}, ArgShapes: [][]int64{{2, 3}}}, "graph input 'x' is given two shapes"},
	} {
		_, err := Import(newCtx(), twoInputs(), "model.onnx", tc.opts)
		d, ok := err.(*ir.Diagnostic)
		if !ok {
			t.Fatalf("%+v: got %v, want a diagnostic", tc.opts, err)
		}
		if msg := (*ir.SourceMgr)(nil).Format(d); !strings.HasPrefix(msg, "model.onnx:1:") || !strings.Contains(msg, tc.want) {
			t.Errorf("%+v: got %q, want a positioned %q", tc.opts, msg, tc.want)
		}
	}
}

func TestShapeFlags(t *testing.T) {
	var o Options
	for _, spec := range []string{"x:0=2x3x224x224", "a=b=4", "s="} {
		if err := o.AddShape(spec); err != nil {
			t.Fatal(err)
		}
	}
	for name, want := range map[string][]int64{"x:0": {2, 3, 224, 224}, "a=b": {4}, "s": {}} {
		if got, ok := o.InputShapes[name]; !ok || !slices.Equal(got, want) {
			t.Errorf("shape of %q: %v, want %v", name, got, want)
		}
	}
	if err := o.AddDim("batch=8"); err != nil || o.DimParams["batch"] != 8 {
		t.Errorf("AddDim: %v %v", err, o.DimParams)
	}
	for _, bad := range []string{"x", "=2x3", "x=2xx3", "x=2x-1", "x=a"} {
		if err := o.AddShape(bad); err == nil {
			t.Errorf("AddShape(%q) accepted", bad)
		}
	}
	for _, bad := range []string{"n", "=3", "n=-1", "n=x"} {
		if err := o.AddDim(bad); err == nil {
			t.Errorf("AddDim(%q) accepted", bad)
		}
	}
}
