package core

import (
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/qbehavior"
)

// quantBehaviors is the quantization behaviour of core ops, attached to
// their definitions (ods.OpDef.Interfaces) for quantization passes.
var quantBehaviors = map[string]*qbehavior.Behavior{
	// Ops that move, select or compare values keep their scale.
	"reshape":      qbehavior.Same(),
	"transpose":    qbehavior.Same(),
	"broadcast_to": qbehavior.Same(),
	"concat":       qbehavior.Same(),
	"slice":        qbehavior.Same(),
	"gather":       qbehavior.Same(),
	"pad":          qbehavior.Same(),
	"max_pool2d":   qbehavior.Same(),
	// Contractions: weights per output channel, i32 accumulation.
	"conv2d": qbehavior.Contraction(1, 0),  // weight [O, C/G, kh, kw]
	"matmul": qbehavior.Contraction(1, -1), // rhs [..., K, N]
}

// The table is attached once, before any context registers the dialect.
func init() { ods.AttachInterfaces(Dialect, quantBehaviors) }
