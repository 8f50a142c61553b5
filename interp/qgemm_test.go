package interp

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
)

// A quantized matmul with an i32 bias (quant-fuse's linear layer) on a
// batched activation stores what the same op stores for each batch's
// rows alone (the 2-D form is bit-exact with ORT's QGemm, ortcheck_test),
// on the one-row product (gemvQuadsInto) and the GEMM plan, with the bias
// as every column's; without the bias the sums differ.
func TestQuantizedMatMulBiasBatched(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, shape := range [][3]int{{3, 1, 40}, {2, 5, 70}} {
		b, m, k := shape[0], shape[1], shape[2]
		const n = 37
		w := make([]string, k)
		for i := range w {
			row := make([]string, n)
			for j := range row {
				row[j] = fmt.Sprint(rng.Intn(127) - 63)
			}
			w[i] = "[" + strings.Join(row, ", ") + "]"
		}
		bias := make([]string, n)
		for j := range bias {
			bias[j] = fmt.Sprint(rng.Intn(40001) - 20000)
		}
		// src is the function for an activation of shape lhs ("BxMxK" or
		// "MxK"); lead is its shape less K.
		src := func(lhs string) string {
			lead := lhs[:strings.LastIndex(lhs, "x")]
			qx := "tensor<" + lhs + "x!quant.uniform<u8:f32, 0.05:120>>"
			qw := fmt.Sprintf("tensor<%dx%dx!quant.uniform<i8:f32, 0.02>>", k, n)
			qb := fmt.Sprintf("tensor<%dx!quant.uniform<i32:f32, 0.001>>", n)
			qy := fmt.Sprintf("tensor<%sx%dx!quant.uniform<u8:f32, 0.25:10>>", lead, n)
			fy := fmt.Sprintf("tensor<%sx%dxf32>", lead, n)
			return strings.Join([]string{
				fmt.Sprintf("func.func @main(%%x: tensor<%sxf32>) -> %s {", lhs, fy),
				fmt.Sprintf("  %%q = quant.qcast %%x : tensor<%sxf32> to %s", lhs, qx),
				fmt.Sprintf("  %%ws = core.constant dense<[%s]> : tensor<%dx%dxi8>", strings.Join(w, ", "), k, n),
				fmt.Sprintf("  %%w = quant.scast %%ws : tensor<%dx%dxi8> to %s", k, n, qw),
				fmt.Sprintf("  %%bs = core.constant dense<[%s]> : tensor<%dxi32>", strings.Join(bias, ", "), n),
				fmt.Sprintf("  %%b = quant.scast %%bs : tensor<%dxi32> to %s", n, qb),
				fmt.Sprintf("  %%y = core.matmul %%q, %%w, %%b : (%s, %s, %s) -> %s", qx, qw, qb, qy),
				fmt.Sprintf("  %%o = quant.dcast %%y : %s to %s", qy, fy),
				fmt.Sprintf("  return %%o : %s", fy),
				"}"}, "\n")
		}
		x := tensor.New(tensor.F32, int64(b), int64(m), int64(k))
		for i := range x.Float32s() {
			x.Float32s()[i] = float32(rng.Intn(256)-120) * 0.05
		}
		batched := src(fmt.Sprintf("%dx%dx%d", b, m, k))
		got, err := runSrc(t, batched, x)
		if err != nil {
			t.Fatal(err)
		}
		var want []float32
		for i := range b {
			row := tensor.New(tensor.F32, int64(m), int64(k))
			copy(row.Float32s(), x.Float32s()[i*m*k:(i+1)*m*k])
			out, err := runSrc(t, src(fmt.Sprintf("%dx%d", m, k)), row)
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, out[0].Float32s()...)
		}
		if !slices.Equal(got[0].Float32s(), want) {
			t.Fatalf("%v: batched %v, per batch %v", shape, got[0].Float32s(), want)
		}
		unbiased := strings.Replace(strings.Replace(batched, "%q, %w, %b :", "%q, %w :", 1),
			fmt.Sprintf(", tensor<%dx!quant.uniform<i32:f32, 0.001>>) ->", n), ") ->", 1)
		plain, err := runSrc(t, unbiased, x)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Equal(plain[0].Float32s(), want) {
			t.Fatalf("%v: the bias changed nothing", shape)
		}
	}
}
