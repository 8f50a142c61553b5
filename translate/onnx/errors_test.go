package onnx

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// importErr imports data expecting a failure and returns the formatted
// diagnostic.
func importErr(t *testing.T, data []byte, path string) string {
	t.Helper()
	m, err := Import(newCtx(), data, path, Options{})
	if err == nil {
		t.Fatalf("import succeeded:\n%v", m)
	}
	d, ok := err.(*ir.Diagnostic)
	if !ok {
		t.Fatalf("error is %T, not a diagnostic: %v", err, err)
	}
	if _, positioned := ir.FileLineCol(d.Loc); !positioned {
		t.Errorf("diagnostic is not positioned: %v", d.Loc)
	}
	msg := (*ir.SourceMgr)(nil).Format(d)
	if strings.Contains(msg, "internal error") {
		t.Fatalf("importer bug: %s", msg)
	}
	return msg
}

func expectErr(t *testing.T, data []byte, wants ...string) {
	t.Helper()
	msg := importErr(t, data, "model.onnx")
	for _, w := range wants {
		if !strings.Contains(msg, w) {
			t.Errorf("diagnostic\n%s\ndoes not contain %q", msg, w)
		}
	}
}

func reluGraph(nodes ...pb) graphSpec {
	return graphSpec{
		nodes:   nodes,
		inputs:  []pb{valueInfoPB("x", tFloat, 2)},
		outputs: []pb{valueInfoPB("y", tFloat, 2)},
	}
}

func TestDecodeErrors(t *testing.T) {
	good := convReluModel()
	t.Run("truncated", func(t *testing.T) {
		expectErr(t, good[:len(good)/2], "model.onnx:1:", "error: invalid ONNX model", "unexpected end of data")
	})
	t.Run("corrupt varint", func(t *testing.T) {
		bad := append([]byte{0x08}, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}...)
		expectErr(t, bad, "model.onnx:1:2: error: invalid ONNX model", "ModelProto")
	})
	t.Run("wire type mismatch", func(t *testing.T) {
		expectErr(t, pb{}.int(1, 8).int(7, 3), "model.onnx:1:3: error: invalid ONNX model: ModelProto.graph (field 7): wire type varint, expected length-delimited")
	})
	t.Run("length beyond buffer", func(t *testing.T) {
		expectErr(t, []byte{0x3a, 0x7f, 0x01}, "model.onnx:1:2: error: invalid ONNX model")
	})
	t.Run("deep nesting", func(t *testing.T) {
		g := reluGraph(nodePB("Relu", "r", []string{"x"}, []string{"y"})).pb()
		for i := 0; i < 40; i++ {
			g = graphSpec{nodes: []pb{nodePB("If", "if", []string{"c"}, []string{"y"}, attrGraph("then_branch", g))}}.pb()
		}
		expectErr(t, pb{}.msg(8, pb{}.int(2, 13)).msg(7, g), "nested deeper than 64 levels")
	})
	t.Run("no graph", func(t *testing.T) {
		expectErr(t, pb{}.int(1, 8), "model.onnx:1:1: error: ONNX model has no graph")
	})
	t.Run("opset", func(t *testing.T) {
		expectErr(t, modelPB(0, reluGraph(nodePB("Relu", "r", []string{"x"}, []string{"y"}))), "ONNX opset 0 is not supported (supported: 11 to 17)")
		// An older opset imports op by op: Relu's entries start at 11.
		expectErr(t, modelPB(9, reluGraph(nodePB("Relu", "r", []string{"x"}, []string{"y"}))), "1 ONNX op type is not supported at opset 9: Relu")
		expectErr(t, modelPB(18, reluGraph(nodePB("Relu", "r", []string{"x"}, []string{"y"}))), "ONNX opset 18 is not supported")
	})
}

// TestHugeTensorClaim: a tensor claiming 10^12 elements is rejected from
// its sizes, before anything proportional to the claim is allocated.
func TestHugeTensorClaim(t *testing.T) {
	for _, tc := range []struct {
		name string
		t    pb
		want string
	}{
		{"raw", tensorPB("w", tFloat, []int64{1000000, 1000000}, f32raw(1)), "raw_data holds 4 bytes, but FLOAT[1000000 1000000] needs 4000000000000"},
		{"typed", pb{}.packed(1, 1000000, 1000000).int(2, tInt64).str(8, "w").packed(7, 1, 2), "int64_data holds 2 elements, but INT64[1000000 1000000] has 1000000000000"},
		{"overflow", tensorPB("w", tFloat, []int64{1 << 40, 1 << 40}, nil), "element count overflows"},
		{"negative", tensorPB("w", tFloat, []int64{-1, 4}, nil), "dim 0 is negative"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := modelPB(13, graphSpec{
				nodes:   []pb{nodePB("Add", "add", []string{"x", "w"}, []string{"y"})},
				inits:   []pb{tc.t},
				inputs:  []pb{valueInfoPB("x", tFloat, 2)},
				outputs: []pb{valueInfoPB("y", tFloat, 2)},
			})
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			expectErr(t, data, "initializer 'w'", tc.want)
			runtime.ReadMemStats(&after)
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
				t.Errorf("rejecting the tensor allocated %d bytes", grew)
			}
		})
	}
	t.Run("ConstantOfShape", func(t *testing.T) {
		// A huge splat stays one element; a fold of it is refused.
		data := modelPB(13, graphSpec{
			nodes: []pb{
				nodePB("ConstantOfShape", "k", []string{"s"}, []string{"big"}),
				nodePB("Shape", "sh", []string{"big"}, []string{"y"}),
			},
			inits:   []pb{int64sPB("s", []int64{2}, 1000000, 1000000)},
			outputs: []pb{valueInfoPB("y", tInt64)},
		})
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, m := mustImport(t, data, Options{})
		runtime.ReadMemStats(&after)
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
			t.Errorf("allocated %d bytes", grew)
		}
		if m == nil {
			t.Fatal("no module")
		}
	})
}

func TestGraphErrors(t *testing.T) {
	t.Run("cycle", func(t *testing.T) {
		expectErr(t, modelPB(13, graphSpec{
			nodes: []pb{
				nodePB("Relu", "a", []string{"x"}, []string{"p"}),
				nodePB("Add", "b", []string{"p", "r"}, []string{"q"}),
				nodePB("Relu", "c", []string{"q"}, []string{"r"}),
				nodePB("Relu", "d", []string{"q"}, []string{"y"}),
			},
			inputs:  []pb{valueInfoPB("x", tFloat, 2)},
			outputs: []pb{valueInfoPB("y", tFloat, 2)},
		}), "graph has a cycle through node", "node 'b' (Add) -> node 'c' (Relu) -> node 'b' (Add)")
	})
	t.Run("self loop", func(t *testing.T) {
		expectErr(t, modelPB(13, reluGraph(nodePB("Add", "a", []string{"x", "y"}, []string{"y"}))), "graph has a cycle through node 'a' (Add)")
	})
	t.Run("missing input", func(t *testing.T) {
		expectErr(t, modelPB(13, reluGraph(nodePB("Add", "a", []string{"x", "nope"}, []string{"y"}))),
			"node 'a' (Add): missing input 'nope': it is neither a graph input, an initializer nor the output of a node")
	})
	t.Run("duplicate output", func(t *testing.T) {
		expectErr(t, modelPB(13, reluGraph(
			nodePB("Relu", "a", []string{"x"}, []string{"y"}),
			nodePB("Neg", "b", []string{"x"}, []string{"y"}),
		)), "node 'b' (Neg): output 'y' is already defined by node 'a' (Relu)")
		expectErr(t, modelPB(13, reluGraph(nodePB("Relu", "a", []string{"x"}, []string{"x"}))), "output 'x' is already defined by a graph input")
	})
	t.Run("undefined output", func(t *testing.T) {
		expectErr(t, modelPB(13, reluGraph(nodePB("Relu", "a", []string{"x"}, []string{"z"}))), "graph output 'y' is not produced")
	})
	t.Run("declared output disagrees", func(t *testing.T) {
		expectErr(t, modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Relu", "a", []string{"x"}, []string{"y"})},
			inputs:  []pb{valueInfoPB("x", tFloat, 2)},
			outputs: []pb{valueInfoPB("y", tFloat, 3)},
		}), "graph output 'y' is declared [3] but computes tensor<2xf32>")
	})
}

func TestUnsupportedReport(t *testing.T) {
	data := modelPB(13, graphSpec{
		nodes: []pb{
			nodePB("Unique", "u1", []string{"x"}, []string{"a"}),
			nodePB("NonZero", "nz1", []string{"x"}, []string{"c"}),
			nodePB("Relu", "r", []string{"x"}, []string{"y"}),
			nodePB("NonZero", "nz2", []string{"x"}, []string{"d"}),
			nodePB("If", "if1", []string{"x"}, []string{"e"}, attrGraph("then_branch", graphSpec{}.pb())),
			pb{}.str(1, "x").str(2, "f").str(3, "fused").str(4, "FusedConv").str(7, "com.microsoft"),
		},
		inits:   []pb{int64sPB("k", []int64{1}, 1)},
		inputs:  []pb{valueInfoPB("x", tFloat, 2)},
		outputs: []pb{valueInfoPB("y", tFloat, 2)},
	})
	msg := importErr(t, data, "model.onnx")
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	want := []string{
		"error: 4 ONNX op types are not supported at opset 13: If, NonZero, Unique, com.microsoft.FusedConv",
		"note: If: 1 node, first node 'if1' (If) (subgraphs are not supported)",
		"note: NonZero: 2 nodes, first node 'nz1' (NonZero)",
		"note: Unique: 1 node, first node 'u1' (Unique)",
		"note: com.microsoft.FusedConv: 1 node, first node 'fused' (com.microsoft.FusedConv)",
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), msg)
	}
	for i, w := range want {
		if !strings.Contains(lines[i], w) || !strings.HasPrefix(lines[i], "model.onnx:1:") {
			t.Errorf("line %d: %q, want model.onnx:1:…: %q", i, lines[i], w)
		}
	}
}

func TestNodeErrors(t *testing.T) {
	pool := func(attrs ...pb) []byte {
		return modelPB(13, graphSpec{
			nodes:   []pb{nodePB("MaxPool", "pool", []string{"x"}, []string{"y"}, attrs...)},
			inputs:  []pb{valueInfoPB("x", tFloat, 1, 1, 5, 5)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		})
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"unknown attribute", modelPB(13, reluGraph(nodePB("Relu", "r", []string{"x"}, []string{"y"}, attrInt("foo", 1)))),
			"node 'r' (Relu): attribute 'foo' is not supported"},
		{"attribute kind", pool(attrFloats("kernel_shape", 2)), "node 'pool' (MaxPool): attribute 'kernel_shape' must be INTS, got FLOATS"},
		{"ceil_mode disagreement", pool(attrInts("kernel_shape", 2, 2), attrInts("strides", 2, 2), attrInts("pads", 1, 1, 1, 1), attrInt("ceil_mode", 1)),
			"ceil_mode = 1 gives 4 outputs along spatial dim 0 in ONNX but 3 in ATen; not supported"},
		{"unsupported output", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("MaxPool", "pool", []string{"x"}, []string{"y", "idx"}, attrInts("kernel_shape", 2, 2))},
			inputs:  []pb{valueInfoPB("x", tFloat, 1, 1, 4, 4)},
			outputs: []pb{valueInfoPB("y", tFloat), valueInfoPB("idx", tInt64)},
		}), "node 'pool' (MaxPool): output #1 ('idx') is not supported"},
		{"run-time shape", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Reshape", "r", []string{"x", "s"}, []string{"y"})},
			inputs:  []pb{valueInfoPB("x", tFloat, 2), valueInfoPB("s", tInt64, 1)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), "node 'r' (Reshape): a run-time target shape is not supported: it must be a 1-D integer tensor known at import time"},
		{"range of run-time values", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Range", "rg", []string{"s", "s", "s"}, []string{"y"})},
			inputs:  []pb{valueInfoPB("s", tFloat, 1)},
			outputs: []pb{valueInfoPB("y", tFloat, 1)},
		}), "node 'rg' (Range): is not supported with run-time inputs"},
		{"comparison of different types", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Equal", "eq", []string{"x", "i"}, []string{"y"})},
			inputs:  []pb{valueInfoPB("x", tFloat, 2), valueInfoPB("i", tInt64, 2)},
			outputs: []pb{valueInfoPB("y", tBool, 2)},
		}), "node 'eq' (Equal): operand element types differ (f32 and i64)"},
		{"topk with a run-time k and no declared shape", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("TopK", "tk", []string{"x", "k"}, []string{"v", "i"})},
			inputs:  []pb{valueInfoPB("x", tFloat, 5), valueInfoPB("k", tInt64, 1)},
			outputs: []pb{valueInfoPB("v", tFloat), valueInfoPB("i", tInt64)},
		}), "node 'tk' (TopK): a run-time 'K' is not supported unless the model declares a static shape for the node's outputs"},
		{"mod of floats with fmod 0", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Mod", "m", []string{"x", "x"}, []string{"y"})},
			inputs:  []pb{valueInfoPB("x", tFloat, 2)},
			outputs: []pb{valueInfoPB("y", tFloat, 2)},
		}), "node 'm' (Mod): fmod must be 1 for floating-point inputs"},
		{"missing required input", modelPB(13, reluGraph(nodePB("Add", "a", []string{"x", ""}, []string{"y"}))),
			"node 'a' (Add): input #1 is required"},
		{"torch verifier", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Conv", "conv", []string{"x", "w"}, []string{"y"})},
			inits:   []pb{tensorPB("w", tFloat, []int64{1, 3, 1, 1}, f32raw(1, 2, 3))},
			inputs:  []pb{valueInfoPB("x", tFloat, 1, 2, 4, 4)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), "node 'conv' (Conv): 'torch.aten.conv2d' op"},
		{"pad mode", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Pad", "p", []string{"x", "pads"}, []string{"y"}, attrString("mode", "reflect"))},
			inits:   []pb{int64sPB("pads", []int64{2}, 1, 1)},
			inputs:  []pb{valueInfoPB("x", tFloat, 2)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), "node 'p' (Pad): mode 'reflect' is not supported"},
		{"einsum character", einsum("ij,j?->i", 2), "node 'e' (Einsum): equation 'ij,j?->i': term 'j?' has the invalid character '?'"},
		{"einsum terms", einsum("ij->i", 2), "node 'e' (Einsum): equation 'ij->i' has 1 terms for 2 inputs"},
		{"einsum rank", einsum("ijk,jk->i", 2), "term 'ijk' has 3 labels for an input of rank 2"},
		{"einsum output label", einsum("ij,ik->iz", 2), "output label 'z' is in no input"},
		{"einsum sizes", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Einsum", "e", []string{"a", "b"}, []string{"y"}, attrString("equation", "ij,jk"))},
			inputs:  []pb{valueInfoPB("a", tFloat, 2, 3), valueInfoPB("b", tFloat, 4, 2)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), "label sizes 3 and 4 do not match"},
		{"scatternd run-time indices", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("ScatterND", "s", []string{"x", "i", "u"}, []string{"y"})},
			inputs:  []pb{valueInfoPB("x", tFloat, 4), valueInfoPB("i", tInt64, 1, 1), valueInfoPB("u", tFloat, 1)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), "node 's' (ScatterND): run-time input 'indices' is not supported"},
		{"scatternd index range", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("ScatterND", "s", []string{"x", "i", "u"}, []string{"y"})},
			inits:   []pb{int64sPB("i", []int64{1, 1}, 4)},
			inputs:  []pb{valueInfoPB("x", tFloat, 4), valueInfoPB("u", tFloat, 1)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), "node 's' (ScatterND): index 4 is out of range for dim 0 of size 4"},
		{"rnn direction", modelPB(14, graphSpec{
			nodes:   []pb{nodePB("RNN", "r", []string{"x", "w", "r"}, []string{"y"}, attrString("direction", "sideways"))},
			inits:   []pb{tensorPB("w", tFloat, []int64{1, 1, 1}, f32raw(1)), tensorPB("r", tFloat, []int64{1, 1, 1}, f32raw(1))},
			inputs:  []pb{valueInfoPB("x", tFloat, 2, 1, 1)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), "node 'r' (RNN): direction 'sideways' is not forward, reverse or bidirectional"},
		{"lstm weights", modelPB(14, graphSpec{
			nodes:   []pb{nodePB("LSTM", "l", []string{"x", "w", "r"}, []string{"y"}, attrInt("hidden_size", 1))},
			inits:   []pb{tensorPB("w", tFloat, []int64{1, 1, 1}, f32raw(1)), tensorPB("r", tFloat, []int64{1, 1, 1}, f32raw(1))},
			inputs:  []pb{valueInfoPB("x", tFloat, 2, 1, 1)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), "node 'l' (LSTM): W [1x1x1] and R [1x1x1] do not fit 1 direction(s), hidden size 1 and input size 1"},
		{"dropout training", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Dropout", "d", []string{"x", "r", "t"}, []string{"y"})},
			inits:   []pb{tensorPB("r", tFloat, nil, f32raw(0.5)), tensorPB("t", tBool, nil, []byte{1})},
			inputs:  []pb{valueInfoPB("x", tFloat, 2)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), "node 'd' (Dropout): training_mode = true is not supported with a non-zero ratio"},
		{"resize run-time scales", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Resize", "rs", []string{"x", "", "s"}, []string{"y"})},
			inputs:  []pb{valueInfoPB("x", tFloat, 1, 1, 2, 2), valueInfoPB("s", tFloat, 4)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), "node 'rs' (Resize): run-time input 'scales' is not supported"},
		{"resize antialias", resizeModel(17, []pb{attrInt("antialias", 1)}, 1, 1, 0.5, 0.5), "node 'rs' (Resize): attribute 'antialias' is not supported"},
		{"resize mode", resizeModel(13, []pb{attrString("mode", "area")}, 1, 1, 2, 2), "node 'rs' (Resize): mode 'area' is not nearest, linear or cubic"},
		{"resize coordinates", resizeModel(13, []pb{attrString("coordinate_transformation_mode", "half_pixel_symmetric")}, 1, 1, 2, 2),
			"node 'rs' (Resize): coordinate_transformation_mode 'half_pixel_symmetric' is not supported"},
		{"resize scale", resizeModel(13, nil, 1, 1, 0, 2), "node 'rs' (Resize): scale 0 of dim 2 is not a positive number"},
		{"resize scales length", resizeModel(13, nil, 1, 2, 2), "node 'rs' (Resize): scales or sizes has 3 entries for an input of rank 4"},
		{"resize integer linear", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Resize", "rs", []string{"x", "", "s"}, []string{"y"}, attrString("mode", "linear"))},
			inits:   []pb{tensorPB("s", tFloat, []int64{2}, f32raw(1, 2))},
			inputs:  []pb{valueInfoPB("x", tInt64, 2, 2)},
			outputs: []pb{valueInfoPB("y", tInt64)},
		}), "node 'rs' (Resize): mode 'linear' needs a floating-point input, got i64"},
		{"resize scales and sizes", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Resize", "rs", []string{"x", "", "s", "z"}, []string{"y"})},
			inits:   []pb{tensorPB("s", tFloat, []int64{2}, f32raw(1, 2)), int64sPB("z", []int64{2}, 2, 4)},
			inputs:  []pb{valueInfoPB("x", tFloat, 2, 2)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), "node 'rs' (Resize): only one of scales and sizes may be given"},
		{"resize huge", resizeModel(13, nil, 1, 1, 1e9, 1), "node 'rs' (Resize): dim 2 of size 2 scaled by 1e+09 is too large"},
		{"unranked input", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Relu", "r", []string{"x"}, []string{"y"})},
			inputs:  []pb{valueInfoPB("x", tFloat)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		}), "graph input 'x' has no shape; the torch dialect needs ranked tensors"},
	} {
		t.Run(tc.name, func(t *testing.T) { expectErr(t, tc.data, "model.onnx:1:", tc.want) })
	}
}

func attrFloats(name string, vs ...float32) pb {
	m := pb{}.str(1, name).int(20, 6)
	for _, v := range vs {
		m = m.f32(7, v)
	}
	return m
}

// externalModel is Add(x, w) with w's data in an external file.
func externalModel(location string, offset, length int64) []byte {
	w := pb{}.packed(1, 2).int(2, tFloat).str(8, "w").
		msg(13, pb{}.str(1, "location").str(2, location)).
		msg(13, pb{}.str(1, "offset").str(2, strconv.FormatInt(offset, 10))).
		msg(13, pb{}.str(1, "length").str(2, strconv.FormatInt(length, 10))).
		int(14, 1)
	return modelPB(13, graphSpec{
		nodes:   []pb{nodePB("Add", "add", []string{"x", "w"}, []string{"y"})},
		inits:   []pb{w},
		inputs:  []pb{valueInfoPB("x", tFloat, 2)},
		outputs: []pb{valueInfoPB("y", tFloat, 2)},
	})
}

func TestExternalData(t *testing.T) {
	dir := t.TempDir()
	modelDir := filepath.Join(dir, "model")
	if err := os.Mkdir(modelDir, 0o755); err != nil {
		t.Fatal(err)
	}
	weights := append(make([]byte, 8), f32raw(1.5, -2)...)
	for _, p := range []string{filepath.Join(modelDir, "w.bin"), filepath.Join(dir, "secret.bin")} {
		if err := os.WriteFile(p, weights, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(dir, "secret.bin"), filepath.Join(modelDir, "link.bin")); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(modelDir, "model.onnx")
	write := func(data []byte) {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("ok", func(t *testing.T) {
		write(externalModel("w.bin", 8, 8))
		ctx := newCtx()
		m, err := ImportFile(ctx, path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		out := run1(t, m, map[string]*tensor.Tensor{"x": tensor.MustValues(tensor.F32, []int64{2}, 10, 20)})
		if got := out[0].Values(); got[0] != 11.5 || got[1] != 18 {
			t.Errorf("got %v", got)
		}
	})
	for _, tc := range []struct {
		name     string
		location string
		offset   int64
		want     string
	}{
		{"parent", "../secret.bin", 8, "external data location '../secret.bin' leaves the model's folder"},
		{"absolute", filepath.Join(dir, "secret.bin"), 8, "is absolute; it must be relative to the model's folder"},
		{"symlink", "link.bin", 8, "external data location 'link.bin' leaves the model's folder"},
		{"offset beyond file", "w.bin", 12, "external data [12, 20) lies beyond the end of 'w.bin' (16 bytes)"},
		{"missing file", "nope.bin", 0, "cannot open external data 'nope.bin'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			write(externalModel(tc.location, tc.offset, 8))
			_, err := ImportFile(newCtx(), path, Options{})
			if err == nil {
				t.Fatal("import succeeded")
			}
			msg := (*ir.SourceMgr)(nil).Format(err.(*ir.Diagnostic))
			if !strings.Contains(msg, tc.want) || !strings.HasPrefix(msg, path+":1:") {
				t.Errorf("got %q, want %s:1:…%q", msg, path, tc.want)
			}
		})
	}
	t.Run("length mismatch", func(t *testing.T) {
		write(externalModel("w.bin", 0, 12))
		_, err := ImportFile(newCtx(), path, Options{})
		if err == nil || !strings.Contains(err.Error(), "external data length 12 does not match the tensor's 8 bytes") {
			t.Errorf("got %v", err)
		}
	})
}

// einsum is a one-node Einsum model over [2, 3] float inputs.
func einsum(eq string, inputs int) []byte {
	g := graphSpec{outputs: []pb{valueInfoPB("y", tFloat)}}
	var names []string
	for i := range inputs {
		n := string(rune('a' + i))
		names = append(names, n)
		g.inputs = append(g.inputs, valueInfoPB(n, tFloat, 2, 3-i))
	}
	g.nodes = []pb{nodePB("Einsum", "e", names, []string{"y"}, attrString("equation", eq))}
	return modelPB(13, g)
}

// resizeModel is a Resize of a [1, 1, 2, 2] float input by constant scales.
func resizeModel(opset int64, attrs []pb, scales ...float32) []byte {
	return modelPB(opset, graphSpec{
		nodes:   []pb{nodePB("Resize", "rs", []string{"x", "", "s"}, []string{"y"}, attrs...)},
		inits:   []pb{tensorPB("s", tFloat, []int64{int64(len(scales))}, f32raw(scales...))},
		inputs:  []pb{valueInfoPB("x", tFloat, 1, 1, 2, 2)},
		outputs: []pb{valueInfoPB("y", tFloat)},
	})
}
