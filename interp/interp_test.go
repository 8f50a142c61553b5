package interp

import (
	"slices"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/dialects/core"
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/qnn"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/dialects/torch"
	"github.com/mlc-go/mlc/dialects/trt"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// TestOpCoverage: every op of the dialects the interpreter runs has a
// kernel, and no kernel names an op of another dialect.
func TestOpCoverage(t *testing.T) {
	dialects := []*ods.Dialect{core.Dialect, quant.Dialect, torch.Dialect, trt.Dialect, qnn.Dialect}
	prefixes := []string{"func."}
	for _, d := range dialects {
		prefixes = append(prefixes, d.Name+".")
		for _, op := range d.Ops {
			if name := d.Name + "." + op.Name; !Supported(name) {
				t.Errorf("%s has no interpreter kernel", name)
			}
		}
	}
	for _, name := range Ops() {
		if !slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(name, p) }) {
			t.Errorf("unexpected kernel %s", name)
		}
	}
}

// locString formats a diagnostic's location as file:line:col.
func locString(d *ir.Diagnostic) string {
	if l, ok := ir.FileLineCol(d.Loc); ok {
		return l.String()
	}
	return d.Loc.String()
}

func TestUnsupportedOpIsPositioned(t *testing.T) {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	all.Register(ctx)
	src := "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = \"test.foo\"(%x) : (tensor<2xf32>) -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n"
	m, err := asm.Parse(ctx, "model.mlir", []byte(src), 1)
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunModule(m, "main", []*tensor.Tensor{f32(sh(2), 1, 2)})
	d, ok := err.(*ir.Diagnostic)
	if !ok {
		t.Fatalf("want a diagnostic, got %v", err)
	}
	if d.Message != "'test.foo' op is not supported by the interpreter" {
		t.Errorf("message %q", d.Message)
	}
	if got := locString(d); !strings.Contains(got, "model.mlir\":2:8") {
		t.Errorf("location %s, want model.mlir:2:8 (the op name)", got)
	}
}

func TestRuntimeErrors(t *testing.T) {
	t.Run("broadcast_mismatch_at_run_time", func(t *testing.T) {
		// The dynamic dim is 4 at run time, which does not broadcast with 2.
		d := opErr(t, "torch.aten.add.Tensor %a0, %a1 : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>", tensor.New(tensor.F32, 4, 3), tensor.New(tensor.F32, 2, 3))
		if !strings.HasPrefix(d.Message, "'torch.aten.add.Tensor' op ") || !strings.Contains(d.Message, "broadcast") {
			t.Errorf("message %q", d.Message)
		}
		if !strings.Contains(locString(d), ":2:") {
			t.Errorf("location %s is not the op's line", locString(d))
		}
	})
	t.Run("integer_division_by_zero", func(t *testing.T) {
		d := opErr(t, "core.div %a0, %a1 : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>", i32(sh(2), 1, 2), i32(sh(2), 1, 0))
		if !strings.HasPrefix(d.Message, "'core.div' op ") {
			t.Errorf("message %q", d.Message)
		}
	})
	t.Run("gather_out_of_range", func(t *testing.T) {
		d := opErr(t, "core.gather %a0, %a1 : (tensor<3xf32>, tensor<1xi64>) -> tensor<1xf32>", f32(sh(3), 1, 2, 3), i64(sh(1), 3))
		if !strings.HasPrefix(d.Message, "'core.gather' op ") {
			t.Errorf("message %q", d.Message)
		}
	})
	t.Run("per_axis_channels_at_run_time", func(t *testing.T) {
		d := opErr(t, "quant.qcast %a0 : tensor<?x2xf32> to tensor<?x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>", tensor.New(tensor.F32, 3, 2))
		if !strings.Contains(d.Message, "has 2 scales") {
			t.Errorf("message %q", d.Message)
		}
	})
}

func TestInputErrors(t *testing.T) {
	src := "func.func @main(%x: tensor<2x2xf32>, %y: tensor<2xi32>) -> tensor<2x2xf32> {\n  return %x : tensor<2x2xf32>\n}\n"
	m := parseModule(t, src)
	if _, err := RunModule(m, "main", []*tensor.Tensor{f32(sh(2, 2), 1, 2, 3, 4)}); err == nil || !strings.Contains(err.Error(), "takes 2 arguments, got 1 inputs") {
		t.Errorf("missing input: %v", err)
	}
	_, err := RunModule(m, "main", []*tensor.Tensor{f32(sh(4), 1, 2, 3, 4), i32(sh(2), 1, 2)})
	if err == nil || !strings.Contains(err.Error(), "input 0 of @main has shape [4], but its type is tensor<2x2xf32>") {
		t.Errorf("shape mismatch: %v", err)
	}
	_, err = RunModule(m, "main", []*tensor.Tensor{f32(sh(2, 2), 1, 2, 3, 4), f32(sh(2), 1, 2)})
	if err == nil || !strings.Contains(err.Error(), "input 1 of @main has element type f32, but tensor<2xi32> holds i32") {
		t.Errorf("dtype mismatch: %v", err)
	}
	if _, err := RunModule(m, "nope", nil); err == nil || !strings.Contains(err.Error(), "no function @nope") {
		t.Errorf("unknown function: %v", err)
	}
	out, err := RunModule(m, "main", []*tensor.Tensor{f32(sh(2, 2), 1, 2, 3, 4), i32(sh(2), 1, 2)})
	if err != nil || !tensor.Equal(out[0], f32(sh(2, 2), 1, 2, 3, 4)) {
		t.Errorf("identity: %v %v", out, err)
	}
}

func TestMissingResourceData(t *testing.T) {
	src := `func.func @main() -> tensor<2xf32> {
  %0 = core.constant dense_resource<absent> : tensor<2xf32>
  return %0 : tensor<2xf32>
}`
	ctx := all.NewContext()
	m, err := asm.Parse(ctx, "t.mlir", []byte(src), 1)
	if err != nil { // the parser accepts it; the interpreter must report it
		t.Fatalf("parse: %v", err)
	}
	_, err = RunModule(m, "main", nil)
	if err == nil || !strings.Contains(err.Error(), "dense_resource<absent> has no data") {
		t.Errorf("got %v", err)
	}
}

func TestCalls(t *testing.T) {
	src := `func.func private @square(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = core.mul %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func private @twice(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = func.call @square(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @square(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0:2 = func.call @twice(%x) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  %1 = core.add %0#0, %0#1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}`
	out, err := runSrc(t, src, f32(sh(2), 2, -3))
	if err != nil {
		t.Fatal(err)
	}
	expectEqual(t, "x² + x⁴", out[0], f32(sh(2), 20, 90))

	rec := `func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @main(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}`
	_, err = runSrc(t, rec, f32(sh(2), 1, 2))
	if err == nil || !strings.Contains(err.Error(), "called recursively") {
		t.Errorf("recursion: %v", err)
	}
}

func TestObserve(t *testing.T) {
	src := `func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = core.neg %x : tensor<2xf32>
  %1 = core.relu %0 : tensor<2xf32>
  return %1 : tensor<2xf32>
}`
	var seen []string
	it := New(Options{Observe: func(op *ir.Operation, res []*tensor.Tensor) {
		seen = append(seen, op.Name()+" "+res[0].String())
	}})
	if _, err := it.RunModule(parseModule(t, src), "main", []*tensor.Tensor{f32(sh(2), 1, -2)}); err != nil {
		t.Fatal(err)
	}
	want := "core.neg f32[2]{-1, 2}|core.relu f32[2]{0, 2}"
	if got := strings.Join(seen, "|"); got != want {
		t.Errorf("observed %q, want %q", got, want)
	}
}

// TestSubstitute: a substituted result is what later ops read (and what
// Observe saw is the op's own); a substitute of the wrong arity or type is
// a positioned error.
func TestSubstitute(t *testing.T) {
	src := `func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = core.neg %x : tensor<2xf32>
  %1 = core.relu %0 : tensor<2xf32>
  return %1 : tensor<2xf32>
}`
	var seen []string
	it := New(Options{
		Observe: func(op *ir.Operation, res []*tensor.Tensor) { seen = append(seen, res[0].String()) },
		Substitute: func(op *ir.Operation, res []*tensor.Tensor) []*tensor.Tensor {
			if op.Name() == "core.neg" {
				return []*tensor.Tensor{f32(sh(2), 5, -5)}
			}
			return nil
		},
	})
	out, err := it.RunModule(parseModule(t, src), "main", []*tensor.Tensor{f32(sh(2), 1, -2)})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(seen, "|"), "f32[2]{-1, 2}|f32[2]{5, 0}"; got != want {
		t.Errorf("observed %q, want %q", got, want)
	}
	if got := out[0].String(); got != "f32[2]{5, 0}" {
		t.Errorf("result %s, want the relu of the substitute", got)
	}
	for name, sub := range map[string][]*tensor.Tensor{
		"arity": {f32(sh(2), 1, 2), f32(sh(2), 1, 2)},
		"shape": {f32(sh(3), 1, 2, 3)},
	} {
		it := New(Options{Substitute: func(*ir.Operation, []*tensor.Tensor) []*tensor.Tensor { return sub }})
		_, err := it.RunModule(parseModule(t, src), "main", []*tensor.Tensor{f32(sh(2), 1, -2)})
		d, ok := err.(*ir.Diagnostic)
		if !ok || !strings.Contains(d.Message, "substitute") {
			t.Errorf("%s: want a diagnostic about the substitute, got %v", name, err)
		}
	}
}

func TestDTypeMapping(t *testing.T) {
	ctx := all.NewContext()
	cases := map[string]tensor.DType{
		"f16": tensor.F16, "bf16": tensor.BF16, "f32": tensor.F32, "f64": tensor.F64, "i1": tensor.Bool,
		"i8": tensor.I8, "si8": tensor.I8, "ui8": tensor.U8, "i16": tensor.I16, "ui16": tensor.U16, "i32": tensor.I32, "i64": tensor.I64,
		"!quant.uniform<i8:f32, 0.5>": tensor.I8, "!quant.uniform<u8:f32, 0.5:3>": tensor.U8,
		"!quant.uniform<i4:f32, 0.5>": tensor.I4, "!quant.uniform<u4:f32, 0.5>": tensor.U4,
		"!quant.uniform<u16:f32:0, {0.5}>": tensor.U16, "!quant.uniform<i32:f32, 0.5>": tensor.I32,
		"!quant.uniform<u32:f32, 0.5>": tensor.I64, "!quant.any<i8:f32>": tensor.I8,
	}
	for text, want := range cases {
		src := "func.func private @f(tensor<1x" + text + ">)"
		m, err := asm.Parse(ctx, "t.mlir", []byte(src), 1)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		fn := m.Region(0).Front().First()
		ft := fn.InherentAttr("function_type").(*ir.TypeAttr).Type.(*ir.FunctionType)
		got, err := DTypeOf(ft.Inputs[0].(*ir.RankedTensorType).Elem)
		if err != nil || got != want {
			t.Errorf("%s: got %v %v, want %v", text, got, err, want)
		}
	}
	if _, err := DTypeOf(ctx.FloatType(ir.F8E4M3FN)); err == nil {
		t.Errorf("f8E4M3FN should not map to a dtype")
	}
}

func TestUnverifiedOpDoesNotPanic(t *testing.T) {
	ctx := all.NewContext()
	// core.add with one operand: parsed but never verified.
	src := "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = \"core.add\"(%x) : (tensor<2xf32>) -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n"
	m, err := asm.Parse(ctx, "t.mlir", []byte(src), 1)
	if err != nil { // the parser accepts it; the interpreter must report it
		t.Fatalf("parse: %v", err)
	}
	_, err = RunModule(m, "main", []*tensor.Tensor{f32(sh(2), 1, 2)})
	if err == nil || !strings.Contains(err.Error(), "'core.add' op cannot be interpreted") {
		t.Errorf("got %v", err)
	}
}
