// Package canonicalize is the canonicalize pass: the greedy driver with
// every registered op's folder and canonicalisation patterns.
package canonicalize

import (
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Pass is canonicalize.
var Pass = pass.Register(&pass.Pass{
	Name:    "canonicalize",
	Summary: "Canonicalizer",
	Doc:     "Applies every registered op's folder and canonicalisation patterns with the greedy driver until nothing changes; a run that does not converge fails.",
	Options: []pass.Option{
		pass.IntOpt("max-iterations", 10, "full sweeps before giving up"),
		pass.IntOpt("max-num-rewrites", -1, "rewrites before giving up (-1: no limit)"),
		pass.BoolOpt("top-down", true, "seed the worklist in pre-order"),
		pass.BoolOpt("test-convergence", false, "fail when a pattern succeeds without changing the IR"),
	},
	// Folds and the core patterns keep every value's type and layout.
	Changes: pass.NoEffects,
	Run: func(op *ir.Operation, opts pass.Options, pc *pass.Context) error {
		cfg := rewrite.GreedyConfig{
			MaxIterations: opts.Int("max-iterations"),
			MaxRewrites:   max(opts.Int("max-num-rewrites"), 0),
			TopDown:       opts.Bool("top-down"),
			Strict:        opts.Bool("test-convergence"),
		}
		stats, err := rewrite.ApplyPatternsGreedily(op, nil, true, cfg)
		pc.Add("num-folds", "Number of folded ops", int64(stats.Folds))
		pc.Add("num-rewrites", "Number of pattern rewrites", int64(stats.Rewrites))
		pc.Add("num-erased", "Number of erased ops", int64(stats.Erased))
		if err != nil {
			return ir.Errorf(op.Loc, "%v", err)
		}
		return nil
	},
})
