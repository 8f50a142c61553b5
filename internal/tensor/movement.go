package tensor

import (
	"fmt"
	"math"
	"slices"
)

// mapCopy fills dst (shape out) from src (shape in): along every axis d,
// output index o reads source index maps[d][o], or the fill value when that
// is -1 (on any axis).
func mapCopy(dst, src *Tensor, maps [][]int, fill float64) {
	switch d := dst.data.(type) {
	case []float32:
		mapCopyT(d, src.data.([]float32), src.shape, dst.shape, maps, float32(fill))
	case []float64:
		mapCopyT(d, src.data.([]float64), src.shape, dst.shape, maps, fill)
	case []uint16:
		f := Scalar(dst.dtype, fill).data.([]uint16)[0]
		mapCopyT(d, src.data.([]uint16), src.shape, dst.shape, maps, f)
	case []int8:
		mapCopyT(d, src.data.([]int8), src.shape, dst.shape, maps, Scalar(dst.dtype, fill).data.([]int8)[0])
	case []uint8:
		mapCopyT(d, src.data.([]uint8), src.shape, dst.shape, maps, Scalar(dst.dtype, fill).data.([]uint8)[0])
	case []int16:
		mapCopyT(d, src.data.([]int16), src.shape, dst.shape, maps, Scalar(dst.dtype, fill).data.([]int16)[0])
	case []int32:
		mapCopyT(d, src.data.([]int32), src.shape, dst.shape, maps, Scalar(dst.dtype, fill).data.([]int32)[0])
	case []int64:
		mapCopyT(d, src.data.([]int64), src.shape, dst.shape, maps, floatToInt(fill, math.MinInt64, math.MaxInt64))
	case []bool:
		mapCopyT(d, src.data.([]bool), src.shape, dst.shape, maps, fill != 0)
	}
}

func mapCopyT[T any](dst, src []T, in, out []int64, maps [][]int, fill T) {
	if len(dst) == 0 {
		return
	}
	rank := len(out)
	if rank == 0 {
		dst[0] = src[0]
		return
	}
	st := stridesOf(in)
	inner := maps[rank-1]
	n := len(inner)
	lo, hi, run := innerRun(inner)
	idx := make([]int, rank-1)
	for o := 0; o < len(dst); o += n {
		base, isFill := 0, false
		for d := range rank - 1 {
			s := maps[d][idx[d]]
			if s < 0 {
				isFill = true
				break
			}
			base += s * st[d]
		}
		row := dst[o : o+n]
		if isFill {
			for i := range row {
				row[i] = fill
			}
		} else if run {
			for i := range row[:lo] {
				row[i] = fill
			}
			if lo < hi {
				copy(row[lo:hi], src[base+inner[lo]:])
			}
			for i := hi; i < n; i++ {
				row[i] = fill
			}
		} else {
			for i, s := range inner {
				if s < 0 {
					row[i] = fill
				} else {
					row[i] = src[base+s]
				}
			}
		}
		for d := rank - 2; d >= 0; d-- {
			idx[d]++
			if idx[d] < int(out[d]) {
				break
			}
			idx[d] = 0
		}
	}
}

// innerRun reports whether the innermost axis's map reads one run of
// consecutive inputs into outputs [lo, hi) and fills the rest (a constant
// pad or a slice of unit step): then each row is a copy between fills.
func innerRun(m []int) (lo, hi int, ok bool) {
	lo = 0
	for lo < len(m) && m[lo] < 0 {
		lo++
	}
	hi = lo
	for hi < len(m) && m[hi] == m[lo]+hi-lo {
		hi++
	}
	for _, s := range m[hi:] {
		if s >= 0 {
			return 0, 0, false
		}
	}
	return lo, hi, true
}

// Transpose permutes the axes: out.shape[i] = x.shape[perm[i]]. A nil perm
// reverses the axes (ONNX default).
func Transpose(x *Tensor, perm []int) (*Tensor, error) {
	r := len(x.shape)
	if perm == nil {
		perm = make([]int, r)
		for i := range perm {
			perm[i] = r - 1 - i
		}
	}
	if len(perm) != r {
		return nil, fmt.Errorf("tensor: transpose: perm %v for rank %d", perm, r)
	}
	seen := make([]bool, r)
	outShape := make([]int64, r)
	for i, p := range perm {
		if p < 0 || p >= r || seen[p] {
			return nil, fmt.Errorf("tensor: transpose: %v is not a permutation of %d axes", perm, r)
		}
		seen[p] = true
		outShape[i] = x.shape[p]
	}
	out, err := Alloc(x.dtype, outShape)
	if err != nil {
		return nil, err
	}
	transposeInto(out, x, perm)
	return out, nil
}

// TransposeInto is Transpose writing into y, a tensor of x's dtype and the
// permuted shape that shares no storage with x.
func TransposeInto(y, x *Tensor, perm []int) error {
	r := len(x.shape)
	if len(perm) != r || y.dtype != x.dtype || len(y.shape) != r {
		return fmt.Errorf("tensor: transpose into: perm %v, output %v of shape %s, for %v of shape %s", perm, y.dtype, FormatShape(y.shape), x.dtype, FormatShape(x.shape))
	}
	seen := make([]bool, r)
	for i, p := range perm {
		if p < 0 || p >= r || seen[p] || y.shape[i] != x.shape[p] {
			return fmt.Errorf("tensor: transpose into: perm %v, output of shape %s, for shape %s", perm, FormatShape(y.shape), FormatShape(x.shape))
		}
		seen[p] = true
	}
	transposeInto(y, x, perm)
	return nil
}

// transposeInto copies x permuted by perm (valid) into out.
func transposeInto(out, x *Tensor, perm []int) {
	r, outShape := len(x.shape), out.shape
	in := stridesOf(x.shape)
	st := make([]int, r)
	for i, p := range perm {
		st[i] = in[p]
	}
	switch d := out.data.(type) {
	case []float32:
		if b, r, c, ok := batchedTranspose(x.shape, perm); ok {
			src := x.data.([]float32)
			for i := range b {
				transpose2D(d[i*r*c:(i+1)*r*c], src[i*r*c:(i+1)*r*c], r, c)
			}
			return
		}
		stridedCopy(d, x.data.([]float32), outShape, st)
	case []float64:
		stridedCopy(d, x.data.([]float64), outShape, st)
	case []uint16:
		stridedCopy(d, x.data.([]uint16), outShape, st)
	case []int8:
		stridedCopy(d, x.data.([]int8), outShape, st)
	case []uint8:
		stridedCopy(d, x.data.([]uint8), outShape, st)
	case []int16:
		stridedCopy(d, x.data.([]int16), outShape, st)
	case []int32:
		stridedCopy(d, x.data.([]int32), outShape, st)
	case []int64:
		stridedCopy(d, x.data.([]int64), outShape, st)
	case []bool:
		stridedCopy(d, x.data.([]bool), outShape, st)
	}
}

// batchedTranspose reports whether transposing shape by perm moves b
// matrices of r x c values each to c x r (the rest of the axes keep
// their order once axes of size 1 are left out and axes that stay
// neighbours are merged): NCHW to NHWC and back, for instance.
func batchedTranspose(shape []int64, perm []int) (b, r, c int, ok bool) {
	// The input axes in output order, without those of size 1, merged
	// into runs of axes that follow each other in the input too.
	type run struct{ first, last, size int }
	var runs [3]run // more than three: not a batch of transposes
	n := 0
	for _, a := range perm {
		if shape[a] == 1 {
			continue
		}
		if n > 0 && nextAxis(shape, runs[n-1].last) == a {
			runs[n-1].last = a
			runs[n-1].size *= int(shape[a])
			continue
		}
		if n == len(runs) {
			return 0, 0, 0, false
		}
		runs[n] = run{a, a, int(shape[a])}
		n++
	}
	switch {
	case n == 2 && runs[0].first > runs[1].first:
		return 1, runs[1].size, runs[0].size, true
	case n == 3 && runs[0].first < runs[2].first && runs[2].first < runs[1].first:
		return runs[0].size, runs[2].size, runs[1].size, true
	}
	return 0, 0, 0, false
}

// nextAxis is the first axis after a whose size is not 1 (len(shape) if
// none).
func nextAxis(shape []int64, a int) int {
	for a++; a < len(shape) && shape[a] == 1; a++ {
	}
	return a
}

// transpose2D writes the c x r transpose of src (r rows of c) into dst:
// whole 16x16 blocks through transpose2DFast, the rest here.
func transpose2D(dst, src []float32, r, c int) {
	rows, cols := transpose2DFast(dst, src, r, c)
	for i := range r {
		j0 := cols
		if i >= rows {
			j0 = 0
		}
		for j := j0; j < c; j++ {
			dst[j*r+i] = src[i*c+j]
		}
	}
}

// collapseAxes merges the axes of a strided view (shape, with source
// strides st) that follow each other in the source as well, and drops
// axes of size 1, so that stridedCopy copies the longest contiguous runs:
// a channel shuffle's [2, C/2, H·W] blocks instead of rows of W values.
func collapseAxes(shape []int64, st []int) ([]int64, []int) {
	cs, ct := make([]int64, 0, len(shape)), make([]int, 0, len(st))
	for i := range shape {
		if shape[i] == 1 {
			continue
		}
		if k := len(cs) - 1; k >= 0 && ct[k] == st[i]*int(shape[i]) {
			cs[k] *= shape[i]
			ct[k] = st[i]
			continue
		}
		cs, ct = append(cs, shape[i]), append(ct, st[i])
	}
	return cs, ct
}

// stridedCopy fills contiguous dst of the given shape with src elements at
// offsets Σ idx[d]*st[d].
func stridedCopy[T any](dst, src []T, shape []int64, st []int) {
	if len(dst) == 0 {
		return
	}
	shape, st = collapseAxes(shape, st)
	r := len(shape)
	if r == 0 {
		dst[0] = src[0]
		return
	}
	n, step := int(shape[r-1]), st[r-1]
	idx := make([]int, r-1)
	off := 0
	for o := 0; o < len(dst); o += n {
		row := dst[o : o+n]
		if step == 1 {
			copy(row, src[off:off+n])
		} else {
			for i := range row {
				row[i] = src[off+i*step]
			}
		}
		for d := r - 2; d >= 0; d-- {
			idx[d]++
			off += st[d]
			if idx[d] < int(shape[d]) {
				break
			}
			off -= st[d] * idx[d]
			idx[d] = 0
		}
	}
}

// copyRange copies n elements from src[so:] to dst[do:] (same storage type).
func copyRange(dst any, do int, src any, so, n int) {
	switch d := dst.(type) {
	case []float32:
		copy(d[do:do+n], src.([]float32)[so:so+n])
	case []float64:
		copy(d[do:do+n], src.([]float64)[so:so+n])
	case []uint16:
		copy(d[do:do+n], src.([]uint16)[so:so+n])
	case []int8:
		copy(d[do:do+n], src.([]int8)[so:so+n])
	case []uint8:
		copy(d[do:do+n], src.([]uint8)[so:so+n])
	case []int16:
		copy(d[do:do+n], src.([]int16)[so:so+n])
	case []int32:
		copy(d[do:do+n], src.([]int32)[so:so+n])
	case []int64:
		copy(d[do:do+n], src.([]int64)[so:so+n])
	case []bool:
		copy(d[do:do+n], src.([]bool)[so:so+n])
	}
}

// placedAt reports whether x's storage is out's from element at on.
func placedAt(out *Tensor, at int, x *Tensor) bool {
	if x.dtype != out.dtype || x.Len() == 0 || at+x.Len() > out.Len() {
		return false
	}
	switch d := out.data.(type) {
	case []float32:
		return &d[at] == &x.data.([]float32)[0]
	case []uint8:
		return &d[at] == &x.data.([]uint8)[0]
	case []int8:
		return &d[at] == &x.data.([]int8)[0]
	case []int16:
		return &d[at] == &x.data.([]int16)[0]
	case []uint16:
		return &d[at] == &x.data.([]uint16)[0]
	}
	return false
}

// Concat joins tensors of one dtype along axis (negative counts from the
// end); all other dimensions must match.
func Concat(axis int, xs ...*Tensor) (*Tensor, error) {
	outShape, err := ConcatShape(axis, xs...)
	if err != nil {
		return nil, err
	}
	out, err := Alloc(xs[0].dtype, outShape)
	if err != nil || out.Len() == 0 {
		return out, err
	}
	concatCopy(out, axis, xs)
	return out, nil
}

// ConcatShape is the shape Concat gives for these inputs, or its error.
func ConcatShape(axis int, xs ...*Tensor) ([]int64, error) {
	if len(xs) == 0 {
		return nil, fmt.Errorf("tensor: concat of no tensors")
	}
	r := len(xs[0].shape)
	if r == 0 {
		return nil, fmt.Errorf("tensor: concat of scalars")
	}
	ax, err := normAxis(axis, r)
	if err != nil {
		return nil, err
	}
	outShape := cloneShape(xs[0].shape)
	outShape[ax] = 0
	for i, x := range xs {
		if x.dtype != xs[0].dtype {
			return nil, fmt.Errorf("tensor: concat: input %d is %v, input 0 is %v", i, x.dtype, xs[0].dtype)
		}
		if len(x.shape) != r {
			return nil, fmt.Errorf("tensor: concat: input %d has rank %d, want %d", i, len(x.shape), r)
		}
		for d := range r {
			if d != ax && x.shape[d] != xs[0].shape[d] {
				return nil, fmt.Errorf("tensor: concat on axis %d: shapes %s and %s differ on axis %d",
					ax, FormatShape(xs[0].shape), FormatShape(x.shape), d)
			}
		}
		outShape[ax] += x.shape[ax]
	}
	return outShape, nil
}

// ConcatInto is Concat writing into y, a tensor of the inputs' dtype and
// ConcatShape's shape that shares no storage with them.
func ConcatInto(y *Tensor, axis int, xs ...*Tensor) error {
	outShape, err := ConcatShape(axis, xs...)
	if err != nil {
		return err
	}
	if y.dtype != xs[0].dtype || !slices.Equal(y.shape, outShape) {
		return fmt.Errorf("tensor: concat into: output %v of shape %s, want %v of shape %s", y.dtype, FormatShape(y.shape), xs[0].dtype, FormatShape(outShape))
	}
	if y.Len() > 0 {
		concatCopy(y, axis, xs)
	}
	return nil
}

// concatCopy copies xs (checked by ConcatShape) into out along axis.
func concatCopy(out *Tensor, axis int, xs []*Tensor) {
	ax, _ := normAxis(axis, len(out.shape))
	outer, _, inner := axisView(out.shape, ax)
	if outer == 1 {
		// The inputs end to end (channels of one image). An input whose
		// storage is its place in out already (its producer wrote it
		// there) is not copied.
		at, left := 0, 0
		for _, x := range xs {
			if !placedAt(out, at, x) {
				left += x.Len()
			}
			at += x.Len()
		}
		if left == 0 {
			return
		}
		copyInputs := func(lo, hi int) {
			at := 0
			for _, x := range xs {
				n := x.Len()
				if l, h := max(lo, at), min(hi, at+n); l < h && !placedAt(out, at, x) {
					copyRange(out.data, l, x.data, l-at, h-l)
				}
				at += n
			}
		}
		if left <= elemChunk {
			copyInputs(0, out.Len())
			return
		}
		// Chunks of the output shared among the threads, each copying
		// from whichever inputs it spans. Copied by one thread, the
		// inputs that the convolutions before wrote on two came half
		// from the other core (squeezenet1_1's eight concatenations:
		// 0.15 ms a run at one thread, 0.5 at two; 0.36 so).
		chunked(out.Len(), copyInputs)
		return
	}
	rowOut := int(out.shape[ax]) * inner
	pos := 0
	for _, x := range xs {
		seg := int(x.shape[ax]) * inner
		for o := range outer {
			copyRange(out.data, o*rowOut+pos, x.data, o*seg, seg)
		}
		pos += seg
	}
}

// Slice is ONNX Slice. For each listed axis (axes nil: 0, 1, ...; negative
// axes count from the end; steps nil: all 1): negative starts/ends are
// increased by the dim d, then for a positive step start and end are
// clamped to [0, d], for a negative step start to [0, d-1] and end to
// [-1, d-1]; the slice takes start, start+step, ... while before end. A zero
// step or a repeated axis is an error.
func Slice(x *Tensor, starts, ends []int64, axes []int, steps []int64) (*Tensor, error) {
	outShape, first, stride, err := sliceGeometry(x, starts, ends, axes, steps)
	if err != nil {
		return nil, err
	}
	out, err := Alloc(x.dtype, outShape)
	if err != nil || out.Len() == 0 {
		return out, err
	}
	sliceCopy(out, x, first, stride)
	return out, nil
}

// SliceShape is the shape Slice gives for these arguments.
func SliceShape(x *Tensor, starts, ends []int64, axes []int, steps []int64) ([]int64, error) {
	shape, _, _, err := sliceGeometry(x, starts, ends, axes, steps)
	return shape, err
}

// SliceInto is Slice writing into y, a tensor of x's dtype and the slice's
// shape that shares no storage with x.
func SliceInto(y, x *Tensor, starts, ends []int64, axes []int, steps []int64) error {
	outShape, first, stride, err := sliceGeometry(x, starts, ends, axes, steps)
	if err != nil {
		return err
	}
	if y.dtype != x.dtype || !slices.Equal(y.shape, outShape) {
		return fmt.Errorf("tensor: slice into: output %v of shape %s, want %v of shape %s", y.dtype, FormatShape(y.shape), x.dtype, FormatShape(outShape))
	}
	if y.Len() > 0 {
		sliceCopy(y, x, first, stride)
	}
	return nil
}

// sliceCopy copies the elements first + j·stride of every axis of x into out.
func sliceCopy(out, x *Tensor, first, stride []int64) {
	if r := len(x.shape); r > 0 && r <= len(sliceIndex{}) && stride[r-1] == 1 {
		sliceRows(out, x, first, stride)
		return
	}
	sliceMapped(out, x, first, stride)
}

// sliceMapped is sliceCopy through per-axis index maps (any steps).
func sliceMapped(out, x *Tensor, first, stride []int64) {
	maps := make([][]int, len(x.shape))
	for ax := range maps {
		m := make([]int, out.shape[ax])
		for j := range m {
			m[j] = int(first[ax] + int64(j)*stride[ax])
		}
		maps[ax] = m
	}
	mapCopy(out, x, maps, 0)
}

// sliceIndex is an index over a slice's axes, on the stack.
type sliceIndex [8]int

// sliceRows is sliceCopy when the last axis is taken in one run (step 1):
// one copy per output row, the rows' source offsets stepped like an
// odometer, nothing allocated.
func sliceRows(out, x *Tensor, first, stride []int64) {
	r := len(x.shape)
	var step sliceIndex // source elements per output step on each axis
	src, s := 0, 1
	for ax := r - 1; ax >= 0; ax-- {
		step[ax] = int(stride[ax]) * s
		src += int(first[ax]) * s
		s *= int(x.shape[ax])
	}
	n := int(out.shape[r-1])
	var idx sliceIndex
	for row := range out.Len() / n {
		copyRange(out.data, row*n, x.data, src, n)
		for ax := r - 2; ax >= 0; ax-- {
			idx[ax]++
			src += step[ax]
			if idx[ax] < int(out.shape[ax]) {
				break
			}
			src -= idx[ax] * step[ax]
			idx[ax] = 0
		}
	}
}

// sliceGeometry is Slice's output shape and, per axis, the first element
// taken and the step.
func sliceGeometry(x *Tensor, starts, ends []int64, axes []int, steps []int64) (outShape, first, stride []int64, err error) {
	r := len(x.shape)
	if len(starts) != len(ends) {
		return nil, nil, nil, fmt.Errorf("tensor: slice: %d starts and %d ends", len(starts), len(ends))
	}
	if axes != nil && len(axes) != len(starts) {
		return nil, nil, nil, fmt.Errorf("tensor: slice: %d axes for %d starts", len(axes), len(starts))
	}
	if steps != nil && len(steps) != len(starts) {
		return nil, nil, nil, fmt.Errorf("tensor: slice: %d steps for %d starts", len(steps), len(starts))
	}
	outShape = cloneShape(x.shape)
	done := make([]bool, r)
	first = make([]int64, r)
	stride = make([]int64, r)
	for ax := range r {
		stride[ax] = 1
	}
	for i := range starts {
		a := i
		if axes != nil {
			a = axes[i]
		}
		ax, err := normAxis(a, r)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("slice: %w", err)
		}
		if done[ax] {
			return nil, nil, nil, fmt.Errorf("tensor: slice: axis %d repeated", a)
		}
		done[ax] = true
		step := int64(1)
		if steps != nil {
			step = steps[i]
		}
		if step == 0 {
			return nil, nil, nil, fmt.Errorf("tensor: slice: zero step on axis %d", a)
		}
		if step == math.MinInt64 {
			step = -math.MaxInt64 // same slice; keeps -step representable
		}
		d := x.shape[ax]
		st, en := starts[i], ends[i]
		if st < 0 {
			st += d
		}
		if en < 0 {
			en += d
		}
		var n int64
		if step > 0 {
			st = max(0, min(st, d))
			en = max(0, min(en, d))
			if en > st {
				n = (en-st-1)/step + 1
			}
		} else if d > 0 {
			st = max(0, min(st, d-1))
			en = max(-1, min(en, d-1))
			if st > en {
				n = (st-en-1)/(-step) + 1
			}
		}
		outShape[ax], first[ax], stride[ax] = n, st, step
	}
	return outShape, first, stride, nil
}

func identityMap(n int) []int {
	m := make([]int, n)
	for i := range m {
		m[i] = i
	}
	return m
}

// Gather is ONNX Gather: out = data[..., indices[...], ...] along axis, of
// shape data.shape[:axis] + indices.shape + data.shape[axis+1:]. Indices
// are I32 or I64; negative indices count from the end; out-of-range
// indices are an error.
func Gather(data, indices *Tensor, axis int) (*Tensor, error) {
	shape, err := GatherShape(data, indices, axis)
	if err != nil {
		return nil, err
	}
	out, err := Alloc(data.dtype, shape)
	if err != nil {
		return nil, err
	}
	return out, GatherInto(out, data, indices, axis)
}

// GatherShape is the shape Gather(data, indices, axis) gives: data's with
// axis replaced by indices' dims.
func GatherShape(data, indices *Tensor, axis int) ([]int64, error) {
	if indices.dtype != I32 && indices.dtype != I64 {
		return nil, fmt.Errorf("tensor: gather indices are %v, want i32 or i64", indices.dtype)
	}
	r := len(data.shape)
	if r == 0 {
		return nil, fmt.Errorf("tensor: gather from a scalar")
	}
	ax, err := normAxis(axis, r)
	if err != nil {
		return nil, err
	}
	return append(append(cloneShape(data.shape[:ax]), indices.shape...), data.shape[ax+1:]...), nil
}

// GatherInto is Gather writing into y, a tensor of data's dtype and
// GatherShape's shape that shares no storage with data.
func GatherInto(y, data, indices *Tensor, axis int) error {
	shape, err := GatherShape(data, indices, axis)
	if err != nil {
		return err
	}
	if y.dtype != data.dtype || !slices.Equal(y.shape, shape) {
		return fmt.Errorf("tensor: gather into: output %v of shape %s, want %v of shape %s", y.dtype, FormatShape(y.shape), data.dtype, FormatShape(shape))
	}
	ax, _ := normAxis(axis, len(data.shape))
	outer, d, inner := axisView(data.shape, ax)
	idx := indices.IntValues()
	for i, v := range idx {
		if v < -int64(d) || v >= int64(d) {
			return fmt.Errorf("tensor: gather index %d out of range [%d, %d)", v, -d, d)
		}
		if v < 0 {
			idx[i] = v + int64(d)
		}
	}
	if y.Len() == 0 {
		return nil
	}
	switch o := y.data.(type) {
	case []float32:
		if inner == 1 && d <= 16 && len(idx) > 0 {
			// Short rows (an exported Resize's columns): one permute per
			// 16 outputs.
			ip := getScratch[int32](&scratchI32, len(idx))
			for i, v := range idx {
				(*ip)[i] = int32(v)
			}
			ok := gatherLastFast(o, data.data.([]float32), outer, d, *ip)
			scratchI32.Put(ip)
			if ok {
				return nil
			}
		}
		gatherTyped(o, data.data.([]float32), idx, outer, d, inner)
	case []int64:
		gatherTyped(o, data.data.([]int64), idx, outer, d, inner)
	case []int32:
		gatherTyped(o, data.data.([]int32), idx, outer, d, inner)
	default:
		for ob := range outer {
			for j, v := range idx {
				copyRange(y.data, (ob*len(idx)+j)*inner, data.data, (ob*d+int(v))*inner, inner)
			}
		}
	}
	return nil
}

// gatherTyped is GatherInto's loop for one element type: single values
// (a gather along the last axis, as an exported Resize's) element by
// element, rows with copy.
func gatherTyped[T any](o, d []T, idx []int64, outer, dlen, inner int) {
	n := len(idx)
	if inner == 1 {
		for ob := range outer {
			src, dst := d[ob*dlen:(ob+1)*dlen], o[ob*n:(ob+1)*n]
			for j, v := range idx {
				dst[j] = src[v]
			}
		}
		return
	}
	for ob := range outer {
		for j, v := range idx {
			copy(o[(ob*n+j)*inner:(ob*n+j+1)*inner], d[(ob*dlen+int(v))*inner:])
		}
	}
}

// PadMode selects how Pad fills the border.
type PadMode uint8

const (
	PadConstant PadMode = iota // the given value
	PadReflect                 // mirror without repeating the edge (NumPy "reflect"; repeats periodically for wide pads)
	PadEdge                    // repeat the edge value
	PadWrap                    // wrap around (periodic)
)

// Pad is ONNX Pad over all axes: pads = [b_0, ..., b_{r-1}, e_0, ...,
// e_{r-1}] adds b_i elements before and e_i after axis i; negative pads
// remove elements. Non-constant modes need non-empty axes where padding is
// added.
func Pad(x *Tensor, pads []int64, mode PadMode, value float64) (*Tensor, error) {
	outShape, err := padShape(x, pads, mode)
	if err != nil {
		return nil, err
	}
	out, err := Alloc(x.dtype, outShape)
	if err != nil || out.Len() == 0 {
		return out, err
	}
	return out, padInto(out, x, pads, mode, value)
}

// PadInto is Pad writing into y, which must have the result's dtype and
// shape.
func PadInto(y, x *Tensor, pads []int64, mode PadMode, value float64) error {
	outShape, err := padShape(x, pads, mode)
	if err != nil {
		return err
	}
	if y.dtype != x.dtype || !ShapeEqual(y.shape, outShape) {
		return fmt.Errorf("tensor: pad into %s %s, result is %s %s", y.dtype, FormatShape(y.shape), x.dtype, FormatShape(outShape))
	}
	if y.Len() == 0 {
		return nil
	}
	return padInto(y, x, pads, mode, value)
}

// padShape checks Pad's arguments and returns the result's shape.
func padShape(x *Tensor, pads []int64, mode PadMode) ([]int64, error) {
	r := len(x.shape)
	if len(pads) != 2*r {
		return nil, fmt.Errorf("tensor: pad: %d pads for rank %d", len(pads), r)
	}
	outShape := make([]int64, r)
	for ax := range r {
		d, b, e := x.shape[ax], pads[ax], pads[r+ax]
		if max(b, e) > 1<<40 || min(b, e) < -(1<<40) {
			return nil, fmt.Errorf("tensor: pad: pads %v too large: %w", pads, ErrTooLarge)
		}
		n := d + b + e
		if n < 0 {
			return nil, fmt.Errorf("tensor: pad: axis %d of size %d with pads %d, %d", ax, d, b, e)
		}
		if mode != PadConstant && d == 0 && n > 0 {
			return nil, fmt.Errorf("tensor: pad: cannot pad empty axis %d in non-constant mode", ax)
		}
		outShape[ax] = n
	}
	return outShape, nil
}

// padInto fills out (of padShape's shape, not empty) from x.
func padInto(out, x *Tensor, pads []int64, mode PadMode, value float64) error {
	if padPlanesF32(out, x, pads, mode, value) {
		return nil
	}
	r := len(x.shape)
	maps := make([][]int, r)
	for ax := range r {
		d, b := int(x.shape[ax]), int(pads[ax])
		m := make([]int, out.shape[ax])
		for o := range m {
			i := o - b
			if i >= 0 && i < d {
				m[o] = i
				continue
			}
			switch mode {
			case PadConstant:
				m[o] = -1
			case PadEdge:
				m[o] = max(0, min(i, d-1))
			case PadWrap:
				m[o] = ((i % d) + d) % d
			case PadReflect:
				if d == 1 {
					m[o] = 0
					break
				}
				p := 2 * (d - 1)
				j := ((i % p) + p) % p
				if j >= d {
					j = p - j
				}
				m[o] = j
			default:
				return fmt.Errorf("tensor: pad: unknown mode %d", mode)
			}
		}
		maps[ax] = m
	}
	mapCopy(out, x, maps, value)
	return nil
}

// Expand is ONNX Expand: x broadcast with shape (bidirectionally: the
// result has shape BroadcastShapes(x.shape, shape)).
func Expand(x *Tensor, shape []int64) (*Tensor, error) {
	outShape, err := BroadcastShapes(x.shape, shape)
	if err != nil {
		return nil, fmt.Errorf("expand: %w", err)
	}
	return BroadcastTo(x, outShape)
}

// BroadcastTo copies x to exactly shape (x must broadcast to it).
func BroadcastTo(x *Tensor, shape []int64) (*Tensor, error) {
	bs, err := BroadcastShapes(x.shape, shape)
	if err != nil || !ShapeEqual(bs, shape) {
		return nil, fmt.Errorf("tensor: cannot broadcast %s to %s", FormatShape(x.shape), FormatShape(shape))
	}
	out, err := Alloc(x.dtype, shape)
	if err != nil || out.Len() == 0 {
		return out, err
	}
	off := len(shape) - len(x.shape)
	maps := make([][]int, len(shape))
	src := make([]int64, len(shape))
	for ax := range shape {
		src[ax] = 1
		m := make([]int, shape[ax])
		if ax >= off && x.shape[ax-off] != 1 {
			src[ax] = x.shape[ax-off]
			for i := range m {
				m[i] = i
			}
		}
		maps[ax] = m
	}
	view := &Tensor{dtype: x.dtype, shape: src, data: x.data}
	mapCopy(out, view, maps, 0)
	return out, nil
}

// Tile is ONNX Tile: repeats[i] copies of x along axis i.
func Tile(x *Tensor, repeats []int64) (*Tensor, error) {
	r := len(x.shape)
	if len(repeats) != r {
		return nil, fmt.Errorf("tensor: tile: %d repeats for rank %d", len(repeats), r)
	}
	outShape := make([]int64, r)
	for ax, rep := range repeats {
		if rep < 0 {
			return nil, fmt.Errorf("tensor: tile: negative repeat %d", rep)
		}
		d := x.shape[ax]
		if d != 0 && rep > math.MaxInt64/d {
			return nil, fmt.Errorf("tensor: tile: %w", ErrTooLarge)
		}
		outShape[ax] = d * rep
	}
	out, err := Alloc(x.dtype, outShape)
	if err != nil || out.Len() == 0 {
		return out, err
	}
	maps := make([][]int, r)
	for ax := range r {
		d := int(x.shape[ax])
		m := make([]int, outShape[ax])
		for i := range m {
			m[i] = i % d
		}
		maps[ax] = m
	}
	mapCopy(out, x, maps, 0)
	return out, nil
}

// Flatten is ONNX Flatten: a 2-D view (prod(shape[:axis]),
// prod(shape[axis:])); axis in [-rank, rank].
func Flatten(x *Tensor, axis int) (*Tensor, error) {
	r := len(x.shape)
	if axis < -r || axis > r {
		return nil, fmt.Errorf("tensor: flatten axis %d out of range for rank %d", axis, r)
	}
	if axis < 0 {
		axis += r
	}
	a, b := int64(1), int64(1)
	for _, d := range x.shape[:axis] {
		a *= d
	}
	for _, d := range x.shape[axis:] {
		b *= d
	}
	return x.Reshape(a, b)
}

// Squeeze returns a view without the given size-1 axes (nil: all size-1
// axes). Naming an axis whose size is not 1 is an error.
func Squeeze(x *Tensor, axes []int) (*Tensor, error) {
	r := len(x.shape)
	drop := make([]bool, r)
	if axes == nil {
		for i, d := range x.shape {
			drop[i] = d == 1
		}
	}
	for _, a := range axes {
		ax, err := normAxis(a, r)
		if err != nil {
			return nil, fmt.Errorf("squeeze: %w", err)
		}
		if x.shape[ax] != 1 {
			return nil, fmt.Errorf("tensor: squeeze axis %d has size %d", a, x.shape[ax])
		}
		drop[ax] = true
	}
	var shape []int64
	for i, d := range x.shape {
		if !drop[i] {
			shape = append(shape, d)
		}
	}
	return x.Reshape(shape...)
}

// Unsqueeze returns a view with size-1 axes inserted at the given positions
// of the output (rank + len(axes) dims; negative axes count from its end).
func Unsqueeze(x *Tensor, axes []int) (*Tensor, error) {
	r := len(x.shape) + len(axes)
	ins := make([]bool, r)
	for _, a := range axes {
		ax, err := normAxis(a, r)
		if err != nil {
			return nil, fmt.Errorf("unsqueeze: %w", err)
		}
		if ins[ax] {
			return nil, fmt.Errorf("tensor: unsqueeze axis %d repeated", a)
		}
		ins[ax] = true
	}
	shape := make([]int64, 0, r)
	j := 0
	for i := range r {
		if ins[i] {
			shape = append(shape, 1)
		} else {
			shape = append(shape, x.shape[j])
			j++
		}
	}
	return x.Reshape(shape...)
}

// ReshapeONNX is ONNX Reshape: a view of x with the target shape, where a 0
// copies the input dimension at that position (unless allowZero, when 0
// means an empty dimension) and one -1 is inferred.
func ReshapeONNX(x *Tensor, shape []int64, allowZero bool) (*Tensor, error) {
	s := cloneShape(shape)
	if !allowZero {
		for i, d := range s {
			if d == 0 {
				if i >= len(x.shape) {
					return nil, fmt.Errorf("tensor: reshape: 0 at position %d beyond input rank %d", i, len(x.shape))
				}
				s[i] = x.shape[i]
			}
		}
	}
	return x.Reshape(s...)
}

// SliceView returns x[starts:limits] (steps of 1) as a view of x's
// storage when the selected elements are one contiguous run: every axis
// after the first that keeps more than one index is whole, as a channel
// range of one image is. It returns nil otherwise (bounds outside x's
// dims included), and the caller copies.
func SliceView(x *Tensor, starts, limits []int64) *Tensor {
	r := len(x.shape)
	if len(starts) != r || len(limits) != r {
		return nil
	}
	shape := make([]int64, r)
	for i, d := range x.shape {
		if starts[i] < 0 || starts[i] > limits[i] || limits[i] > d {
			return nil
		}
		shape[i] = limits[i] - starts[i]
	}
	for a := range r {
		if shape[a] > 1 {
			for i := a + 1; i < r; i++ {
				if shape[i] != x.shape[i] {
					return nil
				}
			}
			break
		}
	}
	// Row-major offset of the first element, and the run's length.
	off, stride := int64(0), int64(1)
	for i := r - 1; i >= 0; i-- {
		off += starts[i] * stride
		stride *= x.shape[i]
	}
	n, err := NumElements(shape)
	if err != nil || off+n > int64(storageLen(x.data)) {
		return nil
	}
	lo, hi := int(off), int(off+n)
	var d any
	switch s := x.data.(type) {
	case []float32:
		d = s[lo:hi:hi]
	case []float64:
		d = s[lo:hi:hi]
	case []uint16:
		d = s[lo:hi:hi]
	case []int8:
		d = s[lo:hi:hi]
	case []uint8:
		d = s[lo:hi:hi]
	case []int16:
		d = s[lo:hi:hi]
	case []int32:
		d = s[lo:hi:hi]
	case []int64:
		d = s[lo:hi:hi]
	case []bool:
		d = s[lo:hi:hi]
	default:
		return nil
	}
	return &Tensor{dtype: x.dtype, shape: shape, data: d}
}

// padPlanesF32 does padInto's zero padding of a float32 tensor's last two
// axes (inception_v3's exported Pad before each average pool), plane by
// plane with the phase planes' row writer, and reports whether it could:
// only those axes padded, by 0 to 16 values, with +0.
func padPlanesF32(out, x *Tensor, pads []int64, mode PadMode, value float64) bool {
	r := len(x.shape)
	if x.dtype != F32 || r < 2 || mode != PadConstant || value != 0 || math.Signbit(value) {
		return false
	}
	for ax := range r - 2 {
		if pads[ax] != 0 || pads[r+ax] != 0 {
			return false
		}
	}
	pt, pl, pb, pr := int(pads[r-2]), int(pads[r-1]), int(pads[2*r-2]), int(pads[2*r-1])
	if min(pt, pl, pb, pr) < 0 || max(pl, pr) > 16 {
		return false
	}
	h, w := int(x.shape[r-2]), int(x.shape[r-1])
	oh, ow := h+pt+pb, w+pl+pr
	if h == 0 || w == 0 {
		return false
	}
	xv, yv := x.data.([]float32), out.data.([]float32)
	planes := len(xv) / (h * w)
	if !phaseRowsAvailable() {
		return false // padInto's general path
	}
	parallelTiles(planes, float64(len(yv)), func(p int) {
		dst := yv[p*oh*ow : (p+1)*oh*ow]
		clear(dst[:pt*ow])
		clear(dst[(pt+h)*ow:])
		phaseRowsFast(dst[pt*ow:(pt+h)*ow], xv[p*h*w:(p+1)*h*w], h, ow, pl, pl+w, w, 1)
	})
	return true
}
