package interp

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
)

// convNetSrc is bench/gen-conv-bench.py's network: layers x (conv 3x3,
// pad 1, bias; relu) on 1xCxSxS, with dense (splat-free) weights.
func convNetSrc(layers, c, s int) string {
	rng := rand.New(rand.NewSource(1))
	tt := fmt.Sprintf("tensor<1x%dx%dx%dxf32>", c, s, s)
	wt, bt := fmt.Sprintf("tensor<%dx%dx3x3xf32>", c, c), fmt.Sprintf("tensor<%dxf32>", c)
	var b, res strings.Builder
	fmt.Fprintf(&b, "func.func @main(%%x: %s) -> %s {\n", tt, tt)
	prev := "%x"
	hexOf := func(n int, scale float64) string {
		var h strings.Builder
		h.WriteString("0x04000000")
		t := tensor.New(tensor.F32, int64(n))
		for i := range t.Float32s() {
			t.Float32s()[i] = float32(rng.NormFloat64() * scale)
		}
		for _, v := range t.Float32s() {
			u := math.Float32bits(v)
			fmt.Fprintf(&h, "%02X%02X%02X%02X", byte(u), byte(u>>8), byte(u>>16), byte(u>>24))
		}
		return h.String()
	}
	for i := 0; i < layers; i++ {
		fmt.Fprintf(&b, "  %%w%d = core.constant dense_resource<w%d> : %s\n", i, i, wt)
		fmt.Fprintf(&b, "  %%b%d = core.constant dense_resource<b%d> : %s\n", i, i, bt)
		fmt.Fprintf(&b, "  %%c%d = core.conv2d %s, %%w%d, %%b%d {padding = array<i64: 1, 1, 1, 1>} : (%s, %s, %s) -> %s\n", i, prev, i, i, tt, wt, bt, tt)
		fmt.Fprintf(&b, "  %%r%d = core.relu %%c%d : %s\n", i, i, tt)
		prev = fmt.Sprintf("%%r%d", i)
		if i > 0 {
			res.WriteString(",\n")
		}
		fmt.Fprintf(&res, "      w%d: \"%s\",\n      b%d: \"%s\"", i, hexOf(c*c*9, 0.08), i, hexOf(c, 0.1))
	}
	fmt.Fprintf(&b, "  return %s : %s\n}\n{-#\n  dialect_resources: {\n    builtin: {\n%s\n    }\n  }\n#-}\n", prev, tt, res.String())
	return b.String()
}

func BenchmarkConvNet(b *testing.B) {
	m := parseModule(b, convNetSrc(6, 32, 56))
	fn, err := LookupFunc(m, "main")
	if err != nil {
		b.Fatal(err)
	}
	x := tensor.New(tensor.F32, 1, 32, 56, 56)
	for i := range x.Float32s() {
		x.Float32s()[i] = float32(i%13) - 6
	}
	it := New(Options{})
	b.ResetTimer()
	for range b.N {
		if _, err := it.Run(fn, []*tensor.Tensor{x}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(6*2*32*32*9*56*56*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}
