package quantize

import (
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// sharedSrc: ONNX exports share identical constants between layers. The
// gamma %g feeds two layer-norm tails, the weight %w two matmuls in
// different groups (one reading a mul that only it reads, one reading
// an argument). Smoothing one group must not change the other's values.
const sharedSrc = `
func.func @main(%x: tensor<3x2xf32>, %y: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>) {
  %g = core.constant dense<[3.0, 5.0]> : tensor<2xf32>
  %0 = core.mul %x, %g : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %w = core.constant dense<[[1.0, -1.0], [0.5, 2.0]]> : tensor<2x2xf32>
  %1 = core.matmul %0, %w {mlc.act_absmax = array<f64: 16.0, 1.0>} : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  %2 = core.mul %y, %g : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %3 = core.matmul %y, %w {mlc.act_absmax = array<f64: 1.0, 9.0>} : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  return %1, %2, %3 : tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>
}`

func TestSmoothSharedConstants(t *testing.T) {
	m := parse(t, sharedSrc)
	rng := rand.New(rand.NewSource(3))
	in := []*tensor.Tensor{randomInput(rng, []int64{3, 2}), randomInput(rng, []int64{3, 2})}
	want, err := interp.RunModule(m, "main", in)
	if err != nil {
		t.Fatal(err)
	}
	fn, _ := interp.LookupFunc(m, "main")
	rep := Smooth(fn, SmoothConfig{Alpha: 0.5})
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	if len(rep.Groups) != 2 || rep.Groups[0].Explicit || !rep.Groups[1].Explicit {
		t.Fatalf("groups %+v: want the first folded into the mul, the second explicit", rep.Groups)
	}
	// Group 1: a = [16, 1], w = [1, 2]: s = [4, 1/sqrt(2)].
	// Group 2: a = [1, 9], w = [1, 2]: s = [1, 3/sqrt(2)].
	for g, s := range [][]float64{{4, 1 / math.Sqrt2}, {1, 3 / math.Sqrt2}} {
		for j := range s {
			if !closeRel(rep.Groups[g].Scales[j], s[j], 1e-12) {
				t.Errorf("group %d: scales %v, want %v", g, rep.Groups[g].Scales, s)
			}
		}
	}
	got, err := interp.RunModule(m, "main", in)
	if err != nil {
		t.Fatal(err)
	}
	for r := range want {
		w, g := want[r].Values(), got[r].Values()
		for i := range w {
			if !closeRel(w[i], g[i], 1e-6) && math.Abs(w[i]-g[i]) > 1e-6 {
				t.Fatalf("result %d element %d: %g after smoothing, %g before", r, i, g[i], w[i])
			}
		}
	}
	// The second mul still reads gamma [3, 5].
	var gammas [][]float64
	ir.WalkPreOrder(fn, func(op *ir.Operation) ir.WalkResult {
		if op.Name() == "core.mul" {
			vals, _ := ir.FloatElements(op.Operand(1).DefiningOp().InherentAttr("value"))
			gammas = append(gammas, vals)
		}
		return ir.Advance
	})
	if len(gammas) != 3 || !slices.Equal(gammas[1], []float64{3, 5}) {
		t.Errorf("mul constants %v: want the unsmoothed gamma [3 5] kept for the second layer norm", gammas)
	}
}

func TestSmoothPassOptions(t *testing.T) {
	if pass.Lookup("smooth-quant") == nil {
		t.Fatal("smooth-quant is not registered")
	}
	ran := 0
	for _, bad := range []string{"-0.1", "1.5"} {
		pm, err := pass.ParsePipeline("builtin.module(func.func(smooth-quant{alpha=" + bad + "}))")
		if err != nil {
			continue // rejected when parsed: fine
		}
		ran++
		m := parse(t, sharedSrc)
		if err := pm.Run(m, &pass.Config{}); err == nil || !strings.Contains(err.Error(), "alpha must lie in [0, 1]") {
			t.Errorf("alpha=%s: %v", bad, err)
		}
	}
	if ran == 0 {
		t.Error("no bad alpha reached the pass")
	}
	// quantize reads smoothed weights: smooth-quant may not follow it.
	if _, err := pass.ParsePipeline("builtin.module(func.func(quantize{target=trt-orin},smooth-quant))"); err == nil ||
		!strings.Contains(err.Error(), "pass 'smooth-quant' must run before 'quantize'") {
		t.Errorf("smooth-quant after quantize: %v", err)
	}
}
