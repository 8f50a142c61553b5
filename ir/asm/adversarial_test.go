package asm

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/mlc-go/mlc/ir"
)

// Regressions from an adversarial battery: inputs whose IR would expand
// quadratically or exponentially are refused (or handled) within bounded
// time and memory, with one positioned error.
func TestAdversarialExpansion(t *testing.T) {
	const n = 100000
	var bomb strings.Builder
	bomb.WriteString("#a0 = [1, 1]\n")
	for i := 1; i < 40; i++ {
		fmt.Fprintf(&bomb, "#a%d = [#a%d, #a%d, #a%d, #a%d]\n", i, i-1, i-1, i-1, i-1)
	}
	bomb.WriteString("\"x.a\"() {v = #a39} : () -> ()\n")
	var tbomb strings.Builder
	tbomb.WriteString("!t0 = tuple<i32, i32>\n")
	for i := 1; i < 40; i++ {
		fmt.Fprintf(&tbomb, "!t%d = tuple<!t%d, !t%d, !t%d, !t%d>\n", i, i-1, i-1, i-1, i-1)
	}
	tbomb.WriteString("\"x.a\"() : () -> !t39\n")
	for _, tc := range []struct{ name, src, want string }{
		{"nested arrays", `"x.a"() {v = ` + strings.Repeat("[", n) + strings.Repeat("]", n) + "} : () -> ()\n", "nest or repeat too deeply"},
		{"nested dicts", `"x.a"() {v = ` + strings.Repeat("{a = ", n) + "1" + strings.Repeat("}", n) + "} : () -> ()\n", "nest or repeat too deeply"},
		// A tensor of tensors is invalid (as in MLIR), found on the way down.
		{"nested tensor types", `"x.a"() : () -> ` + strings.Repeat("tensor<", n) + "f32" + strings.Repeat(">", n) + "\n", "invalid tensor element type"},
		{"nested tuples", `"x.a"() : () -> ` + strings.Repeat("tuple<", n) + strings.Repeat(">", n) + "\n", "nest or repeat too deeply"},
		{"attribute alias bomb", bomb.String(), "nest or repeat too deeply"},
		{"type alias bomb", tbomb.String(), "nest or repeat too deeply"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			_, err := Parse(newFuzzContext(), "in.mlir", []byte(tc.src), 1)
			if err == nil {
				t.Fatal("parse succeeded")
			}
			msg := (*ir.SourceMgr)(nil).Format(err.(*ir.Diagnostic))
			if !strings.HasPrefix(msg, "in.mlir:") || !strings.Contains(msg, tc.want) {
				t.Errorf("got %q, want in.mlir:…%q", msg, tc.want)
			}
			if d := time.Since(start); d > 30*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestDeepNestingStaysLinear: long symbol paths and deep regions parse
// and print in linear time and output (indentation stops growing).
func TestDeepNestingStaysLinear(t *testing.T) {
	const n = 100000
	sym := `"x.a"() {v = @a` + strings.Repeat("::@b", n) + "} : () -> ()\n"
	regions := strings.Repeat("\"x.n\"() ({\n", n) + strings.Repeat("}) : () -> ()\n", n)
	for name, src := range map[string]string{"symbol ref": sym, "regions": regions} {
		start := time.Now()
		m, err := Parse(newFuzzContext(), "in.mlir", []byte(src), 1)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var w countWriter
		if err := Print(&w, m, PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		if int64(w) > 100*int64(len(src)) {
			t.Errorf("%s: %d bytes of input print as %d", name, len(src), w)
		}
		if d := time.Since(start); d > 30*time.Second {
			t.Errorf("%s: took %v", name, d)
		}
	}
}

type countWriter int64

func (w *countWriter) Write(p []byte) (int, error) { *w += countWriter(len(p)); return len(p), nil }

var _ io.Writer = (*countWriter)(nil)
