package bisect

import (
	"math"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm/asmtest"
	_ "github.com/mlc-go/mlc/lowering/passes" // cse, canonicalize, the contract test passes
	"github.com/mlc-go/mlc/rewrite/pass"
)

const model = `
func.func @main(%x: tensor<2x4xf32> {mlc.name = "x"}) -> (tensor<2x3xf32> {mlc.name = "y"}, tensor<2x4xf32> {mlc.name = "xq"}) {
  %w = core.constant dense<[[10, -20, 30], [40, 50, -60], [70, 80, 90], [-100, 110, 120]]> : tensor<4x3xi8>
  %wq = quant.scast %w : tensor<4x3xi8> to tensor<4x3x!quant.uniform<i8:f32:1, {0.01,0.02,0.005}>>
  %wf = quant.dcast %wq : tensor<4x3x!quant.uniform<i8:f32:1, {0.01,0.02,0.005}>> to tensor<4x3xf32>
  %xq = quant.qcast %x : tensor<2x4xf32> to tensor<2x4x!quant.uniform<i8:f32, 0.05:3>>
  %xf = quant.dcast %xq : tensor<2x4x!quant.uniform<i8:f32, 0.05:3>> to tensor<2x4xf32>
  %y = core.matmul %xf, %wf : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  %r = core.relu %y : tensor<2x3xf32>
  return %r, %xf : tensor<2x3xf32>, tensor<2x4xf32>
}
`

// Test passes: put an op the interpreter has no kernel for before the
// return, and take it out again.
func init() {
	pass.Register(&pass.Pass{Name: "bisect-test-add-opaque", Changes: pass.NoEffects, Run: func(op *ir.Operation, _ pass.Options, _ *pass.Context) error {
		ir.Walk(op, func(o *ir.Operation) {
			if o.Name() == "func.return" {
				b := ir.NewBuilder(o.Ctx())
				b.SetInsertionPoint(o)
				b.Create(ir.OperationState{Name: "x.opaque", Loc: o.Loc})
			}
		})
		return nil
	}})
	pass.Register(&pass.Pass{Name: "bisect-test-drop-opaque", Changes: pass.NoEffects, Run: func(op *ir.Operation, _ pass.Options, _ *pass.Context) error {
		ir.Walk(op, func(o *ir.Operation) {
			if o.Name() == "x.opaque" {
				o.Erase()
			}
		})
		return nil
	}})
}

func bisectModel(t *testing.T, pipeline string, minSQNR float64) *Report {
	t.Helper()
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	all.Register(ctx)
	m := asmtest.Parse(t, ctx, "m.mlir", model)
	pm, err := pass.ParsePipeline(pipeline)
	if err != nil {
		t.Fatal(err)
	}
	x := tensor.MustFromSlice(tensor.F32, []int64{2, 4}, []float32{0.31, -1.234, 2.517, 0.7, 1.1, 0.063, -0.4, 2.96})
	rep, err := Run(m, Options{Pipeline: pm, Inputs: map[string]*tensor.Tensor{"x": x}, MinSQNR: minSQNR})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func labels(r *Report) string {
	var out []string
	for _, s := range r.Stages {
		out = append(out, s.Label())
	}
	return strings.Join(out, "; ")
}

func TestBisectNamesPassAndOp(t *testing.T) {
	// Doubling the weights' scales doubles y: exactly 0 dB. xq is untouched.
	r := bisectModel(t, "builtin.module(cse,test-quant-contract-break{break=rescale},func.func(canonicalize))", DefaultMinSQNR)
	if got, want := labels(r), "input; cse; test-quant-contract-break{break=rescale}; canonicalize on @main"; got != want {
		t.Errorf("stages %q, want %q", got, want)
	}
	if r.Reference != 0 || r.FirstBelow != 2 || r.Previous != 1 || r.OK() {
		t.Fatalf("reference %d, first below %d, previous %d; want 0, 2, 1", r.Reference, r.FirstBelow, r.Previous)
	}
	for i, s := range r.Stages[1:] {
		if s.Err != nil || len(s.Outputs) != 2 || s.Outputs[0].Name != "y" || s.Outputs[1].Name != "xq" {
			t.Fatalf("stage %d: %+v", i+1, s)
		}
		if !math.IsInf(s.Outputs[1].SQNR, 1) {
			t.Errorf("stage %d: xq %.2f dB, want +Inf", i+1, s.Outputs[1].SQNR)
		}
	}
	if y := r.Stages[1].Outputs[0].SQNR; !math.IsInf(y, 1) || r.Stages[1].Below {
		t.Errorf("cse changed y: %v dB", y)
	}
	if y := r.Stages[2].Outputs[0].SQNR; math.Abs(y) > 1e-9 || !r.Stages[2].Below {
		t.Errorf("rescaled y: %v dB, want 0", y)
	}
	op := r.Op
	if op == nil || op.Name != "quant.scast" || op.Result != 0 || !op.Below || math.Abs(op.SQNR) > 1e-9 {
		t.Fatalf("op %+v, want the quant.scast at 0 dB", op)
	}
	if fl, ok := ir.FileLineCol(op.Loc); !ok || fl.Line != 4 {
		t.Errorf("op at %v, want line 4", op.Loc)
	}
}

func TestBisectKeepsAccuracy(t *testing.T) {
	r := bisectModel(t, "builtin.module(canonicalize,cse)", DefaultMinSQNR)
	if !r.OK() || r.Op != nil || len(r.Stages) != 3 {
		t.Fatalf("%+v", r)
	}
}

// Stages the interpreter cannot run are reported and skipped: the op is
// located against the last stage that ran.
func TestBisectSkipsUnrunnableStages(t *testing.T) {
	r := bisectModel(t, "builtin.module(bisect-test-add-opaque,test-quant-contract-break{break=rescale},bisect-test-drop-opaque)", DefaultMinSQNR)
	for _, i := range []int{1, 2} {
		if err := r.Stages[i].Err; err == nil || !strings.Contains(err.Error(), "'x.opaque' op is not supported by the interpreter") {
			t.Errorf("stage %d: %v", i, err)
		}
	}
	if r.FirstBelow != 3 || r.Previous != 0 || r.Op == nil || r.Op.Name != "quant.scast" {
		t.Fatalf("first below %d, previous %d, op %+v; want 3, 0, the scast", r.FirstBelow, r.Previous, r.Op)
	}
}

// A drop that builds up over passes: no op of the failing stage is below
// the threshold against the stage before, so the lowest is named.
func TestBisectGradualDrop(t *testing.T) {
	// Each pass scales y by 1.02 (34 dB); twice is 1.0404 (27.9 dB).
	r := bisectModel(t, "builtin.module(test-quant-contract-break{break=rescale factor=1.02},test-quant-contract-break{break=rescale factor=1.02})", DefaultMinSQNR)
	if r.Stages[1].Below || !r.Stages[2].Below || r.FirstBelow != 2 {
		t.Fatalf("stages %v / %v dB, first below %d", r.Stages[1].Outputs, r.Stages[2].Outputs, r.FirstBelow)
	}
	if want := -20 * math.Log10(0.0404); math.Abs(r.Stages[2].Outputs[0].SQNR-want) > 0.01 {
		t.Errorf("y %.3f dB, want %.3f", r.Stages[2].Outputs[0].SQNR, want)
	}
	if op := r.Op; op == nil || op.Below || op.SQNR < 33 || op.SQNR > 35 {
		t.Fatalf("op %+v, want the lowest (about 34 dB), not below", op)
	}
}

func TestBisectInputErrors(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	m := asmtest.Parse(t, ctx, "m.mlir", model)
	if _, err := Run(m, Options{Function: "nope"}); err == nil || !strings.Contains(err.Error(), "no function @nope") {
		t.Errorf("missing function: %v", err)
	}
	if _, err := Run(m, Options{}); err == nil || !strings.Contains(err.Error(), "missing input for 'x'") {
		t.Errorf("missing input: %v", err)
	}
}
