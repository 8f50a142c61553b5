package interp

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
)

// A float32 matmul whose weight is transpose(dcast(int8 per output
// channel)) — a QDQ classifier — runs on the int8 weight (it.q8 holds
// it) and gives the bits of the float32 product on the dequantized
// weight; per-tensor and untransposed weights too, and a weight with a
// zero point is left to the float32 path.
func TestMatMulQ8WeightsMatchFloat(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	for _, c := range []struct {
		k, n             int
		trans, perTensor bool
		zero             int
		wantQ8           bool
	}{
		{37, 23, true, false, 0, true},
		{256, 40, true, false, 0, true},
		{300, 17, false, false, 0, true},
		{64, 33, true, true, 0, true},
		{64, 33, true, false, 3, false},
	} {
		t.Run(fmt.Sprintf("k=%d/n=%d/trans=%v/perTensor=%v/zero=%d", c.k, c.n, c.trans, c.perTensor, c.zero), func(t *testing.T) {
			k, n := c.k, c.n
			rows, cols, axis := k, n, 1 // the stored weight's shape
			if c.trans {
				rows, cols, axis = n, k, 0
			}
			q := make([]int8, rows*cols)
			for i := range q {
				q[i] = int8(rng.Intn(255) - 127)
			}
			scales := make([]float64, n)
			for j := range scales {
				scales[j] = 1e-3 * (1 + rng.Float64())
			}
			var qt string
			if c.perTensor {
				qt = fmt.Sprintf("!quant.uniform<i8:f32, %v:%d>", scales[0], c.zero)
			} else {
				parts := make([]string, n)
				for j, s := range scales {
					if c.zero != 0 {
						parts[j] = fmt.Sprintf("%v:%d", s, c.zero)
					} else {
						parts[j] = fmt.Sprint(s)
					}
				}
				qt = fmt.Sprintf("!quant.uniform<i8:f32:%d, {%s}>", axis, strings.Join(parts, ", "))
			}
			vals := make([]string, len(q))
			for i, v := range q {
				vals[i] = fmt.Sprint(v)
			}
			var b strings.Builder
			fmt.Fprintf(&b, "func.func @main(%%a: tensor<1x%dxf32>) -> tensor<1x%dxf32> {\n", k, n)
			fmt.Fprintf(&b, "  %%flat = core.constant dense<[%s]> : tensor<%dxi8>\n", strings.Join(vals, ", "), rows*cols)
			fmt.Fprintf(&b, "  %%ws = core.reshape %%flat : (tensor<%dxi8>) -> tensor<%dx%dxi8>\n", rows*cols, rows, cols)
			fmt.Fprintf(&b, "  %%w = quant.scast %%ws : tensor<%dx%dxi8> to tensor<%dx%dx%s>\n", rows, cols, rows, cols, qt)
			fmt.Fprintf(&b, "  %%dw = quant.dcast %%w : tensor<%dx%dx%s> to tensor<%dx%dxf32>\n", rows, cols, qt, rows, cols)
			rhs := "%dw"
			if c.trans {
				fmt.Fprintf(&b, "  %%t = core.transpose %%dw {perm = array<i64: 1, 0>} : (tensor<%dx%dxf32>) -> tensor<%dx%dxf32>\n", rows, cols, k, n)
				rhs = "%t"
			}
			fmt.Fprintf(&b, "  %%y = core.matmul %%a, %s : (tensor<1x%dxf32>, tensor<%dx%dxf32>) -> tensor<1x%dxf32>\n", rhs, k, k, n, n)
			fmt.Fprintf(&b, "  return %%y : tensor<1x%dxf32>\n}\n", n)
			fn, err := LookupFunc(parseModule(t, b.String()), "main")
			if err != nil {
				t.Fatal(err)
			}
			av := make([]float32, k)
			for i := range av {
				av[i] = float32(rng.NormFloat64())
			}
			a, _ := tensor.FromSlice(tensor.F32, []int64{1, int64(k)}, av)
			it := New(Options{})
			for run := range 2 { // the first run caches the weight
				got, err := it.Run(fn, []*tensor.Tensor{a})
				if err != nil {
					t.Fatal(err)
				}
				// The float32 product on the dequantized weight, K×N.
				bv := make([]float32, k*n)
				for p := range k {
					for j := range n {
						v := q[p*n+j]
						if c.trans {
							v = q[j*k+p]
						}
						s := scales[j]
						if c.perTensor {
							s = scales[0]
						}
						bv[p*n+j] = float32(int64(v)-int64(c.zero)) * float32(s)
					}
				}
				bt, _ := tensor.FromSlice(tensor.F32, []int64{int64(k), int64(n)}, bv)
				want, err := tensor.MatMul(a, bt)
				if err != nil {
					t.Fatal(err)
				}
				for j, w := range want.Float32s() {
					if g := got[0].Float32s()[j]; math.Float32bits(g) != math.Float32bits(w) {
						t.Fatalf("run %d: column %d = %v, float32 product %v", run, j, g, w)
					}
				}
			}
			used := false
			for _, bq := range it.q8 {
				used = used || bq != nil
			}
			// Without the fused row update (-tags purego, no AVX2) no
			// weight takes the int8 path.
			one, _ := tensor.FromSlice(tensor.F32, []int64{1, 1}, []float32{1})
			available := tensor.NewQ8Columns(one, []int8{1}, []float32{1}) != nil
			if used != (c.wantQ8 && available) {
				t.Fatalf("int8 weight path used = %v, want %v", used, c.wantQ8 && available)
			}
		})
	}
}
