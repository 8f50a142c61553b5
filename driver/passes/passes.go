// Package passes registers every pass and named pipeline of mlc: those of
// lowering/passes (the generic and lowering passes) and the driver's
// passes, which run the interpreter (calibrate, bias-correct,
// mixed-precision). A tool that runs or
// documents passes (mlc-opt, mlc, mlc-docgen) imports this package alone,
// so all of them see the same registry. A new driver package with a pass
// is added to the imports below; TestEveryDriverPassPackageIsReachable
// fails until it is.
package passes

import (
	_ "github.com/mlc-go/mlc/driver/calibrate"
	_ "github.com/mlc-go/mlc/driver/quantize"
	_ "github.com/mlc-go/mlc/lowering/passes"
)
