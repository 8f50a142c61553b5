package qnn

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// shapeFn computes an op's result shape from its operand shapes and
// parameters, checking both as QNN's op definitions require.
type shapeFn func(in [][]int64, attrs ods.AttrGetter) ([]int64, error)

// InferShape computes the result shape of the qnn op named opName
// ("Conv2d" or "qnn.Conv2d") from its operand types and parameters. The
// result's data type and encoding are the caller's choice: QNN does not
// derive output quantization from the inputs.
func InferShape(opName string, operands []ir.Type, attrs ods.AttrGetter) ([]int64, error) {
	fn, ok := shapeFns[strings.TrimPrefix(opName, "qnn.")]
	if !ok {
		return nil, fmt.Errorf("qnn.%s has no shape rule", strings.TrimPrefix(opName, "qnn."))
	}
	in := make([][]int64, len(operands))
	for i, t := range operands {
		s, ok := ShapeOf(t)
		if !ok {
			return nil, fmt.Errorf("operand #%d is not a statically shaped tensor", i)
		}
		in[i] = s
	}
	if attrs == nil {
		attrs = func(string) ir.Attribute { return nil }
	}
	return fn(in, attrs)
}

func dims(s []int64) string {
	if len(s) == 0 {
		return "scalar"
	}
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = strconv.FormatInt(d, 10)
	}
	return strings.Join(parts, "x")
}

// ---- parameter access ----

func intArray(attrs ods.AttrGetter, name string, n int, def []int64) ([]int64, error) {
	a := attrs(name)
	if a == nil {
		if def == nil {
			return nil, fmt.Errorf("requires attribute '%s'", name)
		}
		return def, nil
	}
	da, ok := a.(*ir.DenseArrayAttr)
	if !ok || !ir.IsInteger(da.Elem, 64) {
		return nil, fmt.Errorf("'%s' must be an array<i64: ...>", name)
	}
	if n > 0 && len(da.Ints) != n {
		return nil, fmt.Errorf("'%s' must have %d elements, got %d", name, n, len(da.Ints))
	}
	return da.Ints, nil
}

func positive(name string, vals []int64) error {
	for _, v := range vals {
		if v < 1 {
			return fmt.Errorf("'%s' values must be positive, got %d", name, v)
		}
	}
	return nil
}

func intParam(attrs ods.AttrGetter, name string, def int64) (int64, error) {
	switch a := attrs(name).(type) {
	case nil:
		return def, nil
	case *ir.IntegerAttr:
		return a.Value, nil
	}
	return 0, fmt.Errorf("'%s' must be an integer", name)
}

func floatParam(attrs ods.AttrGetter, name string, def float64) (float64, error) {
	switch a := attrs(name).(type) {
	case nil:
		return def, nil
	case *ir.FloatAttr:
		if math.IsNaN(a.Value) || math.IsInf(a.Value, 0) {
			return 0, fmt.Errorf("'%s' must be finite, got %s", name, a)
		}
		return a.Value, nil
	}
	return 0, fmt.Errorf("'%s' must be a float", name)
}

func boolParam(attrs ods.AttrGetter, name string) bool {
	b, ok := attrs(name).(*ir.BoolAttr)
	return ok && b.Value
}

func strParam(attrs ods.AttrGetter, name, def string) string {
	if s, ok := attrs(name).(*ir.StringAttr); ok {
		return s.Value
	}
	return def
}

// matrix reads a rows×cols integer dense attribute (rows < 0: any).
func matrix(attrs ods.AttrGetter, name string, rows, cols int, def [][]int64) ([][]int64, error) {
	a := attrs(name)
	if a == nil {
		if def == nil {
			return nil, fmt.Errorf("requires attribute '%s'", name)
		}
		return def, nil
	}
	d, ok := a.(*ir.DenseElementsAttr)
	if !ok || !ir.IsInteger(d.Type.ElementType(), 0) || len(d.Type.Dims()) != 2 {
		return nil, fmt.Errorf("'%s' must be a 2-D integer dense attribute", name)
	}
	sh := d.Type.Dims()
	if (rows >= 0 && sh[0] != int64(rows)) || sh[1] != int64(cols) {
		want := fmt.Sprintf("Nx%d", cols)
		if rows >= 0 {
			want = fmt.Sprintf("%dx%d", rows, cols)
		}
		return nil, fmt.Errorf("'%s' must have shape %s, got %s", name, want, dims(sh))
	}
	out := make([][]int64, sh[0])
	for i := range out {
		out[i] = make([]int64, cols)
		for j := range out[i] {
			out[i][j] = d.IntAt(i*cols + j)
		}
	}
	return out, nil
}

var zeroPad = [][]int64{{0, 0}, {0, 0}}

// padAmount reads pad_amount [[top, bottom], [left, right]].
func padAmount(attrs ods.AttrGetter, def [][]int64) ([][]int64, error) {
	p, err := matrix(attrs, "pad_amount", 2, 2, def)
	if err != nil {
		return nil, err
	}
	for _, r := range p {
		for _, v := range r {
			if v < 0 {
				return nil, fmt.Errorf("'pad_amount' values must be non-negative, got %d", v)
			}
		}
	}
	return p, nil
}

func rankIs(what string, s []int64, rank int, layout string) error {
	if len(s) != rank {
		return fmt.Errorf("expects a %d-D %s %s, got %s", rank, layout, what, rankText(s))
	}
	return nil
}

func rankText(s []int64) string {
	if len(s) == 0 {
		return "a scalar"
	}
	return fmt.Sprintf("%d-D %s", len(s), dims(s))
}

func checkBias(in [][]int64, channels int64) error {
	if len(in) > 2 && !(len(in[2]) == 1 && in[2][0] == channels) {
		return fmt.Errorf("expects a bias of shape %d (one value per output channel), got %s", channels, dims(in[2]))
	}
	return nil
}

// windowOut is the output size of a sliding window: floor (or ceil) of
// (size + padBefore + padAfter − effectiveFilter) / stride, plus one.
func windowOut(what string, size, filter, stride, dilation, before, after int64, ceil bool) (int64, error) {
	eff := (filter-1)*dilation + 1
	span := size + before + after - eff
	if span < 0 {
		return 0, fmt.Errorf("effective filter %s %d exceeds the padded input %s %d", what, eff, what, size+before+after)
	}
	if ceil {
		return (span+stride-1)/stride + 1, nil
	}
	return span/stride + 1, nil
}

type convParams struct {
	stride, dilation []int64
	pad              [][]int64
	group            int64
}

func readConvParams(attrs ods.AttrGetter, withDilation, withGroup bool) (convParams, error) {
	var p convParams
	var err error
	if p.stride, err = intArray(attrs, "stride", 2, nil); err != nil {
		return p, err
	}
	if err = positive("stride", p.stride); err != nil {
		return p, err
	}
	p.dilation = []int64{1, 1}
	if withDilation {
		if p.dilation, err = intArray(attrs, "dilation", 2, []int64{1, 1}); err != nil {
			return p, err
		}
		if err = positive("dilation", p.dilation); err != nil {
			return p, err
		}
	}
	if p.pad, err = padAmount(attrs, nil); err != nil {
		return p, err
	}
	p.group = 1
	if withGroup {
		if p.group, err = intParam(attrs, "group", 1); err != nil {
			return p, err
		}
		if p.group < 1 {
			return p, fmt.Errorf("'group' must be positive, got %d", p.group)
		}
	}
	return p, nil
}

func convSpatial(x, w []int64, p convParams) (int64, int64, error) {
	h, err := windowOut("height", x[1], w[0], p.stride[0], p.dilation[0], p.pad[0][0], p.pad[0][1], false)
	if err != nil {
		return 0, 0, err
	}
	wd, err := windowOut("width", x[2], w[1], p.stride[1], p.dilation[1], p.pad[1][0], p.pad[1][1], false)
	return h, wd, err
}

// conv2dShape: input [b, h, w, cin], filter [fh, fw, cin/group, cout],
// bias [cout]; out [b, h', w', cout] with
// h' = floor((h + pad_top + pad_bottom − ((fh − 1)·dilation + 1)) / stride) + 1.
func conv2dShape(in [][]int64, attrs ods.AttrGetter) ([]int64, error) {
	x, w := in[0], in[1]
	if err := rankIs("input", x, 4, "NHWC"); err != nil {
		return nil, err
	}
	if err := rankIs("filter", w, 4, "HWIO"); err != nil {
		return nil, err
	}
	p, err := readConvParams(attrs, true, true)
	if err != nil {
		return nil, err
	}
	if w[2]*p.group != x[3] {
		return nil, fmt.Errorf("filter input channels (%d) times group (%d) must equal the input channels (%d)", w[2], p.group, x[3])
	}
	if w[3]%p.group != 0 {
		return nil, fmt.Errorf("output channels (%d) must be divisible by group (%d)", w[3], p.group)
	}
	if err := checkBias(in, w[3]); err != nil {
		return nil, err
	}
	h, wd, err := convSpatial(x, w, p)
	if err != nil {
		return nil, err
	}
	return []int64{x[0], h, wd, w[3]}, nil
}

// depthWiseConv2dShape: filter [fh, fw, 1, cin·multiplier].
func depthWiseConv2dShape(in [][]int64, attrs ods.AttrGetter) ([]int64, error) {
	x, w := in[0], in[1]
	if err := rankIs("input", x, 4, "NHWC"); err != nil {
		return nil, err
	}
	if err := rankIs("filter", w, 4, "[H, W, 1, C*multiplier]"); err != nil {
		return nil, err
	}
	p, err := readConvParams(attrs, true, false)
	if err != nil {
		return nil, err
	}
	if w[2] != 1 {
		return nil, fmt.Errorf("expects a [H, W, 1, C*multiplier] filter, got dimension 2 of size %d", w[2])
	}
	if w[3]%x[3] != 0 {
		return nil, fmt.Errorf("filter output channels (%d) must be a multiple of the input channels (%d)", w[3], x[3])
	}
	if err := checkBias(in, w[3]); err != nil {
		return nil, err
	}
	h, wd, err := convSpatial(x, w, p)
	if err != nil {
		return nil, err
	}
	return []int64{x[0], h, wd, w[3]}, nil
}

// transposeConv2dShape: filter [fh, fw, cin, cout/group]; out channels
// cout; h' = stride·(h − 1) + output_padding + fh − pad_top − pad_bottom.
func transposeConv2dShape(in [][]int64, attrs ods.AttrGetter) ([]int64, error) {
	x, w := in[0], in[1]
	if err := rankIs("input", x, 4, "NHWC"); err != nil {
		return nil, err
	}
	if err := rankIs("filter", w, 4, "HWIO"); err != nil {
		return nil, err
	}
	p, err := readConvParams(attrs, false, true)
	if err != nil {
		return nil, err
	}
	op, err := intArray(attrs, "output_padding", 2, []int64{0, 0})
	if err != nil {
		return nil, err
	}
	for i, v := range op {
		if v < 0 || v >= p.stride[i] {
			return nil, fmt.Errorf("'output_padding' value %d must be in [0, stride %d)", v, p.stride[i])
		}
	}
	if w[2] != x[3] {
		return nil, fmt.Errorf("filter input channels (%d) must equal the input channels (%d)", w[2], x[3])
	}
	if x[3]%p.group != 0 {
		return nil, fmt.Errorf("input channels (%d) must be divisible by group (%d)", x[3], p.group)
	}
	cout := w[3] * p.group
	if err := checkBias(in, cout); err != nil {
		return nil, err
	}
	out := []int64{x[0], 0, 0, cout}
	for i, what := range []string{"height", "width"} {
		v := p.stride[i]*(x[1+i]-1) + op[i] + w[i] - p.pad[i][0] - p.pad[i][1]
		if v < 1 {
			return nil, fmt.Errorf("output %s would be %d", what, v)
		}
		out[1+i] = v
	}
	return out, nil
}

// fullyConnectedShape: input [..., n], weights [m, n], bias [m]; out
// [prod(leading dims), m], or [..., m] with keep_dims.
func fullyConnectedShape(in [][]int64, attrs ods.AttrGetter) ([]int64, error) {
	x, w := in[0], in[1]
	if len(x) < 2 {
		return nil, fmt.Errorf("expects an input of rank at least 2, got %s", rankText(x))
	}
	if len(w) != 2 {
		return nil, fmt.Errorf("expects 2-D [units, input_size] weights, got %s", rankText(w))
	}
	if x[len(x)-1] != w[1] {
		return nil, fmt.Errorf("input feature size (%d) does not match the weights' input size (%d)", x[len(x)-1], w[1])
	}
	if err := checkBias(in, w[0]); err != nil {
		return nil, err
	}
	if boolParam(attrs, "keep_dims") {
		return append(append([]int64{}, x[:len(x)-1]...), w[0]), nil
	}
	return []int64{product(x[:len(x)-1]), w[0]}, nil
}

// broadcast is numpy-style broadcasting of two shapes.
func broadcast(a, b []int64) ([]int64, error) {
	out, _, ok := tensor.BroadcastPair(a, b, false)
	if !ok {
		return nil, fmt.Errorf("operand shapes %s and %s are not broadcast-compatible", dims(a), dims(b))
	}
	return out, nil
}

func broadcastShape(in [][]int64, _ ods.AttrGetter) ([]int64, error) { return broadcast(in[0], in[1]) }

// matMulShape: in0 [..., m, k], in1 [..., k, n] (after the optional
// transposes of the last two dims); batch dims broadcast.
func matMulShape(in [][]int64, attrs ods.AttrGetter) ([]int64, error) {
	a, b := in[0], in[1]
	if len(a) < 2 || len(b) < 2 {
		return nil, fmt.Errorf("expects operands of rank at least 2, got %s and %s", rankText(a), rankText(b))
	}
	m, k0 := a[len(a)-2], a[len(a)-1]
	if boolParam(attrs, "transpose_in0") {
		m, k0 = k0, m
	}
	k1, n := b[len(b)-2], b[len(b)-1]
	if boolParam(attrs, "transpose_in1") {
		k1, n = n, k1
	}
	if k0 != k1 {
		return nil, fmt.Errorf("contraction dimensions differ: in0 has %d, in1 has %d", k0, k1)
	}
	batch, err := broadcast(a[:len(a)-2], b[:len(b)-2])
	if err != nil {
		return nil, fmt.Errorf("batch dimensions: %v", err)
	}
	return append(batch, m, n), nil
}

func sameShape(in [][]int64, _ ods.AttrGetter) ([]int64, error) { return in[0], nil }

// preluShape: the slope broadcasts to the input.
func preluShape(in [][]int64, _ ods.AttrGetter) ([]int64, error) {
	out, err := broadcast(in[0], in[1])
	if err != nil || !slices.Equal(out, in[0]) {
		return nil, fmt.Errorf("slope of shape %s does not broadcast to the input shape %s", dims(in[1]), dims(in[0]))
	}
	return in[0], nil
}

func checkAxis(name string, axis int64, rank int) error {
	if axis < 0 || axis >= int64(rank) {
		return fmt.Errorf("'%s' %d is out of range for a rank-%d input", name, axis, rank)
	}
	return nil
}

func softmaxShape(in [][]int64, attrs ods.AttrGetter) ([]int64, error) {
	x := in[0]
	if len(x) == 0 {
		return nil, fmt.Errorf("expects an input of rank at least 1")
	}
	axis, err := intParam(attrs, "axis", int64(len(x)-1))
	if err != nil {
		return nil, err
	}
	if err := checkAxis("axis", axis, len(x)); err != nil {
		return nil, err
	}
	if _, err := floatParam(attrs, "beta", 1); err != nil {
		return nil, err
	}
	return x, nil
}

// axesParam reads a non-empty list of distinct axes within rank.
func axesParam(attrs ods.AttrGetter, rank int) ([]int64, error) {
	axes, err := intArray(attrs, "axes", 0, nil)
	if err != nil {
		return nil, err
	}
	if len(axes) == 0 {
		return nil, fmt.Errorf("'axes' must not be empty")
	}
	seen := map[int64]bool{}
	for _, a := range axes {
		if err := checkAxis("axes", a, rank); err != nil {
			return nil, err
		}
		if seen[a] {
			return nil, fmt.Errorf("'axes' lists axis %d twice", a)
		}
		seen[a] = true
	}
	return axes, nil
}

// layerNormShape: gamma and beta have the input's sizes along axes.
func layerNormShape(in [][]int64, attrs ods.AttrGetter) ([]int64, error) {
	x := in[0]
	axes, err := axesParam(attrs, len(x))
	if err != nil {
		return nil, err
	}
	eps, err := floatParam(attrs, "epsilon", 0.001)
	if err != nil {
		return nil, err
	}
	if eps < 0 {
		return nil, fmt.Errorf("'epsilon' must be non-negative, got %g", eps)
	}
	want := make([]int64, len(axes))
	for i, a := range axes {
		want[i] = x[a]
	}
	for i, name := range []string{"gamma", "beta"} {
		if len(in) > i+1 && !slices.Equal(in[i+1], want) {
			return nil, fmt.Errorf("expects %s of shape %s (the input's sizes along 'axes'), got %s", name, dims(want), dims(in[i+1]))
		}
	}
	return x, nil
}

// poolShape: filter_size, stride, pad_amount and rounding_mode on NHWC.
func poolShape(in [][]int64, attrs ods.AttrGetter) ([]int64, error) {
	x := in[0]
	if err := rankIs("input", x, 4, "NHWC"); err != nil {
		return nil, err
	}
	f, err := intArray(attrs, "filter_size", 2, nil)
	if err != nil {
		return nil, err
	}
	if err := positive("filter_size", f); err != nil {
		return nil, err
	}
	s, err := intArray(attrs, "stride", 2, nil)
	if err != nil {
		return nil, err
	}
	if err := positive("stride", s); err != nil {
		return nil, err
	}
	pad, err := padAmount(attrs, zeroPad)
	if err != nil {
		return nil, err
	}
	ceil := strParam(attrs, "rounding_mode", "floor") == "ceil"
	h, err := windowOut("height", x[1], f[0], s[0], 1, pad[0][0], pad[0][1], ceil)
	if err != nil {
		return nil, err
	}
	w, err := windowOut("width", x[2], f[1], s[1], 1, pad[1][0], pad[1][1], ceil)
	if err != nil {
		return nil, err
	}
	return []int64{x[0], h, w, x[3]}, nil
}

func transposeShape(in [][]int64, attrs ods.AttrGetter) ([]int64, error) {
	x := in[0]
	perm, err := intArray(attrs, "perm", 0, nil)
	if err != nil {
		return nil, err
	}
	if len(perm) != len(x) {
		return nil, fmt.Errorf("'perm' has %d entries but the input has rank %d", len(perm), len(x))
	}
	seen := make([]bool, len(x))
	out := make([]int64, len(x))
	for i, p := range perm {
		if p < 0 || p >= int64(len(x)) || seen[p] {
			return nil, fmt.Errorf("'perm' must be a permutation of [0, %d), got [%s]", len(x), joinInts(perm))
		}
		seen[p] = true
		out[i] = x[p]
	}
	return out, nil
}

func joinInts(v []int64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatInt(x, 10)
	}
	return strings.Join(parts, ", ")
}

func concatShape(in [][]int64, attrs ods.AttrGetter) ([]int64, error) {
	if len(in) == 0 {
		return nil, fmt.Errorf("expects at least one input")
	}
	x := in[0]
	if len(x) == 0 {
		return nil, fmt.Errorf("expects inputs of rank at least 1")
	}
	axis, err := intParam(attrs, "axis", int64(len(x)-1))
	if err != nil {
		return nil, err
	}
	if err := checkAxis("axis", axis, len(x)); err != nil {
		return nil, err
	}
	out := append([]int64{}, x...)
	for i, s := range in[1:] {
		if len(s) != len(x) {
			return nil, fmt.Errorf("input #%d has rank %d, but input #0 has rank %d", i+1, len(s), len(x))
		}
		for d := range s {
			if int64(d) != axis && s[d] != x[d] {
				return nil, fmt.Errorf("input #%d has shape %s, which differs from input #0's %s outside axis %d", i+1, dims(s), dims(x), axis)
			}
		}
		out[axis] += s[axis]
	}
	return out, nil
}

// stridedSliceShape follows QNN's StridedSlice (TensorFlow's semantics):
// ranges holds one [begin, end, stride] row per entry, negative begin and
// end count from the end, begin_mask/end_mask bits take the full range,
// shrink_axes bits drop the dimension (taking index begin), and
// new_axes_mask bits insert a dimension of size 1 whose row is ignored.
// There is one row per input dimension plus one per new axis.
func stridedSliceShape(in [][]int64, attrs ods.AttrGetter) ([]int64, error) {
	x := in[0]
	masks := map[string]int64{}
	for _, name := range []string{"begin_mask", "end_mask", "shrink_axes", "new_axes_mask"} {
		v, err := intParam(attrs, name, 0)
		if err != nil {
			return nil, err
		}
		if v < 0 || v >= 1<<32 {
			return nil, fmt.Errorf("'%s' must be a 32-bit mask, got %d", name, v)
		}
		masks[name] = v
	}
	newAxes := masks["new_axes_mask"]
	rows := len(x) + popcount(newAxes)
	ranges, err := matrix(attrs, "ranges", -1, 3, nil)
	if err != nil {
		return nil, err
	}
	if len(ranges) != rows {
		return nil, fmt.Errorf("'ranges' must have %d rows (rank %d plus %d new axes), got %d", rows, len(x), popcount(newAxes), len(ranges))
	}
	if newAxes>>rows != 0 || masks["shrink_axes"]>>rows != 0 {
		return nil, fmt.Errorf("masks name rows beyond the %d rows of 'ranges'", rows)
	}
	if newAxes&masks["shrink_axes"] != 0 {
		return nil, fmt.Errorf("a row cannot both shrink and add an axis")
	}
	var out []int64
	d := 0
	for i, r := range ranges {
		bit := int64(1) << i
		if newAxes&bit != 0 {
			out = append(out, 1)
			continue
		}
		size := x[d]
		d++
		begin, end, stride := r[0], r[1], r[2]
		if stride == 0 {
			return nil, fmt.Errorf("'ranges' row %d has stride 0", i)
		}
		if masks["shrink_axes"]&bit != 0 {
			if begin < 0 {
				begin += size
			}
			if begin < 0 || begin >= size {
				return nil, fmt.Errorf("'ranges' row %d shrinks dimension %d at index %d, outside [0, %d)", i, d-1, r[0], size)
			}
			continue
		}
		out = append(out, sliceLen(size, begin, end, stride, masks["begin_mask"]&bit != 0, masks["end_mask"]&bit != 0))
	}
	return out, nil
}

// sliceLen is the number of indices begin, begin+stride, … before end
// after TensorFlow's normalisation and clamping.
func sliceLen(size, begin, end, stride int64, fullBegin, fullEnd bool) int64 {
	begin, end = SliceBounds(size, begin, end, stride, fullBegin, fullEnd)
	if stride > 0 {
		if end <= begin {
			return 0
		}
		return (end - begin + stride - 1) / stride
	}
	if end >= begin {
		return 0
	}
	return (begin - end - stride - 1) / -stride
}

// SliceBounds normalises one StridedSlice row as TensorFlow does: a
// negative bound counts from the end, bounds clamp to [0, size] for a
// positive stride and [-1, size-1] for a negative one (-1: before index
// 0), and a masked bound takes the whole extent in the stride's direction.
func SliceBounds(size, begin, end, stride int64, fullBegin, fullEnd bool) (int64, int64) {
	lo, hi := int64(0), size // clamp range for a positive stride
	if stride < 0 {
		lo, hi = -1, size-1
	}
	norm := func(v int64) int64 {
		if v < 0 {
			v += size
		}
		return min(max(v, lo), hi)
	}
	if fullBegin {
		begin = pickInt(stride > 0, lo, hi)
	} else {
		begin = norm(begin)
	}
	if fullEnd {
		end = pickInt(stride > 0, hi, lo)
	} else {
		end = norm(end)
	}
	return begin, end
}

func pickInt(c bool, a, b int64) int64 {
	if c {
		return a
	}
	return b
}

func popcount(v int64) int {
	n := 0
	for ; v != 0; v &= v - 1 {
		n++
	}
	return n
}

func reduceShape(in [][]int64, attrs ods.AttrGetter) ([]int64, error) {
	x := in[0]
	axes, err := axesParam(attrs, len(x))
	if err != nil {
		return nil, err
	}
	return tensor.ReducedShape(x, axes, boolParam(attrs, "keep_dims")), nil
}

// gatherShape: out = input[:axis] ++ indices ++ input[axis+1:].
func gatherShape(in [][]int64, attrs ods.AttrGetter) ([]int64, error) {
	x, idx := in[0], in[1]
	if len(x) == 0 {
		return nil, fmt.Errorf("expects an input of rank at least 1")
	}
	axis, err := intParam(attrs, "axis", 0)
	if err != nil {
		return nil, err
	}
	if err := checkAxis("axis", axis, len(x)); err != nil {
		return nil, err
	}
	out := append([]int64{}, x[:axis]...)
	out = append(out, idx...)
	return append(out, x[axis+1:]...), nil
}

// padShape: pad_amount is [rank, 2] of (before, after).
func padShape(in [][]int64, attrs ods.AttrGetter) ([]int64, error) {
	x := in[0]
	p, err := matrix(attrs, "pad_amount", len(x), 2, nil)
	if err != nil {
		return nil, err
	}
	scheme := strParam(attrs, "scheme", "constant")
	out := make([]int64, len(x))
	for i, r := range p {
		if r[0] < 0 || r[1] < 0 {
			return nil, fmt.Errorf("'pad_amount' values must be non-negative, got %d", min(r[0], r[1]))
		}
		switch {
		case scheme == "mirror_reflect" && (r[0] >= x[i] || r[1] >= x[i]):
			return nil, fmt.Errorf("mirror_reflect padding of dimension %d must be smaller than its size %d", i, x[i])
		case scheme == "mirror_symmetric" && (r[0] > x[i] || r[1] > x[i]):
			return nil, fmt.Errorf("mirror_symmetric padding of dimension %d must not exceed its size %d", i, x[i])
		}
		out[i] = x[i] + r[0] + r[1]
	}
	return out, nil
}
