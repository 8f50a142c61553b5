package decompose

import (
	"io"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// The chains exporters write (ONNX opset < 17 layer norm, the erf GELU)
// and the pieces core-decompose-composites writes fuse back into one op
// with the same values; near misses stay as they are.
func TestFuseComposites(t *testing.T) {
	const header = `func.func @main(%x: tensor<2x3x8xf32>) -> tensor<2x3x8xf32> {
  %two = core.constant dense<2.0> : tensor<f32>
  %eps = core.constant dense<1.0e-05> : tensor<f32>
  %half = core.constant dense<0.5> : tensor<f32>
  %one = core.constant dense<1.0> : tensor<f32>
  %sqrt2 = core.constant dense<1.41421354> : tensor<f32>
  %isqrt2 = core.constant dense<0.707106769> : tensor<f32>
  %w = core.constant dense<[1.0, 2.0, 0.5, 1.5, 1.0, -1.0, 0.25, 3.0]> : tensor<8xf32>
  %b = core.constant dense<[[0.0, 0.1, 0.2, 0.3, -0.4, 0.5, 0.6, 0.7]]> : tensor<1x8xf32>
`
	cases := []struct {
		name, body string
		want       map[string]int // ops counted after the pass
	}{
		{"onnx layer norm", `
  %m = core.reduce_mean %x {axes = array<i64: 2>, keepdims = true} : (tensor<2x3x8xf32>) -> tensor<2x3x1xf32>
  %d = core.sub %x, %m : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
  %p = core.pow %d, %two : (tensor<2x3x8xf32>, tensor<f32>) -> tensor<2x3x8xf32>
  %v = core.reduce_mean %p {axes = array<i64: 2>, keepdims = true} : (tensor<2x3x8xf32>) -> tensor<2x3x1xf32>
  %ve = core.add %v, %eps : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
  %s = core.sqrt %ve : tensor<2x3x1xf32>
  %n = core.div %d, %s : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
  %y = core.mul %n, %w : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
  %r = core.add %b, %y : (tensor<1x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  func.return %r : tensor<2x3x8xf32>
}`, map[string]int{"core.layer_norm": 1, "core.sqrt": 0, "core.reduce_mean": 0, "core.reshape": 1}},
		{"rsqrt layer norm over two axes, no affine", `
  %m = core.reduce_mean %x {axes = array<i64: 1, 2>, keepdims = true} : (tensor<2x3x8xf32>) -> tensor<2x1x1xf32>
  %d = core.sub %x, %m : (tensor<2x3x8xf32>, tensor<2x1x1xf32>) -> tensor<2x3x8xf32>
  %p = core.mul %d, %d : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %v = core.reduce_mean %p {axes = array<i64: 1, 2>, keepdims = true} : (tensor<2x3x8xf32>) -> tensor<2x1x1xf32>
  %ve = core.add %eps, %v : (tensor<f32>, tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  %s = core.rsqrt %ve : tensor<2x1x1xf32>
  %n = core.mul %s, %d : (tensor<2x1x1xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  func.return %n : tensor<2x3x8xf32>
}`, map[string]int{"core.layer_norm": 1, "core.rsqrt": 0}},
		{"centred value read elsewhere", `
  %m = core.reduce_mean %x {axes = array<i64: 2>, keepdims = true} : (tensor<2x3x8xf32>) -> tensor<2x3x1xf32>
  %d = core.sub %x, %m : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
  %p = core.mul %d, %d : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %v = core.reduce_mean %p {axes = array<i64: 2>, keepdims = true} : (tensor<2x3x8xf32>) -> tensor<2x3x1xf32>
  %ve = core.add %v, %eps : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
  %s = core.sqrt %ve : tensor<2x3x1xf32>
  %n = core.div %d, %s : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
  %r = core.add %n, %d : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  func.return %r : tensor<2x3x8xf32>
}`, map[string]int{"core.layer_norm": 0, "core.sqrt": 1}},
		{"onnx erf gelu", `
  %s = core.div %x, %sqrt2 : (tensor<2x3x8xf32>, tensor<f32>) -> tensor<2x3x8xf32>
  %e = core.erf %s : tensor<2x3x8xf32>
  %a = core.add %e, %one : (tensor<2x3x8xf32>, tensor<f32>) -> tensor<2x3x8xf32>
  %m = core.mul %x, %a : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %r = core.mul %m, %half : (tensor<2x3x8xf32>, tensor<f32>) -> tensor<2x3x8xf32>
  func.return %r : tensor<2x3x8xf32>
}`, map[string]int{"core.gelu": 1, "core.erf": 0}},
		{"pieces' erf gelu", `
  %s = core.mul %x, %isqrt2 : (tensor<2x3x8xf32>, tensor<f32>) -> tensor<2x3x8xf32>
  %e = core.erf %s : tensor<2x3x8xf32>
  %a = core.add %one, %e : (tensor<f32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %h = core.mul %x, %half : (tensor<2x3x8xf32>, tensor<f32>) -> tensor<2x3x8xf32>
  %r = core.mul %h, %a : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  func.return %r : tensor<2x3x8xf32>
}`, map[string]int{"core.gelu": 1, "core.erf": 0}},
		{"not gelu: 0.6", `
  %c = core.constant dense<0.6> : tensor<f32>
  %s = core.div %x, %sqrt2 : (tensor<2x3x8xf32>, tensor<f32>) -> tensor<2x3x8xf32>
  %e = core.erf %s : tensor<2x3x8xf32>
  %a = core.add %e, %one : (tensor<2x3x8xf32>, tensor<f32>) -> tensor<2x3x8xf32>
  %m = core.mul %x, %a : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %r = core.mul %m, %c : (tensor<2x3x8xf32>, tensor<f32>) -> tensor<2x3x8xf32>
  func.return %r : tensor<2x3x8xf32>
}`, map[string]int{"core.gelu": 0, "core.erf": 1}},
	}
	rng := rand.New(rand.NewSource(3))
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := parseVerified(t, header+tc.body)
			fn, err := interp.LookupFunc(m, "main")
			require.NoError(t, err)
			x := randomTensor(t, fn.Region(0).Front().Args()[0].Type(), "wide", rng)
			want, err := interp.RunModule(m, "main", []*tensor.Tensor{x})
			require.NoError(t, err)
			pm, err := pass.ParsePipeline("builtin.module(func.func(core-fuse-composites))")
			require.NoError(t, err)
			require.NoError(t, pm.Run(m, &pass.Config{VerifyEach: true, Out: io.Discard}))
			text := asm.String(m, asm.PrintOptions{})
			for op, n := range tc.want {
				assert.Equal(t, n, strings.Count(text, op+" "), "%s in\n%s", op, text)
			}
			got, err := interp.RunModule(m, "main", []*tensor.Tensor{x})
			require.NoError(t, err)
			assert.Empty(t, compareTensors(want[0], got[0]), text)
		})
	}
}
