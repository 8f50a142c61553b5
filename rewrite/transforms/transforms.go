// Package transforms registers the generic passes (they know no dialect):
// canonicalize, cse, dce, symbol-dce, print-op-stats and the pass-manager
// test passes.
package transforms

import (
	_ "github.com/mlc-go/mlc/rewrite/transforms/canonicalize"
	_ "github.com/mlc-go/mlc/rewrite/transforms/cse"
	_ "github.com/mlc-go/mlc/rewrite/transforms/dce"
	_ "github.com/mlc-go/mlc/rewrite/transforms/inline"
	_ "github.com/mlc-go/mlc/rewrite/transforms/opstats"
	_ "github.com/mlc-go/mlc/rewrite/transforms/reconcilecasts"
	_ "github.com/mlc-go/mlc/rewrite/transforms/symboldce"
	_ "github.com/mlc-go/mlc/rewrite/transforms/testpasses"
)
