// Package opstats is the print-op-stats analysis: counts of each op name.
package opstats

import (
	"fmt"
	"io"
	"sort"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Pass is print-op-stats.
var Pass = pass.Register(&pass.Pass{
	Name:    "print-op-stats",
	Summary: "PrintOpStats",
	Doc:     "Prints how many ops of each name the IR holds.",
	Changes: pass.NoEffects,
	// An analysis: the IR is as it was.
	Run: func(op *ir.Operation, _ pass.Options, pc *pass.Context) error {
		Report(pc.Out(), op)
		return nil
	},
})

// Report writes "Operations encountered" with a count per op name.
func Report(w io.Writer, root *ir.Operation) {
	counts := map[string]int{}
	ir.Walk(root, func(o *ir.Operation) { counts[o.Name()]++ })
	names := make([]string, 0, len(counts))
	width := 0
	for n := range counts {
		names = append(names, n)
		width = max(width, len(n))
	}
	sort.Strings(names)
	fmt.Fprintf(w, "Operations encountered:\n-----------------------\n")
	for _, n := range names {
		fmt.Fprintf(w, "  %-*s , %d\n", width, n, counts[n])
	}
}
