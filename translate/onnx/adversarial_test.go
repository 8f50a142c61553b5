package onnx

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// Regressions from an adversarial battery of malformed models: each is
// one positioned error, never a panic, a hang or a huge allocation.
func TestAdversarialModels(t *testing.T) {
	x4 := valueInfoPB("x", tFloat, 1, 4, 8, 8)
	y := valueInfoPB("y", tFloat)
	one := func(n pb, inputs []pb, inits ...pb) []byte {
		return modelPB(13, graphSpec{nodes: []pb{n}, inits: inits, inputs: inputs, outputs: []pb{y}})
	}
	ones := make([]any, 100)
	for i := range ones {
		ones[i] = 1
	}
	rnnW := tensorPB("W", tFloat, []int64{1, 6, 3}, make([]byte, 4*18))
	rnnR := tensorPB("R", tFloat, []int64{1, 6, 2}, make([]byte, 4*12))
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		// Result types whose element count overflows int64.
		{"input elements overflow", one(nodePB("Relu", "r", []string{"x"}, []string{"y"}), []pb{valueInfoPB("x", tFloat, int64(1<<40), int64(1<<40))}),
			"graph input 'x': shape [1099511627776x1099511627776] has more elements than fit in int64"},
		{"conv pads overflow", one(nodePB("Conv", "c", []string{"x", "w"}, []string{"y"}, attrInts("pads", 1<<40, 1<<40, 1<<40, 1<<40)), []pb{x4},
			tensorPB("w", tFloat, []int64{4, 4, 1, 1}, make([]byte, 64))), "'torch.aten.conv2d' op result: shape [1x4x2199023255560x2199023255560] has more elements than fit in int64"},
		{"tile overflow", one(nodePB("Tile", "t", []string{"x", "r"}, []string{"y"}), []pb{valueInfoPB("x", tFloat, 2, 2)},
			int64sPB("r", []int64{2}, 1<<40, 1<<40)), "has more elements than fit in int64"},
		{"expand overflow", one(nodePB("Expand", "e", []string{"x", "s"}, []string{"y"}), []pb{valueInfoPB("x", tFloat, 1)},
			int64sPB("s", []int64{3}, 1<<40, 1<<40, 1<<40)), "has more elements than fit in int64"},
		{"pad sum overflows", one(nodePB("Pad", "p", []string{"x", "p"}, []string{"y"}), []pb{x4},
			int64sPB("p", []int64{8}, 0, 0, 1<<63-1, 0, 0, 0, 1<<63-1, 0)), "of dimension 2 (size 8) overflows"},
		// Ranks that would make every op on the tensor quadratic.
		{"input rank", one(nodePB("Relu", "r", []string{"x"}, []string{"y"}), []pb{valueInfoPB("x", tFloat, ones...)}),
			"graph input 'x': tensors of rank 100 are not supported (at most 64)"},
		{"initializer rank", one(nodePB("Relu", "r", []string{"w"}, []string{"y"}), nil, tensorPB("w", tFloat, make([]int64, 100), nil)),
			"initializer 'w': tensors of rank 100 are not supported (at most 64)"},
		// Expand's shape has no -1 (ATen's "keep this dim").
		{"expand negative", one(nodePB("Expand", "e", []string{"x", "s"}, []string{"y"}), []pb{valueInfoPB("x", tFloat, 3)},
			int64sPB("s", []int64{1}, -5)), "node 'e' (Expand): shape dim 0 is negative (-5)"},
		{"gru empty sequence", one(nodePB("GRU", "g", []string{"x", "W", "R"}, []string{"y"}, attrInt("hidden_size", 2)), []pb{valueInfoPB("x", tFloat, 0, 1, 3)}, rnnW, rnnR),
			"node 'g' (GRU): an empty sequence (0 steps) is not supported"},
	} {
		t.Run(tc.name, func(t *testing.T) { expectErr(t, tc.data, "model.onnx:1:", tc.want) })
	}
}

// TestSliceExtremeSteps: steps near ±2^63 take one element, not zero.
func TestSliceExtremeSteps(t *testing.T) {
	for _, tc := range []struct {
		start, end, step int64
		want             string
	}{
		{-1, -1 << 63, -1 << 63, "tensor<1x4x1x8xf32>"},
		{0, 8, 1<<63 - 1, "tensor<1x4x1x8xf32>"},
		{1<<63 - 1, -1 << 63, -1 << 62, "tensor<1x4x1x8xf32>"},
	} {
		data := modelPB(13, graphSpec{
			nodes: []pb{nodePB("Slice", "s", []string{"x", "b", "e", "a", "t"}, []string{"y"})},
			inits: []pb{int64sPB("b", []int64{1}, tc.start), int64sPB("e", []int64{1}, tc.end),
				int64sPB("a", []int64{1}, 2), int64sPB("t", []int64{1}, tc.step)},
			inputs:  []pb{valueInfoPB("x", tFloat, 1, 4, 8, 8)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		})
		_, m := mustImport(t, data, Options{})
		if got := asm.String(m, asm.PrintOptions{}); !strings.Contains(got, "-> "+tc.want) {
			t.Errorf("slice %d:%d:%d: want result %s in\n%s", tc.start, tc.end, tc.step, tc.want, got)
		}
	}
}

// TestExternalLocationNUL: a NUL byte never reaches the diagnostic raw.
func TestExternalLocationNUL(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "model.onnx")
	if err := os.WriteFile(path, externalModel("w.bin\x00x", 0, 8), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ImportFile(newCtx(), path, Options{})
	if err == nil {
		t.Fatal("import succeeded")
	}
	msg := (*ir.SourceMgr)(nil).Format(err.(*ir.Diagnostic))
	if !strings.Contains(msg, `external data location "w.bin\x00x" contains a NUL byte`) || strings.ContainsRune(msg, 0) {
		t.Errorf("got %q", msg)
	}
}
