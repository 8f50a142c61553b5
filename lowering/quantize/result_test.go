package quantize

import (
	"strings"
	"testing"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm/asmtest"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/stretchr/testify/require"
)

// A matmul at i8 whose result precision is wider: its operands keep the
// 8-bit rule, its result takes the wider one (QNN: u16), or stays float
// (TensorRT: f16 through a cast pair); Check accepts both, and a reader
// at the wider precision takes the result as it is.
const resultSrc = `func.func @f(%x: tensor<2x4xf32> {mlc.calib = array<f64: -1.0, 3.0>}) -> tensor<2x2xf32> {
  %w = core.constant dense<[[0.5, -1.0], [0.25, 2.0], [1.0, 0.0], [-0.5, 0.75]]> : tensor<4x2xf32>
  %m = core.matmul %x, %w {mlc.precision = "i8", mlc.result_precision = "RESULT", mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
  %a = core.add %m, %m {mlc.calib = [array<f64: -8.0, 12.0>]} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %a : tensor<2x2xf32>
}`

func TestResultPrecision(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	for _, c := range []struct {
		target, result, addPrec string
		wantIn, wantOut         string // storage of the matmul's lhs and result ("-": float)
	}{
		{"qnn-htp-v73", "i16", "i16", "u8", "u16"},
		{"trt-orin", "f16", "", "i8", "-"},
	} {
		tg, err := target.Load(c.target)
		require.NoError(t, err)
		src := strings.Replace(resultSrc, "RESULT", c.result, 1)
		if c.addPrec != "" {
			src = strings.Replace(src, "core.add %m, %m {", `core.add %m, %m {mlc.precision = "`+c.addPrec+`", `, 1)
		}
		m := asmtest.Parse(t, ctx, "f.mlir", src)
		fn := firstFunc(m)
		_, err = Run(fn, Config{Target: tg})
		require.NoError(t, err, c.target)
		require.NoError(t, ir.Verify(m), c.target)
		require.NoError(t, Check(fn, tg), "%s\n%s", c.target, printed(m))
		ds := Decisions(fn)
		require.Equal(t, "core.matmul", ds[0].Op.Name())
		require.Equal(t, "i8", ds[0].Precision, "the MACs stay 8-bit")
		storage := func(e Encoding) string {
			if e.Type == nil {
				return "-"
			}
			return StorageName(e.Type)
		}
		require.Equal(t, c.wantIn, storage(ds[0].Operands[0]), c.target)
		require.Equal(t, c.wantOut, storage(ds[0].Results[0]), c.target)
		text := printed(m)
		if c.wantOut == "-" {
			require.Contains(t, text, "xf16>", "%s: the float result is rounded to f16", c.target)
		} else {
			// The i16 add reads the matmul's u16 result as it is: qcasts of
			// the input, the matmul and the add, none between them.
			require.Equal(t, 3, strings.Count(text, "quant.qcast"), "%s\n%s", c.target, text)
		}
	}
}

// A result precision the class does not take, not wider than the op's,
// or on an op kept in its input's encoding is an error naming what the
// target takes.
func TestResultPrecisionErrors(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	for _, c := range []struct{ target, result, want string }{
		{"trt-orin", "i16", "does not take a i16 result over i8 operands for op class 'matmul' (it takes: f16, f32)"},
		{"qnn-htp-v73", "i8", "does not take a i8 result"},
		{"qnn-htp-v73", "f32", "(it takes: i16, f16)"},
	} {
		tg, err := target.Load(c.target)
		require.NoError(t, err)
		fn := firstFunc(asmtest.Parse(t, ctx, "f.mlir", strings.Replace(resultSrc, "RESULT", c.result, 1)))
		_, err = Run(fn, Config{Target: tg})
		require.ErrorContains(t, err, c.want)
	}
	const kept = `func.func @f(%x: tensor<2x4xf32> {mlc.calib = array<f64: -1.0, 3.0>}) -> tensor<4x2xf32> {
  %w = core.constant dense<1.0> : tensor<4x4xf32>
  %m = core.matmul %x, %w {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %r = core.reshape %m {mlc.result_precision = "i16", mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}`
	tg, err := target.Load("qnn-htp-v73")
	require.NoError(t, err)
	_, err = Run(firstFunc(asmtest.Parse(t, ctx, "f.mlir", kept)), Config{Target: tg})
	require.ErrorContains(t, err, "needs an integer mlc.precision on an op not kept in its input's encoding")
}

// WiderResults lists what the target files allow, cheapest first, and
// nothing for float precisions or kept ops.
func TestWiderResults(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	fn := firstFunc(asmtest.Parse(t, ctx, "f.mlir", strings.Replace(resultSrc, `, mlc.result_precision = "RESULT"`, "", 1)))
	var mm *ir.Operation
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "core.matmul" {
			mm = o
		}
		return ir.Advance
	})
	for _, c := range []struct {
		target, prec string
		want         []string
	}{
		{"qnn-htp-v73", "i8", []string{"i16", "f16"}},
		{"trt-orin", "i8", []string{"f16", "f32"}},
		{"trt-orin", "f16", nil},
	} {
		tg, err := target.Load(c.target)
		require.NoError(t, err)
		require.Equal(t, c.want, WiderResults(tg, mm, c.prec), c.target+" "+c.prec)
	}
}
