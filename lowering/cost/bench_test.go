package cost

import (
	"fmt"
	"strings"
	"testing"
)

// chainSrc is a function of n conv+relu pairs on a small tensor.
func chainSrc(n int) string {
	var b strings.Builder
	b.WriteString("func.func @main(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {\n")
	b.WriteString("  %w = core.constant dense<0.5> : tensor<8x8x1x1xf32>\n")
	prev := "%x"
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  %%c%d = core.conv2d %s, %%w {dilations = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x8x8x8xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x8x8xf32>\n", i, prev)
		fmt.Fprintf(&b, "  %%r%d = core.relu %%c%d : tensor<1x8x8x8xf32>\n", i, i)
		prev = fmt.Sprintf("%%r%d", i)
	}
	fmt.Fprintf(&b, "  func.return %s : tensor<1x8x8x8xf32>\n}\n", prev)
	return b.String()
}

// BenchmarkEstimate: the estimate is linear in the op count (compare the
// ns/op of the sizes; -benchmem shows the allocations per op).
func BenchmarkEstimate(b *testing.B) {
	for _, n := range []int{5000, 50000} {
		b.Run(fmt.Sprintf("ops=%d", 2*n), func(b *testing.B) {
			fn := parseFunc(b, chainSrc(n))
			m := model(b, true)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := Estimate(m, fn, Options{AsIf: "i8", Boundary: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
