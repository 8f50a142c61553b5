package tensor

import (
	"fmt"
	"math"
	"slices"
)

// ReduceOp selects a reduction (the ONNX Reduce* family).
type ReduceOp uint8

const (
	ReduceSum       ReduceOp = iota // Σ x
	ReduceMean                      // Σ x / count
	ReduceMax                       // max x (floats: NaN if any is NaN; empty: -Inf / the type's minimum)
	ReduceMin                       // min x (floats: NaN if any is NaN; empty: +Inf / the type's maximum)
	ReduceProd                      // Π x
	ReduceL1                        // Σ |x|
	ReduceL2                        // sqrt(Σ x²)
	ReduceSumSquare                 // Σ x²
	ReduceLogSum                    // log(Σ x)
	ReduceLogSumExp                 // log(Σ e**x), computed as m + log(Σ e**(x-m)) with m = max x
)

var reduceNames = [...]string{"sum", "mean", "max", "min", "prod", "l1", "l2", "sum_square", "log_sum", "log_sum_exp"}

func (op ReduceOp) String() string {
	if int(op) < len(reduceNames) {
		return reduceNames[op]
	}
	return fmt.Sprintf("ReduceOp(%d)", op)
}

// reduceAxes normalises axes (nil/empty = all) and returns a per-dim mask.
func reduceAxes(rank int, axes []int) ([]bool, error) {
	mask := make([]bool, rank)
	if len(axes) == 0 {
		for i := range mask {
			mask[i] = true
		}
		return mask, nil
	}
	for _, a := range axes {
		n, err := normAxis(a, rank)
		if err != nil {
			return nil, err
		}
		if mask[n] {
			return nil, fmt.Errorf("tensor: axis %d repeated in %v", a, axes)
		}
		mask[n] = true
	}
	return mask, nil
}

func reducedShapes(shape []int64, mask []bool, keepDims bool) (keep, out []int64) {
	keep = cloneShape(shape)
	for i, m := range mask {
		if m {
			keep[i] = 1
		} else {
			out = append(out, shape[i])
		}
	}
	if keepDims {
		return keep, cloneShape(keep)
	}
	return keep, cloneShape(out)
}

// ReducedShape is the shape a reduction over axes (in [0, rank); others
// are ignored) leaves: the reduced dims dropped, or kept as 1 with
// keepDims. Shape inference of every dialect's reductions uses it.
func ReducedShape(shape, axes []int64, keepDims bool) []int64 {
	mask := make([]bool, len(shape))
	for _, a := range axes {
		if a >= 0 && a < int64(len(shape)) {
			mask[a] = true
		}
	}
	_, out := reducedShapes(shape, mask, keepDims)
	return out
}

// trailingReduced returns the length of the rows a reduction sums when
// it reduces exactly the trailing axes of shape (each output element one
// contiguous row of x), or 0.
func trailingReduced(shape []int64, mask []bool) int {
	n := 1
	i := len(mask)
	for i > 0 && mask[i-1] {
		i--
		n *= int(shape[i])
	}
	if i == len(mask) || slices.Contains(mask[:i], true) {
		return 0
	}
	return n
}

// sumRowsF32 adds row r of xs (n values) to acc[r] in float64, in row
// order, as forReduce's rows do; eight rows at a time in the lanes of
// one vector where the CPU has AVX-512, else four, so that the rows'
// chains of dependent adds overlap.
func sumRowsF32(xs []float32, n int, acc []float64) {
	r := 0
	for ; r+8 <= len(acc); r += 8 {
		i0 := sumRows8Fast(xs[r*n:(r+8)*n], n, acc[r:r+8])
		if i0 == 0 {
			break
		}
		for k := r; k < r+8; k++ {
			acc[k] = sumF64(acc[k], xs[k*n+i0:(k+1)*n])
		}
	}
	for ; r+4 <= len(acc); r += 4 {
		x0, x1, x2, x3 := xs[r*n:(r+1)*n], xs[(r+1)*n:(r+2)*n], xs[(r+2)*n:(r+3)*n], xs[(r+3)*n:(r+4)*n]
		a0, a1, a2, a3 := acc[r], acc[r+1], acc[r+2], acc[r+3]
		for i := range x0 {
			a0 += float64(x0[i])
			a1 += float64(x1[i])
			a2 += float64(x2[i])
			a3 += float64(x3[i])
		}
		acc[r], acc[r+1], acc[r+2], acc[r+3] = a0, a1, a2, a3
	}
	for ; r < len(acc); r++ {
		acc[r] = sumF64(acc[r], xs[r*n:(r+1)*n])
	}
}

// sumF64 is a + Σ row in float64, one value after another: a row's
// chain, which every path of sumRowsF32 and layer norm keeps.
func sumF64(a float64, row []float32) float64 {
	for _, v := range row {
		a += float64(v)
	}
	return a
}

// sumRowsParallel is sumRowsF32 with runs of rows on all threads (each
// row's sum is its own, so the bits are the same). Its float64 adds are
// scalar, each worth a few of the SIMD lane operations parallel work
// counts.
func sumRowsParallel(xs []float32, n int, acc []float64) {
	tiles := (len(acc) + sumRowsTile - 1) / sumRowsTile
	Parallel(tiles, 4*float64(len(acc))*float64(n), func(t int) {
		r0, r1 := t*sumRowsTile, min(len(acc), (t+1)*sumRowsTile)
		sumRowsF32(xs[r0*n:r1*n], n, acc[r0:r1])
	})
}

// pairSumsInto is a float32 ReduceSum of x over the masked axes that hold
// two values in all (an exported Resize's pairs): o[i] = (+0 + a) + b in
// float32 for each pair a, b in row-major order, which is the float64 sum
// from 0 rounded once (the double rounding of a sum of two float32 values
// is harmless, and +0 turns a −0 first value into +0 as the float64
// accumulator does).
func pairSumsInto(o, xs []float32, shape []int64, mask []bool) {
	ax := slices.Index(mask, true) // the one axis of size 2 (others are 1)
	for i, m := range mask {
		if m && shape[i] == 2 {
			ax = i
		}
	}
	inner := 1
	for _, d := range shape[ax+1:] {
		inner *= int(d)
	}
	outer := len(o) / inner
	if inner == 1 {
		i := pairSumFast(o, xs)
		for ; i < len(o); i++ {
			o[i] = (0 + xs[2*i]) + xs[2*i+1]
		}
		return
	}
	for r := range outer {
		dst, a, b := o[r*inner:(r+1)*inner], xs[2*r*inner:(2*r+1)*inner], xs[(2*r+1)*inner:(2*r+2)*inner]
		for i := range dst {
			dst[i] = (0 + a[i]) + b[i]
		}
	}
}

// sumRowsTile is the rows sumRowsParallel hands out at a time.
const sumRowsTile = 64

// forReduce calls fn(outIndex, inRow) for every row of x: each element i of
// the row (x offset xo+i) accumulates into output element o + i*step.
func forReduce(shape, keep []int64, fn func(xo, o, step, n int)) {
	p := newBcastPlan(shape, keep)
	n, step := p.inner, p.steps[0]
	p.run(func(xo int, offs []int) { fn(xo, offs[0], step, n) })
}

// Reduce applies op over the given axes (nil or empty: all axes; negative
// axes count from the end), keeping reduced axes as size-1 dims when
// keepDims. Float inputs accumulate in float64, in row-major order of x,
// and round once to the input dtype; integer inputs accumulate in int64
// and wrap to the dtype (Mean truncates toward zero; L2, LogSum and
// LogSumExp are float-only). Reducing an empty set gives 0 for sums, 1 for
// Prod, NaN for Mean (an error for integers) and see ReduceMax/ReduceMin.
func Reduce(op ReduceOp, x *Tensor, axes []int, keepDims bool) (*Tensor, error) {
	shape, err := ReduceShape(op, x, axes, keepDims)
	if err != nil {
		return nil, err
	}
	out, err := Alloc(x.dtype, shape)
	if err != nil {
		return nil, err
	}
	if err := ReduceInto(out, op, x, axes, keepDims); err != nil {
		return nil, err
	}
	return out, nil
}

// ReduceShape is the shape Reduce(op, x, axes, keepDims) gives, or its
// error for these operands.
func ReduceShape(op ReduceOp, x *Tensor, axes []int, keepDims bool) ([]int64, error) {
	if op > ReduceLogSumExp {
		return nil, fmt.Errorf("tensor: unknown reduction %v", op)
	}
	if x.dtype == Bool {
		return nil, fmt.Errorf("tensor: reduce_%v is not defined on bool", op)
	}
	if !x.dtype.IsFloat() && (op == ReduceL2 || op == ReduceLogSum || op == ReduceLogSumExp) {
		return nil, fmt.Errorf("tensor: reduce_%v is not defined on %v", op, x.dtype)
	}
	mask, err := reduceAxes(len(x.shape), axes)
	if err != nil {
		return nil, err
	}
	_, shape := reducedShapes(x.shape, mask, keepDims)
	return shape, nil
}

// ReduceInto is Reduce writing into out, a tensor of x's dtype and
// ReduceShape's shape.
func ReduceInto(out *Tensor, op ReduceOp, x *Tensor, axes []int, keepDims bool) error {
	shape, err := ReduceShape(op, x, axes, keepDims)
	if err != nil {
		return err
	}
	if out.dtype != x.dtype || !slices.Equal(out.shape, shape) {
		return fmt.Errorf("tensor: reduce_%v into: output %v of shape %s, want %v of shape %s", op, out.dtype, FormatShape(out.shape), x.dtype, FormatShape(shape))
	}
	mask, _ := reduceAxes(len(x.shape), axes)
	keep, _ := reducedShapes(x.shape, mask, keepDims)
	count := 1
	for i, m := range mask {
		if m {
			count *= int(x.shape[i])
		}
	}
	nOut := out.Len()
	if x.dtype.IsFloat() {
		ab := getScratch[float64](&scratchF64, nOut)
		defer scratchF64.Put(ab)
		acc := *ab
		clear(acc)
		var mx []float64
		switch op {
		case ReduceProd:
			fill(acc, 1)
		case ReduceMax:
			fill(acc, math.Inf(-1))
		case ReduceMin:
			fill(acc, math.Inf(1))
		case ReduceLogSumExp:
			m, err := Reduce(ReduceMax, x, axes, true)
			if err != nil {
				return err
			}
			mx = m.Values()
			for i, v := range mx {
				if math.IsInf(v, 0) {
					mx[i] = 0 // all -Inf (or an +Inf): avoid Inf-Inf
				}
			}
		}
		if o, ok := out.data.([]float32); ok && op == ReduceSum && count == 2 && nOut > 0 {
			// Two values: their float64 sum rounds to their float32 sum.
			pairSumsInto(o, x.data.([]float32), x.shape, mask)
			return nil
		}
		if xs, ok := x.data.([]float32); ok && (op == ReduceSum || op == ReduceMean || op == ReduceLogSum) {
			// The same float64 sums in the same order, without a float64
			// copy of x or a switch per element.
			if n := trailingReduced(x.shape, mask); n > 0 {
				sumRowsParallel(xs, n, acc)
			} else {
				forReduce(x.shape, keep, func(xo, o, step, n int) {
					row := xs[xo : xo+n]
					if step == 0 {
						a := acc[o]
						for _, v := range row {
							a += float64(v)
						}
						acc[o] = a
						return
					}
					for i, v := range row {
						acc[o+i*step] += float64(v)
					}
				})
			}
		} else {
			reduceFloat(op, x.Values(), x.shape, keep, acc, mx)
		}
		if o, ok := out.data.([]float32); ok && (op == ReduceSum || op == ReduceMean) {
			// Rounded once, as setFloat would, without its switches.
			inv := float64(count)
			for i, a := range acc {
				if op == ReduceMean {
					a /= inv
				}
				o[i] = float32(a)
			}
			return nil
		}
		for i, a := range acc {
			switch op {
			case ReduceMean:
				a /= float64(count)
			case ReduceL2:
				a = math.Sqrt(a)
			case ReduceLogSum:
				a = math.Log(a)
			case ReduceLogSumExp:
				a = math.Log(a) + mx[i]
			}
			out.setFloat(i, a)
		}
		return nil
	}
	if op == ReduceMean && count == 0 && nOut > 0 {
		return fmt.Errorf("tensor: reduce_mean of an empty set of %v", x.dtype)
	}
	lo, hi := x.dtype.IntRange()
	acc := make([]int64, nOut)
	switch op {
	case ReduceProd:
		fill(acc, 1)
	case ReduceMax:
		fill(acc, lo)
	case ReduceMin:
		fill(acc, hi)
	}
	xi := x.IntValues()
	forReduce(x.shape, keep, func(xo, o, step, n int) {
		for i := range n {
			v := xi[xo+i]
			a := &acc[o+i*step]
			switch op {
			case ReduceSum, ReduceMean:
				*a += v
			case ReduceMax:
				*a = max(*a, v)
			case ReduceMin:
				*a = min(*a, v)
			case ReduceProd:
				*a *= v
			case ReduceL1:
				if v < 0 {
					v = -v
				}
				*a += v
			case ReduceSumSquare:
				*a += v * v
			}
		}
	})
	for i, a := range acc {
		if op == ReduceMean {
			a /= int64(count)
		}
		out.setInt(i, a)
	}
	return nil
}

// ReduceSumAxes is Reduce(ReduceSum, ...).
func ReduceSumAxes(x *Tensor, axes []int, keepDims bool) (*Tensor, error) {
	return Reduce(ReduceSum, x, axes, keepDims)
}

// ReduceMeanAxes is Reduce(ReduceMean, ...).
func ReduceMeanAxes(x *Tensor, axes []int, keepDims bool) (*Tensor, error) {
	return Reduce(ReduceMean, x, axes, keepDims)
}

// ArgMax is ONNX ArgMax: the index (I64) of the largest element along axis;
// ties pick the first index, or the last with selectLast. NaN counts as the
// largest value (the first NaN wins, as in NumPy).
func ArgMax(x *Tensor, axis int, keepDims, selectLast bool) (*Tensor, error) {
	return argReduce(x, axis, keepDims, selectLast, true)
}

// ArgMin is ONNX ArgMin (see ArgMax; NaN counts as the smallest value).
func ArgMin(x *Tensor, axis int, keepDims, selectLast bool) (*Tensor, error) {
	return argReduce(x, axis, keepDims, selectLast, false)
}

func argReduce(x *Tensor, axis int, keepDims, selectLast, isMax bool) (*Tensor, error) {
	if x.dtype == Bool {
		return nil, fmt.Errorf("tensor: argmax/argmin on bool")
	}
	ax, err := normAxis(axis, max(len(x.shape), 1))
	if err != nil {
		return nil, err
	}
	if len(x.shape) == 0 {
		return Alloc(I64, nil)
	}
	d := int(x.shape[ax])
	if d == 0 {
		return nil, fmt.Errorf("tensor: argmax/argmin over an empty axis")
	}
	mask := make([]bool, len(x.shape))
	mask[ax] = true
	_, outShape := reducedShapes(x.shape, mask, keepDims)
	out, err := Alloc(I64, outShape)
	if err != nil {
		return nil, err
	}
	inner := 1
	for _, s := range x.shape[ax+1:] {
		inner *= int(s)
	}
	o := out.data.([]int64)
	vals := x.Values()
	for i := range o {
		outer, in := i/inner, i%inner
		base := outer*d*inner + in
		best, bi := vals[base], 0
		if best != best {
			o[i] = 0
			continue
		}
		for k := 1; k < d; k++ {
			v := vals[base+k*inner]
			if v != v {
				bi = k
				break
			}
			better := v > best
			if !isMax {
				better = v < best
			}
			if better || (selectLast && v == best) {
				best, bi = v, k
			}
		}
		o[i] = int64(bi)
	}
	return out, nil
}

// axisView splits shape around axis into (outer, d, inner).
func axisView(shape []int64, axis int) (outer, d, inner int) {
	outer, inner = 1, 1
	for _, s := range shape[:axis] {
		outer *= int(s)
	}
	for _, s := range shape[axis+1:] {
		inner *= int(s)
	}
	return outer, int(shape[axis]), inner
}

// Softmax is ONNX Softmax (opset 13): along one axis,
// y = e**(x - max) / Σ e**(x - max), computed in float64 and rounded to the
// input's float dtype; float32 over the last axis where the AVX-512 exp is
// there, in float32 with a float64 sum (softmaxRowsF32).
func Softmax(x *Tensor, axis int) (*Tensor, error) { return softmax(x, axis, false) }

// LogSoftmax is ONNX LogSoftmax: x - max - log(Σ e**(x - max)) along axis.
func LogSoftmax(x *Tensor, axis int) (*Tensor, error) { return softmax(x, axis, true) }

func softmax(x *Tensor, axis int, log bool) (*Tensor, error) {
	if !x.dtype.IsFloat() {
		return nil, fmt.Errorf("tensor: softmax is not defined on %v", x.dtype)
	}
	ax, err := normAxis(axis, len(x.shape))
	if err != nil {
		return nil, err
	}
	out, err := Alloc(x.dtype, x.shape)
	if err != nil || out.Len() == 0 {
		return out, err
	}
	outer, d, inner := axisView(x.shape, ax)
	if !log && inner == 1 && x.dtype == F32 && transcendOK() {
		softmaxRowsF32(out.data.([]float32), x.data.([]float32), d)
		return out, nil
	}
	buf := make([]float64, d)
	for o := range outer {
		for in := range inner {
			base := o*d*inner + in
			m := math.Inf(-1)
			for k := range d {
				buf[k] = x.floatAt(base + k*inner)
				if buf[k] > m {
					m = buf[k]
				}
			}
			if math.IsInf(m, 0) {
				m = 0
			}
			s := 0.0
			for k := range d {
				s += math.Exp(buf[k] - m)
			}
			ls := math.Log(s)
			for k := range d {
				var v float64
				if log {
					v = buf[k] - m - ls
				} else {
					v = math.Exp(buf[k]-m) / s
				}
				out.setFloat(base+k*inner, v)
			}
		}
	}
	return out, nil
}

// SoftmaxInto is Softmax for a float32 x writing into y, a float32 tensor
// of x's shape; y may be x itself.
func SoftmaxInto(y, x *Tensor, axis int) error {
	if x.dtype != F32 {
		return fmt.Errorf("tensor: softmax into: want f32, got %v", x.dtype)
	}
	if err := intoF32("softmax", y, x.shape); err != nil {
		return err
	}
	ax, err := normAxis(axis, len(x.shape))
	if err != nil {
		return err
	}
	if _, d, inner := axisView(x.shape, ax); inner == 1 && x.Len() > 0 && transcendOK() {
		softmaxRowsF32(y.data.([]float32), x.data.([]float32), d)
		return nil
	}
	r, err := Softmax(x, axis)
	if err != nil {
		return err
	}
	copy(y.data.([]float32), r.data.([]float32))
	return nil
}

// softmaxRowsF32 is softmax over each row of d values of x into o (which
// may be x), rows shared among the threads: the row's maximum m, then
// e = exp(x − m) by the AVX-512 kernel (x − m rounded to float32 first, so
// the relative error is about (|x − m| + 3) ulps against the float64
// path), their sum in float64, and e / sum in float32.
func softmaxRowsF32(o, x []float32, d int) {
	rowRuns(len(o)/d, d, 20*float64(len(o)), func(r int) {
		softmaxRowF32(o[r*d:(r+1)*d], x[r*d:(r+1)*d])
	})
}

// rowRuns calls f for rows [0, rows) of d values each, runs of about
// elemChunk values handed to the threads (work: parallelTiles's).
func rowRuns(rows, d int, work float64, f func(r int)) {
	per := max(1, elemChunk/d)
	parallelTiles((rows+per-1)/per, work, func(t int) {
		for r := t * per; r < min(rows, (t+1)*per); r++ {
			f(r)
		}
	})
}

func softmaxRowF32(o, x []float32) {
	m, ok := rowMaxFast(x)
	if !ok {
		m = float32(math.Inf(-1))
		for _, v := range x {
			if v > m { // NaN is left out here; its exp makes the row NaN
				m = v
			}
		}
	}
	if math.IsInf(float64(m), 0) {
		m = 0
	}
	var sc [1]float32
	sc[0] = m
	for i := binF32Fast(OpSub, o, x, sc[:], 1, 0); i < len(o); i++ {
		o[i] = x[i] - m
	}
	transcendF32Fast(OpExp, o, o)
	var s0, s1, s2, s3 float64
	i := 0
	if s, ok := sum4Fast(o); ok {
		s0, s1, s2, s3 = s[0], s[1], s[2], s[3]
		i = len(o) &^ 3
	}
	for ; i+4 <= len(o); i += 4 {
		s0 += float64(o[i])
		s1 += float64(o[i+1])
		s2 += float64(o[i+2])
		s3 += float64(o[i+3])
	}
	for ; i < len(o); i++ {
		s0 += float64(o[i])
	}
	sc[0] = float32((s0 + s1) + (s2 + s3))
	for i := binF32Fast(OpDiv, o, o, sc[:], 1, 0); i < len(o); i++ {
		o[i] /= sc[0]
	}
}

// LayerNorm is ONNX LayerNormalization (output Y only): x is normalised
// over the axes [axis, rank) — mean and (biased) variance computed in
// float64 per slice, y = (x - mean) / sqrt(var + epsilon) * scale + bias.
// scale and (optional, may be nil) bias must broadcast to x.shape[axis:].
func LayerNorm(x, scale, bias *Tensor, axis int, epsilon float64) (*Tensor, error) {
	if !x.dtype.IsFloat() {
		return nil, fmt.Errorf("tensor: layer_norm is not defined on %v", x.dtype)
	}
	ax, err := normAxis(axis, len(x.shape))
	if err != nil {
		return nil, err
	}
	norm := x.shape[ax:]
	sv, err := broadcastValues(scale, norm, "scale")
	if err != nil {
		return nil, err
	}
	var bv []float64
	if bias != nil {
		if bv, err = broadcastValues(bias, norm, "bias"); err != nil {
			return nil, err
		}
	}
	out, err := Alloc(x.dtype, x.shape)
	if err != nil {
		return nil, err
	}
	d := 1
	for _, s := range norm {
		d *= int(s)
	}
	if d == 0 {
		return out, nil
	}
	if x.dtype == F32 {
		layerNormF32(out.data.([]float32), x.data.([]float32), sv, bv, d, epsilon)
		return out, nil
	}
	xv := x.Values()
	for o := 0; o < len(xv); o += d {
		row := xv[o : o+d]
		mean := 0.0
		for _, v := range row {
			mean += v
		}
		mean /= float64(d)
		vr := 0.0
		for _, v := range row {
			vr += (v - mean) * (v - mean)
		}
		vr /= float64(d)
		inv := 1 / math.Sqrt(vr+epsilon)
		for i, v := range row {
			y := (v - mean) * inv * sv[i]
			if bv != nil {
				y += bv[i]
			}
			out.setFloat(o+i, y)
		}
	}
	return out, nil
}

// LayerNormInto is LayerNorm for a float32 x writing into y, a float32
// tensor of x's shape; y may be x itself.
func LayerNormInto(y, x, scale, bias *Tensor, axis int, epsilon float64) error {
	if x.dtype != F32 {
		return fmt.Errorf("tensor: layer_norm into: want f32, got %v", x.dtype)
	}
	if err := intoF32("layer_norm", y, x.shape); err != nil {
		return err
	}
	ax, err := normAxis(axis, len(x.shape))
	if err != nil {
		return err
	}
	norm := x.shape[ax:]
	sp, err := pooledParams(scale, norm, "scale")
	if err != nil {
		return err
	}
	defer scratchF64.Put(sp)
	var bv []float64
	if bias != nil {
		bp, err := pooledParams(bias, norm, "bias")
		if err != nil {
			return err
		}
		defer scratchF64.Put(bp)
		bv = *bp
	}
	if d := len(*sp); d > 0 {
		layerNormF32(y.data.([]float32), x.data.([]float32), *sp, bv, d, epsilon)
	}
	return nil
}

// layerNormF32 is LayerNorm's float64 arithmetic over rows of d float32
// values (the same sums in the same order, so the same bits), rows shared
// among the threads; o may be x.
func layerNormF32(o, x []float32, sv, bv []float64, d int, epsilon float64) {
	rows, groups := len(x)/d, 0
	if layerNorm8OK(d) {
		groups = rows / 8 // eight rows at a time (layerNorm8), then one
	}
	rowRuns(groups+rows-8*groups, d, 8*float64(len(x)), func(t int) {
		if t < groups {
			layerNorm8(o[8*t*d:], x[8*t*d:], sv, bv, d, epsilon)
			return
		}
		r := 8*groups + t - groups
		layerNormRow(o[r*d:(r+1)*d], x[r*d:(r+1)*d], sv, bv, epsilon)
	})
}

// layerNormRow normalises one row: its mean and variance as float64
// chains in order, then each output from them.
func layerNormRow(out, row []float32, sv, bv []float64, epsilon float64) {
	d := len(row)
	mean := sumF64(0, row) / float64(d)
	vr := 0.0
	for _, v := range row {
		dv := float64(v) - mean
		vr += dv * dv
	}
	vr /= float64(d)
	inv := 1 / math.Sqrt(vr+epsilon)
	normTail(out, row, sv, bv, 0, mean, inv)
}

// normTail writes outputs [from, len(row)) of a normalised row.
func normTail(out, row []float32, sv, bv []float64, from int, mean, inv float64) {
	for i := from; i < len(row); i++ {
		y := (float64(row[i]) - mean) * inv * sv[i]
		if bv != nil {
			y += bv[i]
		}
		out[i] = float32(y)
	}
}

// pooledParams is broadcastValues into pooled scratch (return it to
// scratchF64), without the broadcast copy when t has as many float32
// values as shape: a layer norm's scale and bias every call.
func pooledParams(t *Tensor, shape []int64, what string) (*[]float64, error) {
	if t != nil && t.dtype == F32 && len(t.shape) <= len(shape) && slices.Equal(t.shape, shape[len(shape)-len(t.shape):]) {
		if n, err := NumElements(shape); err == nil && n == int64(t.Len()) {
			p := getScratch[float64](&scratchF64, int(n))
			for i, v := range t.data.([]float32) {
				(*p)[i] = float64(v)
			}
			return p, nil
		}
	}
	v, err := broadcastValues(t, shape, what)
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// broadcastValues returns t's values broadcast to shape (as float64).
func broadcastValues(t *Tensor, shape []int64, what string) ([]float64, error) {
	if t == nil {
		return nil, fmt.Errorf("tensor: missing %s", what)
	}
	if len(t.shape) > len(shape) {
		return nil, fmt.Errorf("tensor: %s of shape %s does not broadcast to %s", what, FormatShape(t.shape), FormatShape(shape))
	}
	bs, err := BroadcastShapes(t.shape, shape)
	if err != nil || !ShapeEqual(bs, shape) {
		return nil, fmt.Errorf("tensor: %s of shape %s does not broadcast to %s", what, FormatShape(t.shape), FormatShape(shape))
	}
	e, err := BroadcastTo(t, shape)
	if err != nil {
		return nil, err
	}
	return e.Values(), nil
}

// BatchNorm is ONNX BatchNormalization in inference mode: for input
// (N, C, ...) and 1-D scale, bias, mean, variance of C values,
// y = (x - mean[c]) / sqrt(var[c] + epsilon) * scale[c] + bias[c], computed
// in float64 per element and rounded to the input dtype.
func BatchNorm(x, scale, bias, mean, variance *Tensor, epsilon float64) (*Tensor, error) {
	if !x.dtype.IsFloat() {
		return nil, fmt.Errorf("tensor: batch_norm is not defined on %v", x.dtype)
	}
	if len(x.shape) < 2 {
		return nil, fmt.Errorf("tensor: batch_norm expects rank >= 2, got %s", FormatShape(x.shape))
	}
	c := int(x.shape[1])
	params := make([][]float64, 4)
	for i, p := range []*Tensor{scale, bias, mean, variance} {
		name := []string{"scale", "bias", "mean", "variance"}[i]
		if p == nil || len(p.shape) != 1 || p.Len() != c {
			return nil, fmt.Errorf("tensor: batch_norm %s must be 1-D with %d values", name, c)
		}
		params[i] = p.Values()
	}
	out, err := Alloc(x.dtype, x.shape)
	if err != nil || out.Len() == 0 {
		return out, err
	}
	outer, _, inner := axisView(x.shape, 1)
	inv := make([]float64, c)
	for i := range inv {
		inv[i] = 1 / math.Sqrt(params[3][i]+epsilon)
	}
	for o := range outer {
		for ch := range c {
			base := (o*c + ch) * inner
			for i := range inner {
				v := x.floatAt(base + i)
				out.setFloat(base+i, (v-params[2][ch])*inv[ch]*params[0][ch]+params[1][ch])
			}
		}
	}
	return out, nil
}

// reduceFloat accumulates xf (x's values in row-major order) into acc for
// op; mx holds the maxima LogSumExp subtracts.
func reduceFloat(op ReduceOp, xf []float64, shape, keep []int64, acc, mx []float64) {
	forReduce(shape, keep, func(xo, o, step, n int) {
		for i := range n {
			v := xf[xo+i]
			a := &acc[o+i*step]
			switch op {
			case ReduceSum, ReduceMean, ReduceLogSum:
				*a += v
			case ReduceMax:
				if v > *a || v != v {
					*a = v
				}
			case ReduceMin:
				if v < *a || v != v {
					*a = v
				}
			case ReduceProd:
				*a *= v
			case ReduceL1:
				*a += math.Abs(v)
			case ReduceL2, ReduceSumSquare:
				*a += v * v
			case ReduceLogSumExp:
				*a += math.Exp(v - mx[o+i*step])
			}
		}
	})
}
