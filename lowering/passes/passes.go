// Package passes registers every pass and named pipeline of mlc: the
// generic passes of rewrite/transforms and the lowering passes of
// lowering/*. A tool that runs or documents passes (mlc-opt, mlc, mlc-docgen)
// imports this package alone, so all of them see the same registry.
//
// It lives at the lowering layer, the lowest one that may import every
// pass package: rewrite/transforms sit below it and lowering/* beside it
// (imports inside the lowering tree are not sideways), while the driver
// and the tools sit above it. A new pass package is added to the imports
// below; TestEveryPassPackageIsReachable fails until it is.
package passes

import (
	_ "github.com/mlc-go/mlc/lowering/cost"
	_ "github.com/mlc-go/mlc/lowering/decompose"
	_ "github.com/mlc-go/mlc/lowering/legalize/qnn"
	_ "github.com/mlc-go/mlc/lowering/legalize/trt"
	_ "github.com/mlc-go/mlc/lowering/partition"
	_ "github.com/mlc-go/mlc/lowering/quantize"
	_ "github.com/mlc-go/mlc/rewrite/transforms"
)
