package torch

import (
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/qbehavior"
)

// quantBehaviors is the quantization behaviour of ATen ops, attached to
// their definitions (ods.OpDef.Interfaces) for quantization passes.
var quantBehaviors = map[string]*qbehavior.Behavior{
	// Ops that move, select or copy values keep their scale.
	"aten.reshape": qbehavior.Same(), "aten.view": qbehavior.Same(), "aten.flatten.using_ints": qbehavior.Same(),
	"aten.permute": qbehavior.Same(), "aten.transpose.int": qbehavior.Same(), "aten.cat": qbehavior.Same(),
	"aten.select.int": qbehavior.Same(), "aten.squeeze.dim": qbehavior.Same(), "aten.squeeze": qbehavior.Same(),
	"aten.unsqueeze": qbehavior.Same(), "aten.expand": qbehavior.Same(), "aten.constant_pad_nd": qbehavior.Same(),
	"aten.max_pool2d": qbehavior.Same(), "aten.max_pool3d": qbehavior.Same(), "aten.gather": qbehavior.Same(),
	"aten.index_select": qbehavior.Same(), "aten.repeat": qbehavior.Same(), "aten.flip": qbehavior.Same(),
	"aten.pixel_shuffle": qbehavior.Same(), "aten.pixel_unshuffle": qbehavior.Same(),
	"aten.contiguous": qbehavior.Same(), "aten.clone": qbehavior.Same(),
	// Contractions: weights per output channel, i32 accumulation.
	"aten.conv2d": qbehavior.Contraction(1, 0),  // weight [C_out, C_in/groups, kH, kW]
	"aten.conv3d": qbehavior.Contraction(1, 0),  // weight [C_out, C_in/groups, kD, kH, kW]
	"aten.linear": qbehavior.Contraction(1, 0),  // weight [out_features, in_features]
	"aten.matmul": qbehavior.Contraction(1, -1), // other [..., K, N]
	"aten.mm":     qbehavior.Contraction(1, -1), // mat2 [m, p]
	"aten.bmm":    qbehavior.Contraction(1, -1), // mat2 [b, m, p]
	"aten.addmm":  qbehavior.Contraction(2, -1), // mat2 [m, p]
}

// The table is attached once, before any context registers the dialect.
func init() { ods.AttachInterfaces(Dialect, quantBehaviors) }
