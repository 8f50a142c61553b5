package legalize

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	qnnlegal "github.com/mlc-go/mlc/lowering/legalize/qnn"
	"github.com/mlc-go/mlc/lowering/target"
)

// chain is n residual units (weights, a quantized 1x1 NCHW convolution
// and an add: 4 ops each): legalisation cost should grow linearly with n.
func chain(n int) string {
	var b strings.Builder
	const q = "!quant.uniform<u8:f32, 0.05:128>"
	t := "tensor<1x4x2x2x" + q + ">"
	fmt.Fprintf(&b, "func.func @main(%%x: %s) -> %s {\n", t, t)
	prev := "%x"
	for i := 0; i < n; i++ {
		// Each layer has its own weights, as in a real model.
		fmt.Fprintf(&b, "  %%ws%d = core.constant dense<%d> : tensor<4x4x1x1xi8>\n", i, i%100)
		fmt.Fprintf(&b, "  %%w%d = quant.scast %%ws%d : tensor<4x4x1x1xi8> to tensor<4x4x1x1x!quant.uniform<i8:f32, 0.01>>\n", i, i)
		fmt.Fprintf(&b, "  %%c%d = core.conv2d %s, %%w%d : (%s, tensor<4x4x1x1x!quant.uniform<i8:f32, 0.01>>) -> %s\n", i, prev, i, t, t)
		fmt.Fprintf(&b, "  %%a%d = core.add %%c%d, %s : (%s, %s) -> %s\n", i, i, prev, t, t, t)
		prev = fmt.Sprintf("%%a%d", i)
	}
	fmt.Fprintf(&b, "  return %s : %s\n}\n", prev, t)
	return b.String()
}

// BenchmarkLegalizeChain: ns/op divided by the op count stays flat from
// 2.5k to 100k ops when legalisation is linear.
func BenchmarkLegalizeChain(b *testing.B) {
	tg, err := target.Load("qnn-htp-v73")
	require.NoError(b, err)
	for _, n := range []int{625, 6250, 25000} {
		b.Run(fmt.Sprintf("ops=%d", 4*n+1), func(b *testing.B) {
			ctx := ir.NewContext()
			all.Register(ctx)
			m, err := asm.ParseFile(ctx, "chain.mlir", []byte(chain(n)))
			require.NoError(b, err)
			for b.Loop() {
				b.StopTimer()
				clone := ctx.Clone(m, nil)
				fn, err := interp.LookupFunc(clone, "main")
				require.NoError(b, err)
				b.StartTimer()
				_, err = qnnlegal.Legalize(fn, tg)
				require.NoError(b, err)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(4*n+1), "ns/op-legalised")
		})
	}
}
