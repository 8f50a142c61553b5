package interp

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
	"github.com/stretchr/testify/require"
)

// quant.qcast and quant.dcast run through the interpreter (fast paths for
// f32 with 8/16-bit storage, per tensor and per axis) store and return
// what quantizeGeneric and dequantizeGeneric (element by element) give.
func TestQCastFastPathsMatchGeneric(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	types := []string{
		"!quant.uniform<i8:f32, 0.05:3>",
		"!quant.uniform<u8:f32, 0.02:128>",
		"!quant.uniform<i8<-127:127>:f32, 0.1>",
		"!quant.uniform<i16:f32, 0.001:-7>",
		"!quant.uniform<u16:f32, 0.0004:32768>",
		"!quant.uniform<u16<100:60000>:f32, 0.0004:30000>",
		"!quant.uniform<i8:f32:1, {0.05:3, 0.1:-4, 0.02}>",
		"!quant.uniform<u16:f32:1, {0.001:5, 0.002:60000, 0.0005:32768}>",
		"!quant.uniform<i16:f32:0, {0.01, 0.002:-100}>",
		"!quant.uniform<i8:f32:2, {0.1, 0.2, 0.3, 0.4}>", // blocks of 1: generic path
	}
	for _, qt := range types {
		t.Run(qt, func(t *testing.T) {
			shape := []int64{2, 3, 20}
			if qt == types[len(types)-1] {
				shape = []int64{2, 3, 4}
			}
			st := fmt.Sprintf("tensor<%dx%dx%dx", shape[0], shape[1], shape[2])
			src := fmt.Sprintf(`func.func @main(%%x: %sf32>) -> %sf32> {
  %%q = quant.qcast %%x : %sf32> to %s%s>
  %%d = quant.dcast %%q : %s%s> to %sf32>
  return %%d : %sf32>
}`, st, st, st, st, qt, st, qt, st, st)
			fn, err := LookupFunc(parseModule(t, src), "main")
			require.NoError(t, err)
			n := int(shape[0] * shape[1] * shape[2])
			xs := make([]float32, n)
			for i := range xs {
				switch rng.Intn(12) {
				case 0:
					xs[i] = float32(math.NaN())
				case 1:
					xs[i] = float32(math.Inf(1 - 2*rng.Intn(2)))
				default:
					xs[i] = float32(rng.NormFloat64() * 40)
				}
			}
			x := tensor.MustFromSlice(tensor.F32, shape, xs)
			var stored *tensor.Tensor
			it := New(Options{Observe: func(op *ir.Operation, res []*tensor.Tensor) {
				if op.Name() == "quant.qcast" {
					stored = res[0].Clone()
				}
			}})
			out, err := it.Run(fn, []*tensor.Tensor{x})
			require.NoError(t, err)
			q := quant.ElementType(fn.Regions()[0].Blocks()[0].Ops()[0].Result(0).Type())
			wantQ, err := quantizeGeneric(x, q)
			require.NoError(t, err)
			require.Equal(t, wantQ.DType(), stored.DType())
			require.Equal(t, wantQ.IntValues(), stored.IntValues())
			wantD, err := dequantizeGeneric(wantQ, q, tensor.F32)
			require.NoError(t, err)
			for i, v := range wantD.Float32s() {
				require.Equal(t, math.Float32bits(v), math.Float32bits(out[0].Float32s()[i]), "element %d", i)
			}
			// Reused buffers (a second run) give the same.
			out2, err := New(Options{}).Run(fn, []*tensor.Tensor{x})
			require.NoError(t, err)
			require.Equal(t, out[0].Float32s(), out2[0].Float32s())
		})
	}
}
