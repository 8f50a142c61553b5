package quantize

import (
	"os"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite"
)

type reasons struct{ got []string }

func (r *reasons) OpInserted(*ir.Operation)              {}
func (r *reasons) OpModified(*ir.Operation)              {}
func (r *reasons) OpReplaced(*ir.Operation, []*ir.Value) {}
func (r *reasons) OpErased(*ir.Operation)                {}
func (r *reasons) MatchFailed(_ *ir.Operation, f ir.MatchFailure) {
	r.got = append(r.got, f.Reason)
}

// Every unmatched group of the golden test is declined with its reason.
func TestFuseReasons(t *testing.T) {
	src, err := os.ReadFile("../../lit-tests/lowering/quantize/fuse.mlir")
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(string(src), "// -----")
	last := parts[len(parts)-1]
	ctx := all.NewContext()
	m, err := asm.Parse(ctx, "fuse.mlir", []byte(last), 1)
	if err != nil {
		t.Fatal(err)
	}
	var fn *ir.Operation
	ir.WalkPreOrder(m, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "func.func" {
			fn = o
		}
		return ir.Advance
	})
	r := &reasons{}
	st, err := rewrite.ApplyPatternsGreedily(fn, []ir.Pattern{fuseQDQ{}}, false, rewrite.GreedyConfig{TopDown: true, DisableFold: true, Listener: r})
	if err != nil {
		t.Fatal(err)
	}
	if st.Rewrites != 0 {
		t.Errorf("%d rewrites in the unmatched cases", st.Rewrites)
	}
	all := strings.Join(r.got, "\n")
	for _, want := range []string{
		"the float result of 'core.add' has other uses",
		"'core.conv2d' op expects operand #2 (bias) scale 0.125 = input scale × weight scale (channel 0), got 0.5",
		"'core.matmul' op expects operand #0 to be quantized per tensor, got",
		"'core.relu' has no quantized form",
		"the result is not quantized per tensor",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no reason %q among:\n%s", want, all)
		}
	}
}

// transposeBytes moves whole elements (two bytes for an i16 weight) across
// more than one tile in each direction.
func TestTransposeBytes(t *testing.T) {
	const rows, cols, elem = 70, 130, 2
	src := make([]byte, rows*cols*elem)
	for i := range src {
		src[i] = byte(i*7 + i/251)
	}
	dst := transposeBytes(src, rows, cols, elem)
	for r := range rows {
		for c := range cols {
			for b := range elem {
				if got, want := dst[(c*rows+r)*elem+b], src[(r*cols+c)*elem+b]; got != want {
					t.Fatalf("element (%d, %d) byte %d: got %d, want %d", r, c, b, got, want)
				}
			}
		}
	}
}
