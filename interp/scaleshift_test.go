package interp

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
)

// scaleShiftSrc has exported batch norms x · s + b: %m0 with its shift a
// reshape run after the product (as torch-to-core orders them) and a relu
// after, %m1 with a constant shift and a clamp, %m2 with no clamp, %m3
// whose product is read twice, %m4 whose add has the shift first, and %m5
// whose shift is not one value per channel.
const scaleShiftSrc = `func.func @main(%x: tensor<2x4x6x5xf32>, %s: tensor<4xf32>, %b: tensor<4xf32>, %full: tensor<2x4x6x5xf32>) -> (tensor<2x4x6x5xf32>, tensor<2x4x6x5xf32>, tensor<2x4x6x5xf32>, tensor<2x4x6x5xf32>) {
  %s3 = core.reshape %s : (tensor<4xf32>) -> tensor<4x1x1xf32>
  %m0 = core.mul %x, %s3 : (tensor<2x4x6x5xf32>, tensor<4x1x1xf32>) -> tensor<2x4x6x5xf32>
  %b3 = core.reshape %b : (tensor<4xf32>) -> tensor<4x1x1xf32>
  %a0 = core.add %m0, %b3 : (tensor<2x4x6x5xf32>, tensor<4x1x1xf32>) -> tensor<2x4x6x5xf32>
  %r0 = core.relu %a0 : tensor<2x4x6x5xf32>
  %m1 = core.mul %r0, %s3 : (tensor<2x4x6x5xf32>, tensor<4x1x1xf32>) -> tensor<2x4x6x5xf32>
  %c1 = core.constant dense<[[[0.5]], [[-1.0]], [[0.0]], [[2.0]]]> : tensor<4x1x1xf32>
  %a1 = core.add %m1, %c1 : (tensor<2x4x6x5xf32>, tensor<4x1x1xf32>) -> tensor<2x4x6x5xf32>
  %r1 = core.clamp %a1 min -1.0 max 6.0 : tensor<2x4x6x5xf32>
  %m2 = core.mul %r1, %s3 : (tensor<2x4x6x5xf32>, tensor<4x1x1xf32>) -> tensor<2x4x6x5xf32>
  %a2 = core.add %m2, %b3 : (tensor<2x4x6x5xf32>, tensor<4x1x1xf32>) -> tensor<2x4x6x5xf32>
  %m3 = core.mul %a2, %s3 : (tensor<2x4x6x5xf32>, tensor<4x1x1xf32>) -> tensor<2x4x6x5xf32>
  %a3 = core.add %m3, %b3 : (tensor<2x4x6x5xf32>, tensor<4x1x1xf32>) -> tensor<2x4x6x5xf32>
  %e3 = core.add %a3, %m3 : (tensor<2x4x6x5xf32>, tensor<2x4x6x5xf32>) -> tensor<2x4x6x5xf32>
  %m4 = core.mul %e3, %s3 : (tensor<2x4x6x5xf32>, tensor<4x1x1xf32>) -> tensor<2x4x6x5xf32>
  %a4 = core.add %b3, %m4 : (tensor<4x1x1xf32>, tensor<2x4x6x5xf32>) -> tensor<2x4x6x5xf32>
  %m5 = core.mul %a4, %s3 : (tensor<2x4x6x5xf32>, tensor<4x1x1xf32>) -> tensor<2x4x6x5xf32>
  %a5 = core.add %m5, %full : (tensor<2x4x6x5xf32>, tensor<2x4x6x5xf32>) -> tensor<2x4x6x5xf32>
  %r5 = core.relu %a5 : tensor<2x4x6x5xf32>
  return %r0, %r1, %e3, %r5 : tensor<2x4x6x5xf32>, tensor<2x4x6x5xf32>, tensor<2x4x6x5xf32>, tensor<2x4x6x5xf32>
}`

// A batch norm no convolution absorbs runs as one pass from its product
// with the separate ops' bits (the run equals one under an Observe hook,
// run after run), and only products whose sole reader adds to them are
// taken.
func TestScaleShiftChain(t *testing.T) {
	fn, body := mainOf(t, scaleShiftSrc)
	var matched []bool
	for _, op := range body.Ops() {
		if op.Name() == "core.mul" {
			matched = append(matched, scaleShiftAdd(op) != nil)
		}
	}
	// %m5 matches here; its shift's shape turns it down when run.
	if want := []bool{true, true, true, false, false, true}; !slices.Equal(matched, want) {
		t.Fatalf("matched %v, want %v", matched, want)
	}
	r := rand.New(rand.NewPCG(5, 6))
	in := func(shape ...int64) *tensor.Tensor { return normalF32(r, shape...) }
	x := in(2, 4, 6, 5)
	x.Float32s()[3] = float32(math.NaN())
	x.Float32s()[4] = float32(math.Inf(-1))
	x.Float32s()[7] = float32(math.Copysign(0, -1))
	s := in(4)
	s.Float32s()[2] = 0 // −x · 0 is −0: the relu keeps it
	requireFusedAsUnfused(t, fn, x, s, in(4), in(2, 4, 6, 5))
}

// normalF32 is a float32 tensor of the shape, values normal with
// standard deviation 3.
func normalF32(r *rand.Rand, shape ...int64) *tensor.Tensor {
	x := tensor.New(tensor.F32, shape...)
	for i := range x.Float32s() {
		x.Float32s()[i] = float32(r.NormFloat64() * 3)
	}
	return x
}

// The per-channel test: [C, 1, 1] and [1, C, 1, 1] shapes and a plain
// [C] for a rank-2 tensor are per channel; a scalar, a last-axis vector
// and a wrong channel count are not.
func TestPerChannel(t *testing.T) {
	x := []int64{2, 4, 6, 5}
	v := tensor.New(tensor.F32, 4)
	for _, c := range []struct {
		ts   []int64
		x    []int64
		want bool
	}{
		{[]int64{4, 1, 1}, x, true},
		{[]int64{1, 4, 1, 1}, x, true},
		{[]int64{4}, []int64{3, 4}, true},
		{[]int64{4}, x, false},
		{[]int64{1, 1, 4}, x, false},
		{[]int64{4, 1, 1}, []int64{2, 3, 6, 5}, false},
	} {
		if got := perChannel(v, c.ts, c.x) != nil; got != c.want {
			t.Errorf("perChannel(%v, %v) = %v, want %v", c.ts, c.x, got, c.want)
		}
	}
	if perChannel(tensor.New(tensor.F32), nil, x) != nil {
		t.Error("a scalar is not per channel")
	}
}

// concatNormSrc concatenates features and normalizes the result as
// DenseNet does: %j0's scale and shift computed from constants after the
// concatenation (as torch-to-core orders a batch norm's folding), then a
// relu; %j1 with a constant scale and shift and a clamp; %j2 also returned
// (read twice: not taken); %j3 of two images (channel blocks not
// contiguous: not taken).
const concatNormSrc = `func.func @main(%a: tensor<1x3x5x4xf32>, %b: tensor<1x2x5x4xf32>, %c: tensor<1x4x5x4xf32>, %d: tensor<2x3x5x4xf32>, %e: tensor<2x2x5x4xf32>) -> (tensor<1x9x5x4xf32>, tensor<1x5x5x4xf32>, tensor<1x6x5x4xf32>, tensor<1x6x5x4xf32>, tensor<2x5x5x4xf32>) {
  %j0 = core.concat %a, %b, %c {axis = 1 : i64} : (tensor<1x3x5x4xf32>, tensor<1x2x5x4xf32>, tensor<1x4x5x4xf32>) -> tensor<1x9x5x4xf32>
  %v0 = core.constant dense<[0.5, 1.0, 2.0, 0.25, 4.0, 1.5, 0.75, 3.0, 0.1]> : tensor<9xf32>
  %e0 = core.constant dense<1.0E-5> : tensor<f32>
  %p0 = core.add %v0, %e0 : (tensor<9xf32>, tensor<f32>) -> tensor<9xf32>
  %q0 = core.rsqrt %p0 : tensor<9xf32>
  %s0 = core.reshape %q0 : (tensor<9xf32>) -> tensor<9x1x1xf32>
  %m0 = core.mul %j0, %s0 : (tensor<1x9x5x4xf32>, tensor<9x1x1xf32>) -> tensor<1x9x5x4xf32>
  %t0 = core.neg %q0 : tensor<9xf32>
  %h0 = core.reshape %t0 : (tensor<9xf32>) -> tensor<9x1x1xf32>
  %a0 = core.add %m0, %h0 : (tensor<1x9x5x4xf32>, tensor<9x1x1xf32>) -> tensor<1x9x5x4xf32>
  %r0 = core.relu %a0 : tensor<1x9x5x4xf32>
  %j1 = core.concat %a, %b {axis = 1 : i64} : (tensor<1x3x5x4xf32>, tensor<1x2x5x4xf32>) -> tensor<1x5x5x4xf32>
  %s1 = core.constant dense<[[[2.0]], [[-1.0]], [[0.0]], [[0.5]], [[3.0]]]> : tensor<5x1x1xf32>
  %m1 = core.mul %j1, %s1 : (tensor<1x5x5x4xf32>, tensor<5x1x1xf32>) -> tensor<1x5x5x4xf32>
  %c1 = core.constant dense<[[[0.5]], [[-1.0]], [[0.0]], [[2.0]], [[1.0]]]> : tensor<5x1x1xf32>
  %a1 = core.add %m1, %c1 : (tensor<1x5x5x4xf32>, tensor<5x1x1xf32>) -> tensor<1x5x5x4xf32>
  %r1 = core.clamp %a1 min -1.0 max 6.0 : tensor<1x5x5x4xf32>
  %j2 = core.concat %b, %c {axis = 1 : i64} : (tensor<1x2x5x4xf32>, tensor<1x4x5x4xf32>) -> tensor<1x6x5x4xf32>
  %s2 = core.constant dense<[[[2.0]], [[-1.0]], [[0.0]], [[0.5]], [[3.0]], [[1.0]]]> : tensor<6x1x1xf32>
  %m2 = core.mul %j2, %s2 : (tensor<1x6x5x4xf32>, tensor<6x1x1xf32>) -> tensor<1x6x5x4xf32>
  %c2 = core.constant dense<[[[0.5]], [[-1.0]], [[0.0]], [[2.0]], [[1.0]], [[0.0]]]> : tensor<6x1x1xf32>
  %a2 = core.add %m2, %c2 : (tensor<1x6x5x4xf32>, tensor<6x1x1xf32>) -> tensor<1x6x5x4xf32>
  %j3 = core.concat %d, %e {axis = 1 : i64} : (tensor<2x3x5x4xf32>, tensor<2x2x5x4xf32>) -> tensor<2x5x5x4xf32>
  %m3 = core.mul %j3, %s1 : (tensor<2x5x5x4xf32>, tensor<5x1x1xf32>) -> tensor<2x5x5x4xf32>
  %a3 = core.add %m3, %c1 : (tensor<2x5x5x4xf32>, tensor<5x1x1xf32>) -> tensor<2x5x5x4xf32>
  return %r0, %r1, %a2, %j2, %a3 : tensor<1x9x5x4xf32>, tensor<1x5x5x4xf32>, tensor<1x6x5x4xf32>, tensor<1x6x5x4xf32>, tensor<2x5x5x4xf32>
}`

// A batch norm of a concatenation runs as one pass from the inputs with
// the separate ops' bits, run after run (the first run caches the folded
// scale and shift the later ones read ahead), NaN, −0 and infinities
// included; a concatenation read twice is left whole.
func TestConcatScaleShift(t *testing.T) {
	fn, body := mainOf(t, concatNormSrc)
	var takes []bool
	for _, op := range body.Ops() {
		if op.Name() == "core.concat" {
			mul := soleReader(op)
			takes = append(takes, mul != nil && mul.Name() == "core.mul" && scaleShiftAdd(mul) != nil)
		}
	}
	// %j3 matches here; its two images turn it down when run.
	if want := []bool{true, true, false, true}; !slices.Equal(takes, want) {
		t.Fatalf("matched %v, want %v", takes, want)
	}
	r := rand.New(rand.NewPCG(24, 6))
	in := func(shape ...int64) *tensor.Tensor { return normalF32(r, shape...) }
	a := in(1, 3, 5, 4)
	a.Float32s()[2] = float32(math.NaN())
	a.Float32s()[5] = float32(math.Inf(1))
	a.Float32s()[9] = float32(math.Copysign(0, -1))
	requireFusedAsUnfused(t, fn, a, in(1, 2, 5, 4), in(1, 4, 5, 4), in(2, 3, 5, 4), in(2, 2, 5, 4))
}
