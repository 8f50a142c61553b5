package torch

import (
	"fmt"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

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
			opt("stride", ods.I64ArrayAttr, "kernel_size", tripleDoc+"; > 0"),
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
			opt("stride", ods.I64ArrayAttr, "kernel_size", tripleDoc+"; > 0"),
			opt("padding", ods.I64ArrayAttr, "array<i64: 0, 0, 0>", tripleDoc+"; 0 ≤ padding ≤ kernel_size/2"),
			opt("ceil_mode", ods.BoolAttr, "false", "round output sizes up instead of down"),
			opt("count_include_pad", ods.BoolAttr, "true", "count padding in the divisor"),
			opt("divisor_override", ods.I64Attr, "none", "fixed divisor; non-zero"),
		},
		Traits: pure, Format: fmtUnary, Infer: inferPoolNd(3, false),
	},
}

// tuple expands an int[n] argument: one value applies to every dim.
func tuple(a ods.AttrGetter, name string, n int, def []int64) ([]int64, error) {
	v, err := intsAttr(a, name, def)
	if err != nil {
		return nil, err
	}
	switch len(v) {
	case 1:
		out := make([]int64, n)
		for i := range out {
			out[i] = v[0]
		}
		return out, nil
	case n:
		return v, nil
	}
	return nil, fmt.Errorf("expects '%s' to have 1 or %d elements, got %d", name, n, len(v))
}

func filled(n int, v int64) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// spatialInputNd checks an unbatched [C, spatial…] or batched
// [N, C, spatial…] input with sp spatial dims.
func spatialInputNd(x *ir.RankedTensorType, sp int) error {
	if x.Rank() != sp+1 && x.Rank() != sp+2 {
		return fmt.Errorf("expects %d-D (unbatched) or %d-D (batched) input, got %d-D", sp+1, sp+2, x.Rank())
	}
	return nil
}

// inferConvNd is inferConv2d for sp spatial dims.
func inferConvNd(sp int) ods.InferFunc {
	return func(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
		x, err := ranked(ts, 0, "input")
		if err != nil {
			return nil, err
		}
		w, err := ranked(ts, 1, "weight")
		if err != nil {
			return nil, err
		}
		if err := sameElem([]string{"input", "weight"}, x, w); err != nil {
			return nil, err
		}
		if err := spatialInputNd(x, sp); err != nil {
			return nil, err
		}
		if w.Rank() != sp+2 {
			return nil, fmt.Errorf("expects %d-D weight [out_channels, in_channels/groups, kernel…], got %d-D", sp+2, w.Rank())
		}
		stride, err := tuple(a, "stride", sp, filled(sp, 1))
		if err != nil {
			return nil, err
		}
		pad, err := tuple(a, "padding", sp, filled(sp, 0))
		if err != nil {
			return nil, err
		}
		dil, err := tuple(a, "dilation", sp, filled(sp, 1))
		if err != nil {
			return nil, err
		}
		groups, err := intAttr(a, "groups", 1)
		if err != nil {
			return nil, err
		}
		for i := range sp {
			if stride[i] <= 0 {
				return nil, fmt.Errorf("expects positive stride, got %s", intsStr(stride))
			}
			if pad[i] < 0 {
				return nil, fmt.Errorf("expects non-negative padding, got %s", intsStr(pad))
			}
			if dil[i] <= 0 {
				return nil, fmt.Errorf("expects positive dilation, got %s", intsStr(dil))
			}
		}
		if groups <= 0 {
			return nil, fmt.Errorf("expects positive groups, got %d", groups)
		}
		first := x.Rank() - sp // first spatial dim
		cout := w.Shape[0]
		if err := checkConvChannels(ts, x, w, x.Shape[first-1], groups); err != nil {
			return nil, err
		}
		out := append([]int64{}, x.Shape[:first-1]...)
		out = append(out, cout)
		for i := range sp {
			in, k := x.Shape[first+i], w.Shape[2+i]
			if in != dyn && k != dyn && in+2*pad[i] < dil[i]*(k-1)+1 {
				return nil, fmt.Errorf("padded input size (%d) is smaller than the dilated kernel size (%d) in spatial dim %d", in+2*pad[i], dil[i]*(k-1)+1, i)
			}
			out = append(out, ConvOutSize(in, k, stride[i], pad[i], dil[i]))
		}
		return one(tensor(ctx, out, x.Elem)), nil
	}
}

// inferPoolNd is inferPool2d for sp spatial dims.
func inferPoolNd(sp int, withDilation bool) ods.InferFunc {
	return func(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
		x, err := ranked(ts, 0, "self")
		if err != nil {
			return nil, err
		}
		if err := spatialInputNd(x, sp); err != nil {
			return nil, err
		}
		k, err := tuple(a, "kernel_size", sp, nil)
		if err != nil {
			return nil, err
		}
		stride, err := intsAttr(a, "stride", nil)
		if err != nil {
			return nil, err
		}
		if len(stride) == 0 {
			stride = k
		} else if stride, err = tuple(a, "stride", sp, nil); err != nil {
			return nil, err
		}
		pad, err := tuple(a, "padding", sp, filled(sp, 0))
		if err != nil {
			return nil, err
		}
		dil := filled(sp, 1)
		if withDilation {
			if dil, err = tuple(a, "dilation", sp, dil); err != nil {
				return nil, err
			}
		}
		ceil, err := boolAttr(a, "ceil_mode", false)
		if err != nil {
			return nil, err
		}
		for i := range sp {
			if k[i] <= 0 {
				return nil, fmt.Errorf("kernel size should be greater than zero, but got %s", intsStr(k))
			}
			if stride[i] <= 0 {
				return nil, fmt.Errorf("stride should be greater than zero, but got %s", intsStr(stride))
			}
			if dil[i] <= 0 {
				return nil, fmt.Errorf("dilation should be greater than zero, but got %s", intsStr(dil))
			}
			if pad[i] < 0 || pad[i] > k[i]/2 {
				return nil, fmt.Errorf("pad should be non-negative and at most half of kernel size, but got padding %s and kernel_size %s", intsStr(pad), intsStr(k))
			}
		}
		if v, ok, err := optIntAttr(a, "divisor_override"); err != nil {
			return nil, err
		} else if ok && v == 0 {
			return nil, fmt.Errorf("divisor_override must not be zero")
		}
		first := x.Rank() - sp
		out := append([]int64{}, x.Shape[:first]...)
		for i := range sp {
			in := x.Shape[first+i]
			o := PoolOutSize(in, k[i], stride[i], pad[i], dil[i], ceil)
			if in != dyn && o < 1 {
				return nil, fmt.Errorf("given input size %s, calculated output size %d in spatial dim %d is too small", shapeStr(x.Shape), o, i)
			}
			out = append(out, o)
		}
		return one(tensor(ctx, out, x.Elem)), nil
	}
}
