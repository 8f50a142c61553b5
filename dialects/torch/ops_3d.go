package torch

import "github.com/mlc-go/mlc/dialects/ods"

// Volumetric (3 spatial dims) convolution and pooling, as video models
// use them. Shape rules are the 2-D ones applied per spatial dim.

const tripleDoc = "one value per spatial dim (D, H, W); a single value applies to all three"

var volumeOps = []*ods.OpDef{
	{
		Name: "aten.conv3d", Summary: "3-D convolution (torch.nn.functional.conv3d)",
		Description: "Cross-correlates `input` [N, C_in, D, H, W] (or unbatched [C_in, D, H, W]) with `weight` [C_out, C_in/groups, kD, kH, kW] and adds `bias` [C_out] when present. " +
			"Output sizes, symmetric zero padding, dilation and groups are as for `torch.aten.conv2d`, per spatial dim.",
		Operands: []ods.Operand{in("input", floatTensor, "[N, C_in, D, H, W] or [C_in, D, H, W]"), in("weight", floatTensor, "[C_out, C_in/groups, kD, kH, kW]"), optIn("bias", floatTensor, "[C_out]")},
		Attrs: []ods.Attr{
			opt("stride", ods.I64ArrayAttr, "array<i64: 1, 1, 1>", tripleDoc+"; > 0"),
			opt("padding", ods.I64ArrayAttr, "array<i64: 0, 0, 0>", tripleDoc+"; ≥ 0, applied on both sides"),
			opt("dilation", ods.I64ArrayAttr, "array<i64: 1, 1, 1>", tripleDoc+"; > 0"),
			opt("groups", ods.I64Attr, "1", "number of channel groups; > 0"),
		},
		Results: out(floatTensor), Traits: pure,
		Format: "$input `,` $weight (`,` $bias^)? attr-dict `:` functional-type(operands, results)", Infer: inferConvNd(3),
	},
	{
		Name: "aten.max_pool3d", Summary: "3-D max pooling",
		Description: "Maximum over kD×kH×kW windows of `self` [N, C, D, H, W] (or [C, D, H, W]), padded with −inf by `padding` on both sides; output sizes, ceil_mode and the stride default as for `torch.aten.max_pool2d`, per spatial dim.",
		Operands:    self(numericTensor), Results: out(numericTensor),
		Attrs: []ods.Attr{
			req("kernel_size", ods.I64ArrayAttr, tripleDoc+"; > 0"),
			optNone("stride", ods.I64ArrayAttr, "kernel_size", tripleDoc+"; > 0"),
			opt("padding", ods.I64ArrayAttr, "array<i64: 0, 0, 0>", tripleDoc+"; 0 ≤ padding ≤ kernel_size/2"),
			opt("dilation", ods.I64ArrayAttr, "array<i64: 1, 1, 1>", tripleDoc+"; > 0"),
			opt("ceil_mode", ods.BoolAttr, "false", "round output sizes up instead of down"),
		},
		Traits: pure, Format: fmtUnary, Infer: inferPoolNd(3, true),
	},
	{
		Name: "aten.avg_pool3d", Summary: "3-D average pooling",
		Description: "Mean over kD×kH×kW windows of `self` [N, C, D, H, W] (or [C, D, H, W]), zero-padded by `padding` on both sides; output sizes, `count_include_pad`, `divisor_override` and the stride default as for `torch.aten.avg_pool2d`, per spatial dim.",
		Operands:    self(floatTensor), Results: out(floatTensor),
		Attrs: []ods.Attr{
			req("kernel_size", ods.I64ArrayAttr, tripleDoc+"; > 0"),
			optNone("stride", ods.I64ArrayAttr, "kernel_size", tripleDoc+"; > 0"),
			opt("padding", ods.I64ArrayAttr, "array<i64: 0, 0, 0>", tripleDoc+"; 0 ≤ padding ≤ kernel_size/2"),
			opt("ceil_mode", ods.BoolAttr, "false", "round output sizes up instead of down"),
			opt("count_include_pad", ods.BoolAttr, "true", "count padding in the divisor"),
			optNone("divisor_override", ods.I64Attr, "none", "fixed divisor; non-zero"),
		},
		Traits: pure, Format: fmtUnary, Infer: inferPoolNd(3, false),
	},
}
