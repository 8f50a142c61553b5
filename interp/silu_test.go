package interp

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// siluSrc has sigmoids read by x · sigmoid(x) in both operand orders
// (%s0 of an argument, %s1 of a value only it and the product read: in
// place), one read twice (%s2), one whose product is of another value
// (%s3) and one whose operand is read after the product (%s4: not in
// place).
const siluSrc = `func.func @main(%x: tensor<2x3x37xf32>, %z: tensor<2x3x37xf32>) -> (tensor<2x3x37xf32>, tensor<2x3x37xf32>, tensor<2x3x37xf32>) {
  %s0 = core.sigmoid %x : tensor<2x3x37xf32>
  %y0 = core.mul %x, %s0 : (tensor<2x3x37xf32>, tensor<2x3x37xf32>) -> tensor<2x3x37xf32>
  %s1 = core.sigmoid %y0 : tensor<2x3x37xf32>
  %y1 = core.mul %s1, %y0 : (tensor<2x3x37xf32>, tensor<2x3x37xf32>) -> tensor<2x3x37xf32>
  %s2 = core.sigmoid %y1 : tensor<2x3x37xf32>
  %y2 = core.mul %s2, %s2 : (tensor<2x3x37xf32>, tensor<2x3x37xf32>) -> tensor<2x3x37xf32>
  %s3 = core.sigmoid %y2 : tensor<2x3x37xf32>
  %y3 = core.mul %s3, %z : (tensor<2x3x37xf32>, tensor<2x3x37xf32>) -> tensor<2x3x37xf32>
  %s4 = core.sigmoid %y3 : tensor<2x3x37xf32>
  %y4 = core.mul %y3, %s4 : (tensor<2x3x37xf32>, tensor<2x3x37xf32>) -> tensor<2x3x37xf32>
  %y5 = core.add %y3, %y4 : (tensor<2x3x37xf32>, tensor<2x3x37xf32>) -> tensor<2x3x37xf32>
  return %y1, %y2, %y5 : tensor<2x3x37xf32>, tensor<2x3x37xf32>, tensor<2x3x37xf32>
}`

// A sigmoid read only by x · sigmoid(x) computes the product in one pass
// with the two ops' bits: the run equals one under an Observe hook (which
// sees every op's own result, so nothing is fused), run after run.
func TestSigmoidSelfProduct(t *testing.T) {
	fn, body := mainOf(t, siluSrc)
	var fused []bool
	for _, op := range body.Ops() {
		if op.Name() == "core.sigmoid" {
			fused = append(fused, readBySelfProduct(op))
		}
	}
	if want := []bool{true, true, false, false, true}; !slices.Equal(fused, want) {
		t.Fatalf("fused sigmoids %v, want %v", fused, want)
	}
	r := rand.New(rand.NewPCG(1, 2))
	in := func() *tensor.Tensor {
		x := tensor.New(tensor.F32, 2, 3, 37)
		for i := range x.Float32s() {
			x.Float32s()[i] = float32(r.NormFloat64() * 6)
		}
		x.Float32s()[5] = float32(math.NaN())
		x.Float32s()[6] = float32(math.Inf(-1))
		return x
	}
	requireFusedAsUnfused(t, fn, in(), in())
}

// requireFusedAsUnfused runs fn three times with buffer reuse (recycled
// storage poisoned with NaN, so a kernel reading its output before
// writing it shows) and checks every float32 result against a run under
// an Observe hook, where nothing is fused: the same bits (NaNs alike).
func requireFusedAsUnfused(t *testing.T, fn *ir.Operation, args ...*tensor.Tensor) {
	t.Helper()
	want, err := New(Options{Observe: func(*ir.Operation, []*tensor.Tensor) {}}).Run(fn, args)
	if err != nil {
		t.Fatal(err)
	}
	poisonReused = true
	defer func() { poisonReused = false }()
	it := New(Options{})
	for run := range 3 {
		got, err := it.Run(fn, args)
		if err != nil {
			t.Fatal(err)
		}
		for k := range want {
			g, w := got[k].Float32s(), want[k].Float32s()
			for i := range w {
				if math.Float32bits(g[i]) != math.Float32bits(w[i]) && !(g[i] != g[i] && w[i] != w[i]) {
					t.Fatalf("run %d, result %d, element %d: %g, unfused %g", run, k, i, g[i], w[i])
				}
			}
		}
	}
}
