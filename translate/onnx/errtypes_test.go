package onnx

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
)

func importError(t *testing.T, data []byte) error {
	t.Helper()
	_, err := Import(newCtx(), data, "model.onnx", Options{})
	require.Error(t, err)
	_, ok := err.(*ir.Diagnostic)
	require.True(t, ok, "errors stay diagnostics: %T", err)
	return err
}

func TestUnsupportedOpsError(t *testing.T) {
	data := modelPB(13, graphSpec{
		nodes: []pb{
			nodePB("NonZero", "nz1", []string{"x"}, []string{"c"}),
			nodePB("Relu", "r", []string{"x"}, []string{"y"}),
			nodePB("NonZero", "nz2", []string{"x"}, []string{"d"}),
			nodePB("If", "if1", []string{"x"}, []string{"e"}, attrGraph("then_branch", graphSpec{}.pb())),
		},
		inputs:  []pb{valueInfoPB("x", tFloat, 2)},
		outputs: []pb{valueInfoPB("y", tFloat, 2)},
	})
	err := importError(t, data)
	var e *UnsupportedOpsError
	require.True(t, errors.As(err, &e), "%v", err)
	assert.Equal(t, int64(13), e.Opset)
	assert.Equal(t, []UnsupportedOp{
		{OpType: "If", Count: 1, FirstNode: "node 'if1' (If)", Subgraph: true},
		{OpType: "NonZero", Count: 2, FirstNode: "node 'nz1' (NonZero)"},
	}, e.Ops)
	assert.Equal(t, err.Error(), e.Error(), "the typed error says what the diagnostic says")
	assert.True(t, IsUnsupported(err))
}

// Each class of import failure carries its typed error; invalid models
// carry none.
func TestTypedImportErrors(t *testing.T) {
	var (
		unsupported = func(t *testing.T, err error) {
			var u *UnsupportedError
			require.True(t, errors.As(err, &u), "want *UnsupportedError: %v", err)
			assert.Contains(t, err.Error(), u.Error())
		}
		needs = func(input string) func(*testing.T, error) {
			return func(t *testing.T, err error) {
				var nc *NeedsConstantError
				require.True(t, errors.As(err, &nc), "want *NeedsConstantError: %v", err)
				assert.Equal(t, input, nc.Input)
				assert.True(t, strings.HasPrefix(err.Error(), nc.Node+": "), "node %q in %q", nc.Node, err.Error())
			}
		}
		invalid = func(t *testing.T, err error) {
			assert.False(t, IsUnsupported(err), "an invalid model is not unsupported: %v", err)
			assert.Nil(t, err.(*ir.Diagnostic).Err)
		}
	)
	for _, tc := range []struct {
		name  string
		data  []byte
		check func(*testing.T, error)
	}{
		{"opset", modelPB(99, reluGraph(nodePB("Relu", "r", []string{"x"}, []string{"y"}))), unsupported},
		{"unread attribute", modelPB(13, reluGraph(nodePB("Relu", "r", []string{"x"}, []string{"y"}, attrInt("foo", 1)))), unsupported},
		{"optional output", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("MaxPool", "pool", []string{"x"}, []string{"y", "idx"}, attrInts("kernel_shape", 2, 2))},
			inputs:  []pb{valueInfoPB("x", tFloat, 1, 1, 4, 4)},
			outputs: []pb{valueInfoPB("y", tFloat), valueInfoPB("idx", tInt64)},
		}), unsupported},
		{"pad mode", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Pad", "p", []string{"x", "pads"}, []string{"y"}, attrString("mode", "reflect"))},
			inits:   []pb{int64sPB("pads", []int64{2}, 1, 1)},
			inputs:  []pb{valueInfoPB("x", tFloat, 2)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), unsupported},
		{"string graph input", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Identity", "i", []string{"x"}, []string{"y"})},
			inputs:  []pb{valueInfoPB("x", 8, 2)},
			outputs: []pb{valueInfoPB("y", 8, 2)},
		}), unsupported},
		{"cast to string", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Cast", "c", []string{"x"}, []string{"y"}, attrInt("to", 8))},
			inputs:  []pb{valueInfoPB("x", tFloat, 2)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), unsupported},
		{"segmented initializer", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Add", "a", []string{"x", "w"}, []string{"y"})},
			inits:   []pb{tensorPB("w", tFloat, []int64{2}, f32raw(1, 2)).msg(3, pb{}.int(1, 0).int(2, 2))},
			inputs:  []pb{valueInfoPB("x", tFloat, 2)},
			outputs: []pb{valueInfoPB("y", tFloat, 2)},
		}), unsupported},
		{"topk run-time k", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("TopK", "tk", []string{"x", "k"}, []string{"v", "i"})},
			inputs:  []pb{valueInfoPB("x", tFloat, 5), valueInfoPB("k", tInt64, 1)},
			outputs: []pb{valueInfoPB("v", tFloat), valueInfoPB("i", tInt64)},
		}), unsupported},
		{"run-time shape", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Reshape", "r", []string{"x", "s"}, []string{"y"})},
			inputs:  []pb{valueInfoPB("x", tFloat, 2), valueInfoPB("s", tInt64, 1)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), needs("shape")},
		{"no op for run-time inputs", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Range", "rg", []string{"s", "s", "s"}, []string{"y"})},
			inputs:  []pb{valueInfoPB("s", tFloat, 1)},
			outputs: []pb{valueInfoPB("y", tFloat, 1)},
		}), needs("")},
		{"run-time scatter indices", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("ScatterND", "s", []string{"x", "i", "u"}, []string{"y"})},
			inputs:  []pb{valueInfoPB("x", tFloat, 4), valueInfoPB("i", tInt64, 1, 1), valueInfoPB("u", tFloat, 1)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), needs("indices")},
		{"run-time resize scales", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Resize", "rs", []string{"x", "", "s"}, []string{"y"})},
			inputs:  []pb{valueInfoPB("x", tFloat, 1, 1, 2, 2), valueInfoPB("s", tFloat, 4)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), needs("scales")},
		{"run-time clip bound", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Clip", "c", []string{"x", "lo"}, []string{"y"})},
			inputs:  []pb{valueInfoPB("x", tFloat, 2), valueInfoPB("lo", tFloat, 1)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), needs("min")},
		{"missing input", modelPB(13, reluGraph(nodePB("Add", "a", []string{"x", "nope"}, []string{"y"}))), invalid},
		{"mixed operand types", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Equal", "eq", []string{"x", "i"}, []string{"y"})},
			inputs:  []pb{valueInfoPB("x", tFloat, 2), valueInfoPB("i", tInt64, 2)},
			outputs: []pb{valueInfoPB("y", tBool, 2)},
		}), invalid},
		{"truncated", convReluModel()[:20], invalid},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.check(t, importError(t, tc.data)) })
	}
}

// Every diagnostic of the importer that says "not supported" is built by
// the helpers that attach a typed error, so no caller needs the text.
func TestNotSupportedIsTyped(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		require.NoError(t, err)
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			// Diagnostics: c.errorf and ir.Errorf. Plain errors of helpers
			// (fmt.Errorf) are typed where a diagnostic wraps them (limit).
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, _ := sel.X.(*ast.Ident)
			if sel.Sel.Name != "errorf" && !(sel.Sel.Name == "Errorf" && pkg != nil && pkg.Name == "ir") {
				return true
			}
			for _, a := range call.Args {
				lit, ok := a.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				s, _ := strconv.Unquote(lit.Value)
				checked++
				if strings.Contains(s, "not supported") || strings.Contains(s, "unsupported") {
					t.Errorf("%s: %s(%q) reports a limit without a typed error: use unsupportedf, needsConstant or unsupportedAt", fset.Position(call.Pos()), sel.Sel.Name, s)
				}
			}
			return true
		})
	}
	require.Greater(t, checked, 100, "the scan found the importer's diagnostics")
}
