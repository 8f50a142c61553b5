package interp

import (
	"math"
	"math/rand"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
)

func TestQuantQCastTiesAndSaturation(t *testing.T) {
	runCases(t, []opCase{
		// x / 1.0 lands on .5: round half to even.
		{"ties_even", "quant.qcast %a0 : tensor<8xf32> to tensor<8x!quant.uniform<i8:f32, 1.0>>",
			ins(f32(sh(8), 0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, -3.5)), i8(sh(8), 0, 2, 2, 4, 0, -2, -2, -4), 0},
		// 0.35f / 0.1f is 3.5 in float32 (3.4999999 in float64): ONNX
		// QuantizeLinear divides in float32 and rounds the tie to 4.
		{"float32_division", "quant.qcast %a0 : tensor<1xf32> to tensor<1x!quant.uniform<i8:f32, 0.1>>",
			ins(f32(sh(1), 0.35)), i8(sh(1), 4), 0},
		{"zero_point", "quant.qcast %a0 : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32, 0.5:-3>>",
			ins(f32(sh(3), 0, 1, -1.25)), i8(sh(3), -3, -1, -5), 0},
		{"saturation_i8", "quant.qcast %a0 : tensor<5xf32> to tensor<5x!quant.uniform<i8:f32, 0.5>>",
			ins(f32(sh(5), 1000, -1000, inf, ninf, nan)), i8(sh(5), 127, -128, 127, -128, 0), 0},
		{"saturation_u8_zp", "quant.qcast %a0 : tensor<4xf32> to tensor<4x!quant.uniform<u8:f32, 1.0:128>>",
			ins(f32(sh(4), -1000, 1000, -3, nan)), u8(sh(4), 0, 255, 125, 128), 0},
		{"narrow_range", "quant.qcast %a0 : tensor<2xf32> to tensor<2x!quant.uniform<i8<-127:127>:f32, 1.0>>",
			ins(f32(sh(2), -1000, 1000)), i8(sh(2), -127, 127), 0},
		{"i4", "quant.qcast %a0 : tensor<3xf32> to tensor<3x!quant.uniform<i4:f32, 1.0>>",
			ins(f32(sh(3), -100, 3, 100)), tensor.MustValues(tensor.I4, sh(3), -8, 3, 7), 0},
		{"u16", "quant.qcast %a0 : tensor<2xf32> to tensor<2x!quant.uniform<u16:f32, 0.001:32768>>",
			ins(f32(sh(2), 1, -1)), tensor.MustValues(tensor.U16, sh(2), 33768, 31768), 0},
		{"i32", "quant.qcast %a0 : tensor<2xf32> to tensor<2x!quant.uniform<i32:f32, 0.5>>",
			ins(f32(sh(2), 1e10, -3)), i32(sh(2), math.MaxInt32, -6), 0},
		{"scalar", "quant.qcast %a0 : tensor<f32> to tensor<!quant.uniform<u8:f32, 0.5:128>>",
			ins(f32(sh(), -2)), u8(sh(), 124), 0},
		{"f16_expressed", "quant.qcast %a0 : tensor<2xf16> to tensor<2x!quant.uniform<i8:f16, 0.5>>",
			ins(tensor.MustValues(tensor.F16, sh(2), 1.25, -0.75)), i8(sh(2), 2, -2), 0},
		{"f64_expressed", "quant.qcast %a0 : tensor<1xf64> to tensor<1x!quant.uniform<i8:f64, 0.1>>",
			ins(tensor.MustValues(tensor.F64, sh(1), 0.35)), i8(sh(1), 3), 0},
	})
}

func TestQuantPerAxis(t *testing.T) {
	x := f32(sh(2, 3), 1, 2, -1, 1, 2, -1)
	runCases(t, []opCase{
		// axis 0: row 0 scale 0.5 zp 1, row 1 scale 2.0 zp -1 (0.5 → tie → 0).
		{"qcast_axis0", "quant.qcast %a0 : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i8:f32:0, {0.5:1, 2.0:-1}>>",
			ins(x), i8(sh(2, 3), 3, 5, -1, -1, 0, -1), 0},
		// axis 1: columns scaled by 1, 0.5, 0.25.
		{"qcast_axis1", "quant.qcast %a0 : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 0.5, 0.25}>>",
			ins(x), i8(sh(2, 3), 1, 4, -4, 1, 4, -4), 0},
		{"dcast_axis1", "quant.dcast %a0 : tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 0.5:2, 0.25}>> to tensor<2x3xf32>",
			ins(i8(sh(2, 3), 1, 4, -4, -128, 2, 127)), f32(sh(2, 3), 1, 1, -1, -128, 0, 31.75), 0},
	})
}

func TestQuantDCastRequantSCast(t *testing.T) {
	runCases(t, []opCase{
		{"dcast", "quant.dcast %a0 : tensor<4x!quant.uniform<i8:f32, 0.25:-2>> to tensor<4xf32>",
			ins(i8(sh(4), -128, -2, 0, 127)), f32(sh(4), -31.5, 0, 0.5, 32.25), 0},
		{"dcast_u8", "quant.dcast %a0 : tensor<2x!quant.uniform<u8:f32, 0.5:128>> to tensor<2xf32>",
			ins(u8(sh(2), 0, 255)), f32(sh(2), -64, 63.5), 0},
		{"dcast_f16", "quant.dcast %a0 : tensor<1x!quant.uniform<i8:f16, 0.1>> to tensor<1xf16>",
			ins(i8(sh(1), 3)), tensor.MustValues(tensor.F16, sh(1), float64(float32(3)*float32(0.1))), 0},
		// real 1.23 (i32 accumulator, scale 0.01) → 24.6 → 25, + zp 3.
		{"requant_i32_to_i8", "quant.requant %a0 : tensor<3x!quant.uniform<i32:f32, 0.01>> to tensor<3x!quant.uniform<i8:f32, 0.05:3>>",
			ins(i32(sh(3), 123, 100000, -100000)), i8(sh(3), 28, 127, -128), 0},
		{"requant_per_axis", "quant.requant %a0 : tensor<2x1x!quant.uniform<i8:f32:0, {1.0, 2.0}>> to tensor<2x1x!quant.uniform<u8:f32, 0.5:10>>",
			ins(i8(sh(2, 1), 3, 3)), u8(sh(2, 1), 16, 22), 0},
		{"scast_to_signless", "quant.scast %a0 : tensor<3x!quant.uniform<u8:f32, 0.5:128>> to tensor<3xi8>",
			ins(u8(sh(3), 0, 127, 200)), i8(sh(3), 0, 127, -56), 0},
		{"scast_from_signless", "quant.scast %a0 : tensor<3xi8> to tensor<3x!quant.uniform<u8:f32, 0.5:128>>",
			ins(i8(sh(3), 0, 127, -56)), u8(sh(3), 0, 127, 200), 0},
		{"scast_signed", "quant.scast %a0 : tensor<2x!quant.uniform<i8:f32, 0.5>> to tensor<2xi8>",
			ins(i8(sh(2), -5, 5)), i8(sh(2), -5, 5), 0},
	})
}

// TestQuantMatchesONNXKernels cross-checks qcast/dcast against the tensor
// package's ONNX QuantizeLinear/DequantizeLinear on random data that
// includes exact ties, saturating values, NaN and infinities.
func TestQuantMatchesONNXKernels(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	const n = 4096
	vals := make([]float32, n)
	scales := []float32{0.0235, 0.1, 1.0 / 3, 0.5}
	for i := range vals {
		switch i % 8 {
		case 0: // exact tie of the first scale
			vals[i] = (float32(rng.Intn(300)-150) + 0.5) * scales[0]
		case 1:
			vals[i] = float32(rng.NormFloat64() * 100)
		case 2:
			vals[i] = []float32{float32(math.Inf(1)), float32(math.Inf(-1)), 1e30, -1e30}[rng.Intn(4)]
		default:
			vals[i] = float32(rng.NormFloat64() * 2)
		}
	}
	x := tensor.MustFromSlice(tensor.F32, sh(n/4, 4), vals)
	src := `func.func @main(%x: tensor<1024x4xf32>) -> (tensor<1024x4x!quant.uniform<i8:f32, 0.0235:-3>>, tensor<1024x4x!quant.uniform<u8:f32:1, {0.0235:7, 0.1:128, 0.33333333333333331:0, 0.5:255}>>, tensor<1024x4xf32>) {
  %q = quant.qcast %x : tensor<1024x4xf32> to tensor<1024x4x!quant.uniform<i8:f32, 0.0235:-3>>
  %p = quant.qcast %x : tensor<1024x4xf32> to tensor<1024x4x!quant.uniform<u8:f32:1, {0.0235:7, 0.1:128, 0.33333333333333331:0, 0.5:255}>>
  %d = quant.dcast %p : tensor<1024x4x!quant.uniform<u8:f32:1, {0.0235:7, 0.1:128, 0.33333333333333331:0, 0.5:255}>> to tensor<1024x4xf32>
  return %q, %p, %d : tensor<1024x4x!quant.uniform<i8:f32, 0.0235:-3>>, tensor<1024x4x!quant.uniform<u8:f32:1, {0.0235:7, 0.1:128, 0.33333333333333331:0, 0.5:255}>>, tensor<1024x4xf32>
}`
	out, err := runSrc(t, src, x)
	if err != nil {
		t.Fatal(err)
	}
	// Per tensor: ONNX QuantizeLinear with scale 0.0235, zero point -3.
	want, err := tensor.QuantizeLinear(x, f32(sh(), 0.0235), i8(sh(), -3), 0, 0, tensor.Invalid)
	if err != nil {
		t.Fatal(err)
	}
	// NaN is the one deliberate difference (ONNX leaves it undefined; the
	// quant dialect gives the zero point), and there are none here.
	expectEqual(t, "per-tensor qcast vs QuantizeLinear", out[0], want)
	sc := tensor.MustFromSlice(tensor.F32, sh(4), append([]float32{}, scales...))
	zp := u8(sh(4), 7, 128, 0, 255)
	want, err = tensor.QuantizeLinear(x, sc, zp, 1, 0, tensor.Invalid)
	if err != nil {
		t.Fatal(err)
	}
	expectEqual(t, "per-axis qcast vs QuantizeLinear", out[1], want)
	want, err = tensor.DequantizeLinear(out[1], sc, zp, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	expectEqual(t, "per-axis dcast vs DequantizeLinear", out[2], want)
}

func TestQuantFlowsThroughDataMovement(t *testing.T) {
	// Stored integers move through core's data-movement ops; core.pad
	// fills with the zero point (per channel for per-axis types).
	src := `func.func @main(%x: tensor<2x2xf32>) -> (tensor<2x4xf32>, tensor<2x3xf32>) {
  %q = quant.qcast %x : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.5:3>>
  %t = core.transpose %q {perm = array<i64: 1, 0>} : (tensor<2x2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:3>>
  %p = core.pad %t {low = array<i64: 0, 1>, high = array<i64: 0, 1>} : (tensor<2x2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>
  %d = quant.dcast %p : tensor<2x4x!quant.uniform<i8:f32, 0.5:3>> to tensor<2x4xf32>
  %a = quant.qcast %x : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32:0, {1.0:-5, 0.5:7}>>
  %b = core.pad %a {low = array<i64: 0, 0>, high = array<i64: 0, 1>} : (tensor<2x2x!quant.uniform<i8:f32:0, {1.0:-5, 0.5:7}>>) -> tensor<2x3x!quant.uniform<i8:f32:0, {1.0:-5, 0.5:7}>>
  %e = quant.dcast %b : tensor<2x3x!quant.uniform<i8:f32:0, {1.0:-5, 0.5:7}>> to tensor<2x3xf32>
  return %d, %e : tensor<2x4xf32>, tensor<2x3xf32>
}`
	out, err := runSrc(t, src, f32(sh(2, 2), 1, 2, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	expectEqual(t, "transpose+pad", out[0], f32(sh(2, 4), 0, 1, 3, 0, 0, 2, 4, 0))
	expectEqual(t, "per-axis pad", out[1], f32(sh(2, 3), 1, 2, 0, 3, 4, 0))
}
