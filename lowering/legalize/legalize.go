// Package legalize holds what the backend legalisers (legalize/trt,
// legalize/qnn) and the partitioner agree on: the attribute that names the
// device a function runs on.
package legalize

import "github.com/mlc-go/mlc/ir"

// TargetAttr on a func.func names the device that runs it: a target's
// name, or "cpu" for a fallback partition (lowering/partition sets it).
const TargetAttr = "mlc.target"

// ForOther reports whether fn is marked to run somewhere other than the
// target named, so a legaliser for that target leaves it alone.
func ForOther(fn *ir.Operation, targetName string) bool {
	s, ok := fn.Attr(TargetAttr).(*ir.StringAttr)
	return ok && s.Value != targetName
}
