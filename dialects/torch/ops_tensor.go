package torch

import (
	"fmt"
	"math"
	"slices"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// Reductions, scans, selection, data movement and normalisation ops
// beyond the first table.

const keepDoc = "keep reduced dims as size 1"

var i64Tensor = ods.RankedTensorOf(ods.I64E)

var tensorOps = []*ods.OpDef{
	// ---- reductions ----
	{
		Name: "aten.amax", Summary: "Maximum over dims",
		Description: "Maximum over the dims in `dim` (absent or empty: all dims), keeping them as size 1 with `keepdim`. A NaN in a reduced set gives NaN; for bool tensors it is a logical or. Reduced dims must not be empty.",
		Operands:    self(numericTensor), Results: out(numericTensor),
		Attrs:  []ods.Attr{optNone("dim", ods.I64ArrayAttr, "array<i64> (all dims)", "dims to reduce"), opt("keepdim", ods.BoolAttr, "false", keepDoc)},
		Traits: pure, Format: fmtUnary, Infer: inferExtremum("amax"),
	},
	{
		Name: "aten.amin", Summary: "Minimum over dims",
		Description: "Minimum over the dims in `dim` (absent or empty: all dims), keeping them as size 1 with `keepdim`. A NaN in a reduced set gives NaN; for bool tensors it is a logical and. Reduced dims must not be empty.",
		Operands:    self(numericTensor), Results: out(numericTensor),
		Attrs:  []ods.Attr{optNone("dim", ods.I64ArrayAttr, "array<i64> (all dims)", "dims to reduce"), opt("keepdim", ods.BoolAttr, "false", keepDoc)},
		Traits: pure, Format: fmtUnary, Infer: inferExtremum("amin"),
	},
	{
		Name: "aten.max", Summary: "Maximum of all elements",
		Description: "The largest element as a 0-D tensor (NaN if any element is NaN; logical or for bool). The tensor must not be empty. The dim variant returning indices is `torch.aten.amax` plus `torch.aten.argmax`.",
		Operands:    self(numericTensor), Results: out(numericTensor),
		Traits: pure, Format: fmtUnary, Infer: inferFullExtremum("max"),
	},
	{
		Name: "aten.min", Summary: "Minimum of all elements",
		Description: "The smallest element as a 0-D tensor (NaN if any element is NaN; logical and for bool). The tensor must not be empty.",
		Operands:    self(numericTensor), Results: out(numericTensor),
		Traits: pure, Format: fmtUnary, Infer: inferFullExtremum("min"),
	},
	{
		Name: "aten.prod.dim_int", Summary: "Product over one dim",
		Description: "Product along `dim`, kept as size 1 with `keepdim`. Without `dtype`, integer and bool inputs multiply into i64 as in PyTorch; float inputs keep their type. An empty dim gives 1.",
		Operands:    self(numericTensor), Results: out(numericTensor),
		Attrs:  []ods.Attr{req("dim", ods.I64Attr, dimDoc), opt("keepdim", ods.BoolAttr, "false", keepDoc), optNone("dtype", dtypeAttr, "none", dtypeDoc)},
		Traits: pure, Format: fmtUnary, Infer: inferProd(true),
	},
	{
		Name: "aten.prod", Summary: "Product of all elements",
		Description: "The product of all elements as a 0-D tensor, with prod.dim_int's dtype rule (integer and bool inputs give i64 without `dtype`). An empty tensor gives 1.",
		Operands:    self(numericTensor), Results: out(numericTensor),
		Attrs:  []ods.Attr{optNone("dtype", dtypeAttr, "none", dtypeDoc)},
		Traits: pure, Format: fmtUnary, Infer: inferProd(false),
	},
	{
		Name: "aten.logsumexp", Summary: "ln Σ eˣ over dims",
		Description: "ln(Σ exp(x)) over the dims in `dim` (empty: all dims), computed stably as m + ln Σ exp(x − m) with m the maximum (m = 0 where it is infinite). An empty set gives −inf.\n\n" + floatNote,
		Operands:    self(floatTensor), Results: out(floatTensor),
		Attrs:  []ods.Attr{req("dim", ods.I64ArrayAttr, "dims to reduce; empty means all"), opt("keepdim", ods.BoolAttr, "false", keepDoc)},
		Traits: pure, Format: fmtUnary, Infer: inferLogsumexp,
	},
	{
		Name: "aten.linalg_vector_norm", Summary: "Vector p-norm over dims",
		Description: "(Σ |x|^ord)^(1/ord) over the dims in `dim` (absent or empty: all dims). ord = 2 (the default) is the Euclidean norm, 1 the sum of absolute values, inf the largest and −inf the smallest absolute value, 0 the count of non-zero elements; other values use the formula. " +
			"With `dtype` (a float type) the input is converted first. inf and −inf norms need non-empty reduced dims.\n\n" + floatNote,
		Operands: self(floatTensor), Results: out(floatTensor),
		Attrs: []ods.Attr{
			opt("ord", numberAttr, "2", "the order p (PyTorch Scalar; ±inf as f64)"),
			optNone("dim", ods.I64ArrayAttr, "none (all dims)", "dims to reduce"),
			opt("keepdim", ods.BoolAttr, "false", keepDoc),
			optNone("dtype", dtypeAttr, "none", dtypeDoc),
		},
		Traits: pure, Format: fmtUnary, Infer: inferVectorNorm,
	},

	// ---- scans and selection ----
	{
		Name: "aten.cumsum", Summary: "Cumulative sum along a dim",
		Description: "Element i along `dim` is the sum of elements 0..i. Without `dtype`, integer and bool inputs accumulate into i64 as in PyTorch; float inputs keep their type. (ONNX CumSum's exclusive and reverse forms are compositions with flip and a shift.)",
		Operands:    self(numericTensor), Results: out(numericTensor),
		Attrs:  []ods.Attr{req("dim", ods.I64Attr, dimDoc), optNone("dtype", dtypeAttr, "none", dtypeDoc)},
		Traits: pure, Format: fmtUnary, Infer: inferCumsum,
	},
	{
		Name: "aten.topk", Summary: "The k largest (or smallest) elements along a dim",
		Description: "Returns the k largest elements along `dim` (the smallest with `largest` = false) and their i64 indices, in descending (ascending) order. NaN counts as larger than every number, as in PyTorch; equal elements keep their index order (ONNX TopK's rule; PyTorch leaves it unspecified). " +
			"k must lie in [0, size of dim]. With `sorted` = false PyTorch may return any order; this op still sorts.",
		Operands: self(numericTensor),
		Results:  []ods.Result{{Name: "values", Type: numericTensor, Doc: "the selected elements"}, {Name: "indices", Type: i64Tensor, Doc: "their positions along dim"}},
		Attrs: []ods.Attr{
			req("k", ods.I64Attr, "number of elements; in [0, size]"),
			opt("dim", ods.I64Attr, "-1", dimDoc),
			opt("largest", ods.BoolAttr, "true", "largest (true) or smallest (false)"),
			opt("sorted", ods.BoolAttr, "true", "PyTorch's flag; the result is sorted either way"),
		},
		Traits: pure, Format: "$self attr-dict `:` functional-type(operands, results)", Infer: inferTopk, Verify: rejectBool("topk"),
	},
	{
		Name: "aten.gather", Summary: "Pick elements along a dim by index",
		Description: "result[i][j][k] = self[index[i][j][k]][j][k] for dim = 0 (likewise for other dims): the result has index's shape and self's element type. index has self's rank, and its size must not exceed self's in any dim other than `dim`. Indices must lie in [0, size of dim) (PyTorch raises otherwise; ONNX GatherElements' negative indices are wrapped at import). sparse_grad has no effect here.",
		Operands:    []ods.Operand{in("self", anyTensor, ""), in("index", i64Tensor, "same rank as self")},
		Attrs:       []ods.Attr{req("dim", ods.I64Attr, dimDoc), opt("sparse_grad", ods.BoolAttr, "false", "gradient layout only")},
		Results:     out(anyTensor), Traits: pure,
		Format: "$self `,` $index attr-dict `:` functional-type(operands, results)", Infer: inferGather,
	},
	{
		Name: "aten.index_select", Summary: "Pick slices along a dim by index",
		Description: "The slices of self at the positions in the 1-D `index` along `dim`, in index order (repeats allowed): the result is self with that dim's size replaced by index's length. Indices must lie in [0, size of dim). ONNX Resize is lowered to it with constant indices.",
		Operands:    []ods.Operand{in("self", anyTensor, ""), in("index", i64Tensor, "1-D (or 0-D, one index)")},
		Attrs:       []ods.Attr{req("dim", ods.I64Attr, dimDoc)},
		Results:     out(anyTensor), Traits: pure,
		Format: "$self `,` $index attr-dict `:` functional-type(operands, results)", Infer: inferIndexSelect,
	},

	// ---- data movement ----
	{
		Name: "aten.repeat", Summary: "Tile self",
		Description: "Repeats self `repeats[i]` times along dim i: `repeats` has at least self's rank, and extra leading entries add new leading dims (self is viewed as [1, …, 1, *shape] first). Repeats must not be negative. ONNX Tile is repeat with one entry per dim.",
		Operands:    self(anyTensor), Results: out(anyTensor),
		Attrs:  []ods.Attr{req("repeats", ods.I64ArrayAttr, "copies per dim; ≥ 0")},
		Traits: pure, Format: fmtUnary, Infer: inferRepeat,
	},
	{
		Name: "aten.flip", Summary: "Reverse the order along dims",
		Description: "Reverses self along each dim in `dims` (negatives allowed, no repeats).",
		Operands:    self(anyTensor), Results: out(anyTensor),
		Attrs:  []ods.Attr{req("dims", ods.I64ArrayAttr, "dims to reverse")},
		Traits: identity, Format: fmtSame, Infer: inferSame, Verify: check(inferFlip),
	},
	{
		Name: "aten.tril", Summary: "Lower triangle of the last two dims",
		Description: "Keeps the elements of each matrix (the last two dims) with column − row ≤ `diagonal` and zeroes the others (false for bool). diagonal 0 is the main diagonal, positive values go above it. self has rank ≥ 2.",
		Operands:    self(anyTensor), Results: out(anyTensor),
		Attrs:  []ods.Attr{opt("diagonal", ods.I64Attr, "0", "the last kept diagonal")},
		Traits: identity, Format: fmtSame, Infer: inferSame, Verify: check(inferTri),
	},
	{
		Name: "aten.triu", Summary: "Upper triangle of the last two dims",
		Description: "Keeps the elements of each matrix (the last two dims) with column − row ≥ `diagonal` and zeroes the others (false for bool). self has rank ≥ 2.",
		Operands:    self(anyTensor), Results: out(anyTensor),
		Attrs:  []ods.Attr{opt("diagonal", ods.I64Attr, "0", "the first kept diagonal")},
		Traits: identity, Format: fmtSame, Infer: inferSame, Verify: check(inferTri),
	},
	{
		Name: "aten.pixel_shuffle", Summary: "Move channel blocks into space",
		Description: "[*, C·r², H, W] → [*, C, H·r, W·r] with r = `upscale_factor`: output (c, h·r + i, w·r + j) is input (c·r² + i·r + j, h, w). This is ONNX DepthToSpace in CRD mode. self has rank ≥ 3.",
		Operands:    self(anyTensor), Results: out(anyTensor),
		Attrs:  []ods.Attr{req("upscale_factor", ods.I64Attr, "r; > 0")},
		Traits: pure, Format: fmtUnary, Infer: inferPixelShuffle(true),
	},
	{
		Name: "aten.pixel_unshuffle", Summary: "Move spatial blocks into channels",
		Description: "[*, C, H·r, W·r] → [*, C·r², H, W] with r = `downscale_factor`, the inverse of pixel_shuffle: output (c·r² + i·r + j, h, w) is input (c, h·r + i, w·r + j). (ONNX SpaceToDepth orders the channels block-major instead.) self has rank ≥ 3.",
		Operands:    self(anyTensor), Results: out(anyTensor),
		Attrs:  []ods.Attr{req("downscale_factor", ods.I64Attr, "r; > 0")},
		Traits: pure, Format: fmtUnary, Infer: inferPixelShuffle(false),
	},

	// ---- normalisation ----
	{
		Name: "aten.instance_norm", Summary: "Instance normalization",
		Description: "Normalizes `input` [N, C, *] over its spatial dims separately per sample and channel: (x − mean) / √(var + eps) with the biased variance, then multiplies by weight and adds bias when present (each [C]). " +
			"This is ATen's instance_norm with use_input_stats = true; running statistics would only be updated, not used, so they are not operands, and `momentum` has no effect. More than one spatial element is required, as PyTorch requires more than one value per channel. " +
			"The optional affine operands are written after the input: none, `weight`, or `weight, bias`.",
		Operands: []ods.Operand{in("input", floatTensor, "[N, C, *]"), {Name: "affine", Type: floatTensor, Arity: ods.Variadic, Doc: "optional weight, then optional bias, each [C]"}},
		Attrs:    []ods.Attr{opt("momentum", ods.F64Attr, "0.1", "running-statistics momentum (no effect)"), opt("eps", ods.F64Attr, "1.0e-05", "added to the variance")},
		Results:  out(floatTensor), Traits: pure,
		Format: "$input (`,` $affine^)? attr-dict `:` functional-type(operands, results)", Infer: inferInstanceNorm,
	},
	{
		Name: "aten.group_norm", Summary: "Group normalization",
		Description: "Splits the channels of `input` [N, C, *] into `num_groups` groups and normalizes each (sample, group) over its channels and spatial dims: (x − mean) / √(var + eps) with the biased variance; then multiplies by weight and adds bias when present (each [C], per channel). C must be divisible by num_groups. The cudnn_enabled flag has no meaning here. " +
			"The optional affine operands are written after the input: none, `weight`, or `weight, bias`.",
		Operands: []ods.Operand{in("input", floatTensor, "[N, C, *]"), {Name: "affine", Type: floatTensor, Arity: ods.Variadic, Doc: "optional weight, then optional bias, each [C]"}},
		Attrs:    []ods.Attr{req("num_groups", ods.I64Attr, "number of channel groups; > 0, divides C"), opt("eps", ods.F64Attr, "1.0e-05", "added to the variance")},
		Results:  out(floatTensor), Traits: pure,
		Format: "$input (`,` $affine^)? attr-dict `:` functional-type(operands, results)", Infer: inferGroupNorm,
	},
}

// ---- inference ----

// nonEmptyReduced rejects reducing an empty dim (kind names the op).
func nonEmptyReduced(kind string, shape []int64, dims []int64) error {
	red := dims
	if len(red) == 0 {
		red = make([]int64, len(shape))
		for i := range shape {
			red[i] = int64(i)
		}
	}
	for _, d := range red {
		w, err := wrapDim(d, len(shape))
		if err != nil {
			return err
		}
		if len(shape) > 0 && shape[w] == 0 {
			return fmt.Errorf("%s(): Expected reduction dim %d to have non-zero size", kind, w)
		}
	}
	return nil
}

func inferExtremum(kind string) ods.InferFunc {
	return func(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
		x, err := ranked(ts, 0, "self")
		if err != nil {
			return nil, err
		}
		dims, err := intsAttr(a, "dim")
		if err != nil {
			return nil, err
		}
		keep, err := boolAttr(a, "keepdim")
		if err != nil {
			return nil, err
		}
		s, err := ReduceShape(x.Shape, dims, keep)
		if err != nil {
			return nil, err
		}
		if err := nonEmptyReduced(kind, x.Shape, dims); err != nil {
			return nil, err
		}
		return one(tensor(ctx, s, x.Elem)), nil
	}
}

func inferFullExtremum(kind string) ods.InferFunc {
	return func(ctx *ir.Context, ts []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
		x, err := ranked(ts, 0, "self")
		if err != nil {
			return nil, err
		}
		if numel(x.Shape) == 0 {
			return nil, fmt.Errorf("%s(): Expected reduction dim to be specified for input.numel() == 0", kind)
		}
		return one(tensor(ctx, nil, x.Elem)), nil
	}
}

// accumElem is the result dtype of sums and products: dtype when given,
// i64 for integer and bool inputs, else the input's.
func accumElem(ctx *ir.Context, elem ir.Type, a ods.AttrGetter) (ir.Type, error) {
	dt, err := dtypeOf(a, "dtype")
	switch {
	case err != nil:
		return nil, err
	case dt != nil:
		return dt, nil
	case isInt(elem):
		return ctx.I(64), nil
	}
	return elem, nil
}

func inferProd(withDim bool) ods.InferFunc {
	return func(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
		x, err := ranked(ts, 0, "self")
		if err != nil {
			return nil, err
		}
		elem, err := accumElem(ctx, x.Elem, a)
		if err != nil {
			return nil, err
		}
		if !withDim {
			return one(tensor(ctx, nil, elem)), nil
		}
		d, err := reqIntAttr(a, "dim")
		if err != nil {
			return nil, err
		}
		keep, err := boolAttr(a, "keepdim")
		if err != nil {
			return nil, err
		}
		s, err := ReduceShape(x.Shape, []int64{d}, keep)
		if err != nil {
			return nil, err
		}
		if x.Rank() == 0 {
			s = []int64{}
		}
		return one(tensor(ctx, s, elem)), nil
	}
}

func inferLogsumexp(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	if a("dim") == nil {
		return nil, fmt.Errorf("requires attribute 'dim'")
	}
	dims, err := intsAttr(a, "dim")
	if err != nil {
		return nil, err
	}
	keep, err := boolAttr(a, "keepdim")
	if err != nil {
		return nil, err
	}
	s, err := ReduceShape(x.Shape, dims, keep)
	if err != nil {
		return nil, err
	}
	return one(tensor(ctx, s, x.Elem)), nil
}

func inferVectorNorm(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	ord, err := NumAttr(a, "ord")
	if err != nil {
		return nil, err
	}
	dims, err := intsAttr(a, "dim")
	if err != nil {
		return nil, err
	}
	keep, err := boolAttr(a, "keepdim")
	if err != nil {
		return nil, err
	}
	dt, err := dtypeOf(a, "dtype")
	if err != nil {
		return nil, err
	}
	s, err := ReduceShape(x.Shape, dims, keep)
	if err != nil {
		return nil, err
	}
	if math.IsInf(ord, 0) {
		if err := nonEmptyReduced("linalg.vector_norm", x.Shape, dims); err != nil {
			return nil, fmt.Errorf("%v (cannot compute the inf norm of an empty set)", err)
		}
	}
	elem := x.Elem
	if dt != nil {
		if !isFloat(dt) {
			return nil, fmt.Errorf("linalg.vector_norm: dtype should be floating point, but got %s", dt)
		}
		elem = dt
	}
	return one(tensor(ctx, s, elem)), nil
}

func inferCumsum(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	d, err := reqIntAttr(a, "dim")
	if err != nil {
		return nil, err
	}
	if _, err := wrapDim(d, x.Rank()); err != nil {
		return nil, err
	}
	elem, err := accumElem(ctx, x.Elem, a)
	if err != nil {
		return nil, err
	}
	return one(tensor(ctx, x.Shape, elem)), nil
}

func inferTopk(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	k, err := reqIntAttr(a, "k")
	if err != nil {
		return nil, err
	}
	d, err := intAttr(a, "dim")
	if err != nil {
		return nil, err
	}
	w, err := wrapDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	for _, n := range []string{"largest", "sorted"} {
		if _, err := boolAttr(a, n); err != nil {
			return nil, err
		}
	}
	size := int64(1)
	if x.Rank() > 0 {
		size = x.Shape[w]
	}
	if k < 0 || (size != dyn && k > size) {
		return nil, fmt.Errorf("selected index k = %d out of range (the dim has size %s)", k, shapeStr([]int64{size}))
	}
	s := append([]int64{}, x.Shape...)
	if x.Rank() > 0 {
		s[w] = k
	}
	return []ir.Type{tensor(ctx, s, x.Elem), tensor(ctx, s, ctx.I(64))}, nil
}

func inferGather(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	idx, err := ranked(ts, 1, "index")
	if err != nil {
		return nil, err
	}
	d, err := reqIntAttr(a, "dim")
	if err != nil {
		return nil, err
	}
	if _, err := boolAttr(a, "sparse_grad"); err != nil {
		return nil, err
	}
	w, err := wrapDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	if max(idx.Rank(), 1) != max(x.Rank(), 1) {
		return nil, fmt.Errorf("index tensor must have the same number of dimensions as input tensor, got %d and %d", idx.Rank(), x.Rank())
	}
	for i := 0; i < x.Rank() && i < idx.Rank(); i++ {
		if i != w && idx.Shape[i] != dyn && x.Shape[i] != dyn && idx.Shape[i] > x.Shape[i] {
			return nil, fmt.Errorf("size does not match at dimension %d: expected index %s to be no larger than self %s apart from dimension %d", i, shapeStr(idx.Shape), shapeStr(x.Shape), w)
		}
	}
	return one(tensor(ctx, idx.Shape, x.Elem)), nil
}

// index_select: self's shape with dim resized to the index's length.
func inferIndexSelect(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	idx, err := ranked(ts, 1, "index")
	if err != nil {
		return nil, err
	}
	d, err := reqIntAttr(a, "dim")
	if err != nil {
		return nil, err
	}
	w, err := wrapDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	if idx.Rank() > 1 {
		return nil, fmt.Errorf("index_select(): Index is supposed to be a vector, got %s", shapeStr(idx.Shape))
	}
	n := int64(1)
	if idx.Rank() == 1 {
		n = idx.Shape[0]
	}
	if x.Rank() == 0 {
		if n != 1 && n != dyn {
			return nil, fmt.Errorf("index_select(): Index to scalar can have only 1 value, got %d value(s)", n)
		}
		return one(tensor(ctx, nil, x.Elem)), nil
	}
	s := slices.Clone(x.Shape)
	s[w] = n
	return one(tensor(ctx, s, x.Elem)), nil
}

// RepeatShape is repeat's result: repeats align with the trailing dims,
// extra leading repeats add dims.
func RepeatShape(in, repeats []int64) ([]int64, error) {
	if len(repeats) < len(in) {
		return nil, fmt.Errorf("number of dimensions of repeat dims (%d) can not be smaller than number of dimensions of tensor (%d)", len(repeats), len(in))
	}
	lead := len(repeats) - len(in)
	out := make([]int64, len(repeats))
	for i, r := range repeats {
		if r < 0 {
			return nil, fmt.Errorf("repeats can not be negative, got %s", intsStr(repeats))
		}
		d := int64(1)
		if i >= lead {
			d = in[i-lead]
		}
		switch {
		case d == dyn && r != 0:
			out[i] = dyn
		case d == dyn:
			out[i] = 0
		default:
			if r != 0 && d > math.MaxInt64/r {
				return nil, fmt.Errorf("repeat of dim %d (%d) by %d overflows", i, d, r)
			}
			out[i] = d * r
		}
	}
	return out, nil
}

func inferRepeat(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	if a("repeats") == nil {
		return nil, fmt.Errorf("requires attribute 'repeats'")
	}
	r, err := intsAttr(a, "repeats")
	if err != nil {
		return nil, err
	}
	s, err := RepeatShape(x.Shape, r)
	if err != nil {
		return nil, err
	}
	return one(tensor(ctx, s, x.Elem)), nil
}

func inferFlip(_ *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	if a("dims") == nil {
		return nil, fmt.Errorf("requires attribute 'dims'")
	}
	dims, err := intsAttr(a, "dims")
	if err != nil {
		return nil, err
	}
	if _, err := wrapDims(dims, x.Rank()); err != nil {
		return nil, err
	}
	return one(x), nil
}

func inferTri(_ *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	if _, err := intAttr(a, "diagonal"); err != nil {
		return nil, err
	}
	if x.Rank() < 2 {
		return nil, fmt.Errorf("input tensor must have at least 2 dimensions, got %d", x.Rank())
	}
	return one(x), nil
}

// PixelShuffleShape is pixel_shuffle's (up) or pixel_unshuffle's result.
func PixelShuffleShape(in []int64, r int64, up bool) ([]int64, error) {
	name := map[bool]string{true: "pixel_shuffle", false: "pixel_unshuffle"}[up]
	if len(in) < 3 {
		return nil, fmt.Errorf("%s expects input to have at least 3 dimensions, but got input with %d dimension(s)", name, len(in))
	}
	if r <= 0 {
		return nil, fmt.Errorf("%s expects a positive factor, but got %d", name, r)
	}
	out := append([]int64{}, in...)
	n := len(in)
	c, h, w := in[n-3], in[n-2], in[n-1]
	mul := func(d int64) int64 {
		if d == dyn {
			return dyn
		}
		return d * r
	}
	div := func(d, by int64, what string) (int64, error) {
		if d == dyn {
			return dyn, nil
		}
		if d%by != 0 {
			return 0, fmt.Errorf("%s expects %s (%d) to be divisible by %d", name, what, d, by)
		}
		return d / by, nil
	}
	if r > 1<<20 {
		return nil, fmt.Errorf("%s factor %d is too large", name, r)
	}
	var err error
	if up {
		if out[n-3], err = div(c, r*r, "its channels"); err != nil {
			return nil, err
		}
		out[n-2], out[n-1] = mul(h), mul(w)
		return out, nil
	}
	if out[n-2], err = div(h, r, "its height"); err != nil {
		return nil, err
	}
	if out[n-1], err = div(w, r, "its width"); err != nil {
		return nil, err
	}
	out[n-3] = mul(mul(c))
	return out, nil
}

func inferPixelShuffle(up bool) ods.InferFunc {
	attr := "downscale_factor"
	if up {
		attr = "upscale_factor"
	}
	return func(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
		x, err := ranked(ts, 0, "self")
		if err != nil {
			return nil, err
		}
		r, ok, err := optIntAttr(a, attr)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, fmt.Errorf("requires attribute '%s'", attr)
		}
		s, err := PixelShuffleShape(x.Shape, r, up)
		if err != nil {
			return nil, err
		}
		return one(tensor(ctx, s, x.Elem)), nil
	}
}

// channelNorm checks the [N, C, *] input and [C] affine operands of
// instance_norm and group_norm.
func channelNorm(ts []ir.Type, a ods.AttrGetter) (*ir.RankedTensorType, error) {
	x, err := ranked(ts, 0, "input")
	if err != nil {
		return nil, err
	}
	if x.Rank() < 2 {
		return nil, fmt.Errorf("expects input of rank at least 2 [N, C, *], got %d-D", x.Rank())
	}
	if _, err := NumAttr(a, "eps"); err != nil {
		return nil, err
	}
	if err := affine(ts[1:], x, []int64{x.Shape[1]}, "the input's channels"); err != nil {
		return nil, err
	}
	return x, nil
}

func inferInstanceNorm(_ *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := channelNorm(ts, a)
	if err != nil {
		return nil, err
	}
	if _, err := NumAttr(a, "momentum"); err != nil {
		return nil, err
	}
	if n := numel(x.Shape[2:]); n == 1 || n == 0 {
		return nil, fmt.Errorf("expected more than 1 spatial element per channel, got input of shape %s", shapeStr(x.Shape))
	}
	return one(x), nil
}

func inferGroupNorm(_ *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := channelNorm(ts, a)
	if err != nil {
		return nil, err
	}
	g, err := reqIntAttr(a, "num_groups")
	if err != nil {
		return nil, err
	}
	if g <= 0 {
		return nil, fmt.Errorf("expects a positive num_groups, got %d", g)
	}
	if c := x.Shape[1]; c != dyn && c%g != 0 {
		return nil, fmt.Errorf("expected number of channels in input to be divisible by num_groups, but got input of shape %s and num_groups=%d", shapeStr(x.Shape), g)
	}
	return one(x), nil
}
