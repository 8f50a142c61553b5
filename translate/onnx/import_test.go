package onnx

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

func newCtx() *ir.Context {
	ctx := ir.NewContext()
	all.Register(ctx)
	return ctx
}

func mustImport(t *testing.T, data []byte, opts Options) (*ir.Context, *ir.Operation) {
	t.Helper()
	ctx := newCtx()
	m, err := Import(ctx, data, "model.onnx", opts)
	if err != nil {
		t.Fatalf("import: %s", (*ir.SourceMgr)(nil).Format(err.(*ir.Diagnostic)))
	}
	return ctx, m
}

func run1(t *testing.T, m *ir.Operation, in map[string]*tensor.Tensor) []*tensor.Tensor {
	t.Helper()
	fn, err := interp.LookupFunc(m, "main")
	if err != nil {
		t.Fatal(err)
	}
	args, err := interp.BindInputs(fn, in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := interp.Run(fn, args)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// convReluModel: conv (8 weights > inline size) + relu with named nodes.
func convReluModel() []byte {
	w := make([]float32, 2*1*3*3)
	for i := range w {
		w[i] = float32(i%5) - 2
	}
	return modelPB(13, graphSpec{
		nodes: []pb{
			nodePB("Conv", "conv1", []string{"x", "conv1.weight", "conv1.bias"}, []string{"c"}, attrInts("pads", 1, 1, 1, 1)),
			nodePB("Relu", "relu1", []string{"c"}, []string{"y"}),
		},
		inits: []pb{
			tensorPB("conv1.weight", tFloat, []int64{2, 1, 3, 3}, f32raw(w...)),
			tensorPB("conv1.bias", tFloat, []int64{2}, f32raw(0.5, -0.25)),
		},
		inputs:  []pb{valueInfoPB("x", tFloat, 1, 1, 4, 4)},
		outputs: []pb{valueInfoPB("y", tFloat, 1, 2, 4, 4)},
	})
}

func TestImportStructure(t *testing.T) {
	data := convReluModel()
	ctx, m := mustImport(t, data, Options{})
	text := asm.String(m, asm.PrintOptions{DebugInfo: true})
	for _, want := range []string{
		`func.func @main(%arg0: tensor<1x1x4x4xf32> {mlc.name = "x"} loc("x"("model.onnx":1:239))) -> (tensor<1x2x4x4xf32> {mlc.name = "y"})`,
		`torch.constant dense_resource<conv1.weight> : tensor<2x1x3x3xf32> loc("conv1.weight")`,
		`torch.constant dense<[5.000000e-01, -2.500000e-01]> : tensor<2xf32> loc("conv1.bias")`,
		`torch.aten.conv2d %arg0, %0, %1 {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>}`,
		`loc("conv1")`,
		`torch.aten.relu %2 : tensor<1x2x4x4xf32> loc("relu1")`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, text)
		}
	}
	// The weight blob aliases the model bytes.
	blob := ctx.Resource("builtin", "conv1.weight")
	if len(blob.Data) != 72 {
		t.Fatalf("blob has %d bytes", len(blob.Data))
	}
	start := uintptr(unsafe.Pointer(&data[0]))
	p := uintptr(unsafe.Pointer(&blob.Data[0]))
	if p < start || p >= start+uintptr(len(data)) {
		t.Errorf("weight blob was copied instead of aliasing the model buffer")
	}
	x := tensor.MustValues(tensor.F32, []int64{1, 1, 4, 4}, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)
	out := run1(t, m, map[string]*tensor.Tensor{"x": x})
	// Channel 0 at (0,0): weights 3x3 window over the zero-padded corner.
	w := []float64{-2, -1, 0, 1, 2, -2, -1, 0, 1}
	in := []float64{0, 0, 0, 0, 1, 2, 0, 5, 6}
	want := 0.5
	for i := range w {
		want += w[i] * in[i]
	}
	if got := out[0].Values()[0]; got != max(want, 0) {
		t.Errorf("y[0,0,0,0] = %v, want %v", got, max(want, 0))
	}
}

// TestFoldShapeChain: the exported Reshape(x, Concat(Unsqueeze(Gather(
// Shape(x), 0)), [-1])) becomes one static reshape; with a symbolic batch
// dim the gathered dim is unknown and becomes the inferred −1, and
// Options.DimParams pins it.
func TestFoldShapeChain(t *testing.T) {
	model := func(batch any) []byte {
		return modelPB(13, graphSpec{
			nodes: []pb{
				nodePB("Shape", "shape", []string{"x"}, []string{"s"}),
				nodePB("Gather", "g", []string{"s", "i0"}, []string{"b"}, attrInt("axis", 0)),
				nodePB("Unsqueeze", "u", []string{"b", "ax"}, []string{"bu"}),
				nodePB("Concat", "cat", []string{"bu", "rest"}, []string{"shape2"}, attrInt("axis", 0)),
				nodePB("Reshape", "r", []string{"x", "shape2"}, []string{"y"}),
			},
			inits: []pb{
				int64sPB("i0", nil, 0),
				int64sPB("ax", []int64{1}, 0),
				int64sPB("rest", []int64{2}, 3, -1),
			},
			inputs:  []pb{valueInfoPB("x", tFloat, batch, 3, 4)},
			outputs: []pb{valueInfoPB("y", tFloat)},
		})
	}
	for _, tc := range []struct {
		batch any
		opts  Options
		want  string
	}{
		{2, Options{}, "torch.aten.reshape %arg0 {shape = array<i64: 2, 3, -1>} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>"},
		{"N", Options{}, "torch.aten.reshape %arg0 {shape = array<i64: -1, 3, 4>} : tensor<?x3x4xf32> -> tensor<?x3x4xf32>"},
		{"N", Options{DimParams: map[string]int64{"N": 5}}, "torch.aten.reshape %arg0 {shape = array<i64: 5, 3, -1>} : tensor<5x3x4xf32> -> tensor<5x3x4xf32>"},
	} {
		_, m := mustImport(t, model(tc.batch), tc.opts)
		text := asm.String(m, asm.PrintOptions{})
		if !strings.Contains(text, tc.want) {
			t.Errorf("batch %v: want %q in\n%s", tc.batch, tc.want, text)
		}
		if strings.Count(text, "torch.") != 1 {
			t.Errorf("batch %v: the shape computation was not folded:\n%s", tc.batch, text)
		}
	}
}

// TestTypedFields: initializers in the typed *_data fields, packed and
// unpacked, decode like raw_data.
func TestTypedFields(t *testing.T) {
	// float_data unpacked (one fixed32 per element) and packed.
	unpacked := pb{}.packed(1, 3).int(2, tFloat).str(8, "a").f32(4, 1).f32(4, 2).f32(4, 3)
	packed := pb{}.packed(1, 3).int(2, tFloat).str(8, "b").raw(4, f32raw(10, 20, 30))
	// int32_data for bool.
	mask := pb{}.packed(1, 3).int(2, tBool).str(8, "m").packed(5, 1, 0, 1)
	data := modelPB(13, graphSpec{
		nodes: []pb{
			nodePB("Add", "add", []string{"x", "a"}, []string{"t"}),
			nodePB("Where", "w", []string{"m", "t", "b"}, []string{"y"}),
		},
		inits:   []pb{unpacked, packed, mask},
		inputs:  []pb{valueInfoPB("x", tFloat, 3)},
		outputs: []pb{valueInfoPB("y", tFloat, 3)},
	})
	_, m := mustImport(t, data, Options{})
	out := run1(t, m, map[string]*tensor.Tensor{"x": tensor.MustValues(tensor.F32, []int64{3}, 100, 200, 300)})
	if got := out[0].Values(); got[0] != 101 || got[1] != 20 || got[2] != 303 {
		t.Errorf("got %v, want [101 20 303]", got)
	}
}

// TestSkipsUnknownFields: fields the decoder does not know, in every
// message, are skipped.
func TestSkipsUnknownFields(t *testing.T) {
	g := graphSpec{
		nodes:   []pb{nodePB("Relu", "r", []string{"x"}, []string{"y"}).str(99, "future").int(98, 7)},
		inputs:  []pb{valueInfoPB("x", tFloat, 2).f32(77, 1)},
		outputs: []pb{valueInfoPB("y", tFloat, 2)},
	}
	data := pb{}.int(1, 8).int(300, 1).msg(8, pb{}.int(2, 13)).msg(7, g.pb().raw(1000, []byte("x")))
	_, m := mustImport(t, data, Options{})
	if !strings.Contains(asm.String(m, asm.PrintOptions{}), "torch.aten.relu") {
		t.Error("relu missing")
	}
}

// TestInitializerListedAsInput: as torch-mlir does, an input backed by an
// initializer is a constant, not an argument.
func TestInitializerListedAsInput(t *testing.T) {
	data := modelPB(13, graphSpec{
		nodes:   []pb{nodePB("Add", "add", []string{"x", "k"}, []string{"y"})},
		inits:   []pb{tensorPB("k", tFloat, []int64{2}, f32raw(1, 2))},
		inputs:  []pb{valueInfoPB("x", tFloat, 2), valueInfoPB("k", tFloat, 2)},
		outputs: []pb{valueInfoPB("y", tFloat, 2)},
	})
	_, m := mustImport(t, data, Options{FuncName: "forward"})
	text := asm.String(m, asm.PrintOptions{})
	if !strings.Contains(text, `func.func @forward(%arg0: tensor<2xf32> {mlc.name = "x"}) -> (tensor<2xf32> {mlc.name = "y"})`) {
		t.Errorf("unexpected signature:\n%s", text)
	}
}

func TestNameAttr(t *testing.T) {
	if NameAttr != interp.NameAttr {
		t.Errorf("NameAttr %q differs from the interpreter's %q", NameAttr, interp.NameAttr)
	}
}

func TestSupportedOps(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range SupportedOps() {
		seen[s.Op] = true
		if s.From < OldestOpset || s.To > MaxOpset || s.From > s.To {
			t.Errorf("%s: opsets %d..%d outside %d..%d", s.Op, s.From, s.To, OldestOpset, MaxOpset)
		}
		// Entries reach below MinOpset only as an extension of one that
		// covers the whole supported range, or for Upsample, which ONNX
		// deprecated at opset 10 in favour of Resize.
		if s.From < MinOpset && lookup("", s.Op, MaxOpset) == nil && s.Op != "Upsample" {
			t.Errorf("%s: imported from opset %d but not at opset %d", s.Op, s.From, MaxOpset)
		}
	}
	for _, op := range []string{"Conv", "BatchNormalization", "Relu", "Clip", "MaxPool", "AveragePool", "GlobalAveragePool",
		"Gemm", "MatMul", "Add", "Sub", "Mul", "Div", "Flatten", "Reshape", "Transpose", "Softmax", "LogSoftmax", "Sigmoid",
		"HardSigmoid", "HardSwish", "Concat", "Split", "Slice", "Gather", "Unsqueeze", "Squeeze", "Shape", "Constant",
		"ConstantOfShape", "Cast", "Identity", "Dropout", "Erf", "Sqrt", "Pow", "ReduceMean", "ReduceSum", "Where", "Equal",
		"Expand", "LayerNormalization", "Tanh", "Exp", "Log", "Neg", "Abs", "LeakyRelu", "Pad", "Range"} {
		if !seen[op] {
			t.Errorf("%s is not in the table", op)
		}
	}
	// Every opset of the range is covered for ops whose semantics changed.
	for _, op := range []string{"Squeeze", "Unsqueeze", "ReduceSum", "Split", "Softmax"} {
		for v := int64(MinOpset); v <= MaxOpset; v++ {
			if lookup("", op, v) == nil {
				t.Errorf("%s has no entry at opset %d", op, v)
			}
		}
	}
}
