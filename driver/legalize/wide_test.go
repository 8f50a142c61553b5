package legalize

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/driver/calibrate"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// patchEmbed is a ViT-style 16×16 stride-16 patch convolution (K = 768)
// of bright images by positive weights, then the tokens' self-similarity
// (attention's q·kᵀ): in 16 bits the integer sums of both pass 2^31.
func patchEmbed(r *rand.Rand) string {
	w := make([]string, 8*3*16*16)
	for i := range w {
		w[i] = fmt.Sprintf("%.4f", 0.5+r.Float64()/2)
	}
	return `func.func @main(%x: tensor<1x3x32x32xf32>) -> tensor<1x4x4xf32> {
  %wf = core.constant dense<[` + strings.Join(w, ", ") + `]> : tensor<6144xf32>
  %w = core.reshape %wf : (tensor<6144xf32>) -> tensor<8x3x16x16xf32>
  %c = core.conv2d %x, %w {strides = array<i64: 16, 16>} : (tensor<1x3x32x32xf32>, tensor<8x3x16x16xf32>) -> tensor<1x8x2x2xf32>
  %f = core.reshape %c : (tensor<1x8x2x2xf32>) -> tensor<1x8x4xf32>
  %t = core.transpose %f {perm = array<i64: 0, 2, 1>} : (tensor<1x8x4xf32>) -> tensor<1x4x8xf32>
  %s = core.matmul %t, %f : (tensor<1x4x8xf32>, tensor<1x8x4xf32>) -> tensor<1x4x4xf32>
  return %s : tensor<1x4x4xf32>
}
`
}

func brightImages(r *rand.Rand, n int) [][]*tensor.Tensor {
	out := make([][]*tensor.Tensor, n)
	for i := range out {
		v := make([]float32, 3*32*32)
		for j := range v {
			v[j] = 0.8 + 0.2*float32(r.Float64())
		}
		x, _ := tensor.FromSlice(tensor.F32, []int64{1, 3, 32, 32}, v)
		out[i] = []*tensor.Tensor{x}
	}
	return out
}

// quantizedWith calibrates src on samples and runs pipeline (quantize, or
// quantize then quant-fuse) on it.
func quantizedWith(t *testing.T, src, pipeline string, samples [][]*tensor.Tensor) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	m, err := asm.ParseFile(ctx, "model.mlir", []byte(src))
	require.NoError(t, err)
	ds := &calibrate.Dataset{}
	for _, s := range samples {
		ds.Samples = append(ds.Samples, calibrate.Sample{Inputs: s})
	}
	_, err = calibrate.Calibrate(m, ds, calibrate.Options{})
	require.NoError(t, err)
	pm, err := pass.ParsePipeline("builtin.module(func.func(" + pipeline + "))")
	require.NoError(t, err)
	require.NoError(t, pm.Run(m, nil))
	return m
}

func runMain(t *testing.T, m *ir.Operation, in []*tensor.Tensor) []float64 {
	t.Helper()
	f, err := interp.LookupFunc(m, "main")
	require.NoError(t, err)
	out, err := interp.New(interp.Options{}).Run(f, in)
	require.NoError(t, err)
	require.Len(t, out, 1)
	return out[0].Values()
}

// sqnr is 10·log10(Σ ref² / Σ (ref − got)²) in dB.
func sqnr(ref, got []float64) float64 {
	var s, e float64
	for i := range ref {
		s += ref[i] * ref[i]
		e += (ref[i] - got[i]) * (ref[i] - got[i])
	}
	if e == 0 {
		return math.Inf(1)
	}
	return 10 * math.Log10(s/e)
}

// A 16-bit patch convolution and activation product legalised to qnn
// keep the QDQ form's output: their integer sums are exact, not wrapped.
func TestSixteenBitSumsSurviveLegalisation(t *testing.T) {
	tg, err := target.Load("qnn-htp-v73")
	require.NoError(t, err)
	r := rand.New(rand.NewSource(4))
	src := patchEmbed(r)
	calib := brightImages(r, 4)
	quant := "quantize{target=qnn-htp-v73 precision=i16}"
	qdq := quantizedWith(t, src, quant, calib)
	fused := quantizedWith(t, src, quant+",quant-fuse", calib)
	legal, _, err := Legalized(fused, "main", tg)
	require.NoError(t, err)
	text := asm.String(legal, asm.PrintOptions{})
	require.Contains(t, text, "qnn.Conv2d")
	require.Contains(t, text, "qnn.MatMul")
	require.Contains(t, text, "xufixed16, scale")
	for k, in := range brightImages(r, 3) {
		want := runMain(t, qdq, in)
		got := runMain(t, legal, in)
		t.Logf("sample %d: %.1f dB", k, sqnr(want, got))
		require.Greater(t, sqnr(want, got), 40.0, "sample %d: legalised output against the QDQ form", k)
	}
}
