package interp

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
)

// hswishSrc has hardswish chains x · (clamp(x + 3, 0, 6) / 6): %a0 with
// its divisor defined after the add, %a1 with 3 first and the product's
// operands the other way round, %a2 whose add is read twice, %a3 whose
// product is of another value, and %a4 whose divide has the constant on
// the left.
const hswishSrc = `func.func @main(%x: tensor<2x5x9xf32>, %z: tensor<2x5x9xf32>) -> (tensor<2x5x9xf32>, tensor<2x5x9xf32>, tensor<2x5x9xf32>) {
  %three = core.constant dense<3.0> : tensor<f32>
  %a0 = core.add %x, %three : (tensor<2x5x9xf32>, tensor<f32>) -> tensor<2x5x9xf32>
  %c0 = core.clamp %a0 min 0.0 max 6.0 : tensor<2x5x9xf32>
  %six = core.constant dense<6.0> : tensor<f32>
  %d0 = core.div %c0, %six : (tensor<2x5x9xf32>, tensor<f32>) -> tensor<2x5x9xf32>
  %y0 = core.mul %x, %d0 : (tensor<2x5x9xf32>, tensor<2x5x9xf32>) -> tensor<2x5x9xf32>
  %a1 = core.add %three, %y0 : (tensor<f32>, tensor<2x5x9xf32>) -> tensor<2x5x9xf32>
  %c1 = core.clamp %a1 min 0.0 max 6.0 : tensor<2x5x9xf32>
  %d1 = core.div %c1, %six : (tensor<2x5x9xf32>, tensor<f32>) -> tensor<2x5x9xf32>
  %y1 = core.mul %d1, %y0 : (tensor<2x5x9xf32>, tensor<2x5x9xf32>) -> tensor<2x5x9xf32>
  %a2 = core.add %y1, %three : (tensor<2x5x9xf32>, tensor<f32>) -> tensor<2x5x9xf32>
  %c2 = core.clamp %a2 min 0.0 max 6.0 : tensor<2x5x9xf32>
  %d2 = core.div %c2, %six : (tensor<2x5x9xf32>, tensor<f32>) -> tensor<2x5x9xf32>
  %y2 = core.mul %y1, %d2 : (tensor<2x5x9xf32>, tensor<2x5x9xf32>) -> tensor<2x5x9xf32>
  %e2 = core.add %y2, %a2 : (tensor<2x5x9xf32>, tensor<2x5x9xf32>) -> tensor<2x5x9xf32>
  %a3 = core.add %e2, %three : (tensor<2x5x9xf32>, tensor<f32>) -> tensor<2x5x9xf32>
  %c3 = core.clamp %a3 min 0.0 max 6.0 : tensor<2x5x9xf32>
  %d3 = core.div %c3, %six : (tensor<2x5x9xf32>, tensor<f32>) -> tensor<2x5x9xf32>
  %y3 = core.mul %z, %d3 : (tensor<2x5x9xf32>, tensor<2x5x9xf32>) -> tensor<2x5x9xf32>
  %a4 = core.add %y3, %three : (tensor<2x5x9xf32>, tensor<f32>) -> tensor<2x5x9xf32>
  %c4 = core.clamp %a4 min 0.0 max 6.0 : tensor<2x5x9xf32>
  %d4 = core.div %six, %c4 : (tensor<f32>, tensor<2x5x9xf32>) -> tensor<2x5x9xf32>
  %y4 = core.mul %y3, %d4 : (tensor<2x5x9xf32>, tensor<2x5x9xf32>) -> tensor<2x5x9xf32>
  return %y1, %e2, %y4 : tensor<2x5x9xf32>, tensor<2x5x9xf32>, tensor<2x5x9xf32>
}`

// An exported hardswish runs as one pass from its add with the four ops'
// bits: the run equals one under an Observe hook (nothing fused), run
// after run, and only the whole chains are taken.
func TestHardSwishChain(t *testing.T) {
	fn, body := mainOf(t, hswishSrc)
	var chains []bool
	for _, op := range body.Ops() {
		if op.Name() == "core.add" && op.Operand(0).Type() != op.Operand(1).Type() {
			_, ok := hardSwishChain(op)
			chains = append(chains, ok)
		}
	}
	if want := []bool{true, true, false, false, false}; !slices.Equal(chains, want) {
		t.Fatalf("chains %v, want %v", chains, want)
	}
	r := rand.New(rand.NewPCG(3, 4))
	in := func() *tensor.Tensor {
		x := tensor.New(tensor.F32, 2, 5, 9)
		for i := range x.Float32s() {
			x.Float32s()[i] = float32(r.NormFloat64() * 5)
		}
		x.Float32s()[3] = float32(math.NaN())
		x.Float32s()[4] = float32(math.Inf(-1))
		x.Float32s()[7] = float32(math.Copysign(0, -1))
		return x
	}
	requireFusedAsUnfused(t, fn, in(), in())
}
