package tensor

import "fmt"

// matmulShapes applies NumPy/ONNX MatMul shape rules: a 1-D left operand
// is promoted to 1 x k, a 1-D right operand to k x 1 (and the promoted
// dimension is dropped from the result); leading (batch) dimensions
// broadcast. It returns the batch shape, m, n, k and the result shape.
func matmulShapes(as, bs []int64) (batch []int64, m, n, k int, out []int64, err error) {
	if len(as) == 0 || len(bs) == 0 {
		return nil, 0, 0, 0, nil, fmt.Errorf("tensor: matmul of a scalar (%s x %s)", FormatShape(as), FormatShape(bs))
	}
	a2, b2 := as, bs
	if len(as) == 1 {
		a2 = []int64{1, as[0]}
	}
	if len(bs) == 1 {
		b2 = []int64{bs[0], 1}
	}
	ka, kb := a2[len(a2)-1], b2[len(b2)-2]
	if ka != kb {
		return nil, 0, 0, 0, nil, fmt.Errorf("tensor: matmul %s x %s: inner dimensions %d and %d differ",
			FormatShape(as), FormatShape(bs), ka, kb)
	}
	batch, err = BroadcastShapes(a2[:len(a2)-2], b2[:len(b2)-2])
	if err != nil {
		return nil, 0, 0, 0, nil, fmt.Errorf("tensor: matmul batch dims: %w", err)
	}
	m, n, k = int(a2[len(a2)-2]), int(b2[len(b2)-1]), int(ka)
	out = append(make([]int64, 0, len(batch)+2), batch...)
	if len(as) > 1 {
		out = append(out, int64(m))
	}
	if len(bs) > 1 {
		out = append(out, int64(n))
	}
	return batch, m, n, k, out, nil
}

// batchOffsets returns, for every index of the broadcast batch shape, the
// matrix index into an operand whose own batch shape is `own`.
func batchOffsets(own, batch []int64) []int {
	total := 1
	for _, d := range batch {
		total *= int(d)
	}
	offs := make([]int, total)
	if len(batch) == 0 {
		return offs
	}
	p := newBcastPlan(batch, own)
	n, step := p.inner, p.steps[0]
	p.run(func(o int, in []int) {
		for i := range n {
			offs[o+i] = in[0] + i*step
		}
	})
	return offs
}

func matBatchShape(s []int64) []int64 {
	if len(s) <= 2 {
		return nil
	}
	return s[:len(s)-2]
}

// MatMul is ONNX/NumPy matmul: a (..., m, k) x b (..., k, n) -> (..., m, n)
// with broadcast batch dimensions and 1-D operands promoted (see
// matmulShapes). F32 goes through the blocked, multi-threaded Sgemm (so its
// summation order is Sgemm's, independent of the thread count); F16 and
// BF16 are computed in float32 and rounded back; F64, I32 and I64 use a
// straightforward triple loop summing in increasing k in the operand type
// (integers wrap). Other dtypes are an error.
func MatMul(a, b *Tensor) (*Tensor, error) {
	if a.dtype != b.dtype {
		return nil, fmt.Errorf("tensor: matmul of %v and %v: dtypes differ", a.dtype, b.dtype)
	}
	switch a.dtype {
	case F16, BF16:
		r, err := MatMul(asF32(a), asF32(b))
		if err != nil {
			return nil, err
		}
		return fromF32(r, a.dtype)
	case F32, F64, I32, I64:
	default:
		return nil, fmt.Errorf("tensor: matmul is not defined on %v", a.dtype)
	}
	_, _, _, _, outShape, err := matmulShapes(a.shape, b.shape)
	if err != nil {
		return nil, err
	}
	out, err := Alloc(a.dtype, outShape)
	if err != nil || out.Len() == 0 {
		return out, err
	}
	matMulInto(out, a, b)
	return out, nil
}

// MatMulShape is the shape MatMul(a, b) gives.
func MatMulShape(a, b *Tensor) ([]int64, error) {
	_, _, _, _, outShape, err := matmulShapes(a.shape, b.shape)
	return outShape, err
}

// MatMulInto is MatMul for float32 operands writing into y, a float32
// tensor of MatMulShape's shape that shares no storage with a or b.
func MatMulInto(y, a, b *Tensor) error {
	if a.dtype != F32 || b.dtype != F32 {
		return fmt.Errorf("tensor: matmul into: want f32 operands, got %v and %v", a.dtype, b.dtype)
	}
	shape, err := MatMulShape(a, b)
	if err != nil {
		return err
	}
	if err := intoF32("matmul", y, shape); err != nil {
		return err
	}
	if y.Len() > 0 {
		matMulInto(y, a, b)
	}
	return nil
}

// matMulInto computes a x b (shapes valid, out non-empty) into out.
func matMulInto(out, a, b *Tensor) {
	batch, m, n, k, _, _ := matmulShapes(a.shape, b.shape)
	aBatch, bBatch := matBatchShape(a.shape), matBatchShape(b.shape)
	if len(b.shape) == 1 {
		bBatch = nil
	}
	if len(a.shape) == 1 {
		aBatch = nil
	}
	// A shared 2-D right operand: fold a's batch into the rows.
	if len(bBatch) == 0 && ShapeEqual(aBatch, batch) {
		rows := m
		for _, d := range batch {
			rows *= int(d)
		}
		matmul2D(a, b, out, 0, 0, 0, rows, n, k)
		return
	}
	ao, bo := batchOffsets(aBatch, batch), batchOffsets(bBatch, batch)
	for i := range ao {
		matmul2D(a, b, out, ao[i]*m*k, bo[i]*k*n, i*m*n, m, n, k)
	}
}

func matmul2D(a, b, c *Tensor, ao, bo, co, m, n, k int) {
	switch cv := c.data.(type) {
	case []float32:
		av, bv := a.data.([]float32), b.data.([]float32)
		// Errors are impossible: the shapes were validated.
		_ = Sgemm(false, false, m, n, k, 1, av[ao:], max(k, 1), bv[bo:], max(n, 1), 0, cv[co:], max(n, 1))
	case []float64:
		naiveMatMul(a.data.([]float64)[ao:], b.data.([]float64)[bo:], cv[co:], m, n, k)
	case []int32:
		naiveMatMul(a.data.([]int32)[ao:], b.data.([]int32)[bo:], cv[co:], m, n, k)
	case []int64:
		naiveMatMul(a.data.([]int64)[ao:], b.data.([]int64)[bo:], cv[co:], m, n, k)
	}
}

func naiveMatMul[T float64 | int32 | int64](a, b, c []T, m, n, k int) {
	for i := range m {
		row := c[i*n : i*n+n]
		clear(row)
		for p := range k {
			x := a[i*k+p]
			br := b[p*n : p*n+n]
			for j := range row {
				row[j] += x * br[j]
			}
		}
	}
}

// MatMulInteger is ONNX MatMulInteger: int8/uint8 operands with optional
// zero points, result (a - aZero) x (b - bZero) in int32 (wrapping), with
// MatMul's shape rules. aZero is nil, a scalar/1-element tensor, or a 1-D
// tensor with one entry per row of a (m); bZero is nil, a scalar, or 1-D
// with one entry per column of b (n). Zero points must have their
// operand's dtype.
func MatMulInteger(a, b, aZero, bZero *Tensor) (*Tensor, error) {
	if (a.dtype != I8 && a.dtype != U8) || (b.dtype != I8 && b.dtype != U8) {
		return nil, fmt.Errorf("tensor: matmul_integer of %v and %v (want i8/u8)", a.dtype, b.dtype)
	}
	batch, m, n, k, outShape, err := matmulShapes(a.shape, b.shape)
	if err != nil {
		return nil, err
	}
	az, err := zeroPoints(aZero, a.dtype, m, "a")
	if err != nil {
		return nil, err
	}
	bz, err := zeroPoints(bZero, b.dtype, n, "b")
	if err != nil {
		return nil, err
	}
	out, err := Alloc(I32, outShape)
	if err != nil || out.Len() == 0 {
		return out, err
	}
	aBatch, bBatch := matBatchShape(a.shape), matBatchShape(b.shape)
	if len(b.shape) == 1 {
		bBatch = nil
	}
	if len(a.shape) == 1 {
		aBatch = nil
	}
	ao, bo := batchOffsets(aBatch, batch), batchOffsets(bBatch, batch)
	c := out.data.([]int32)
	for i := range ao {
		cc := c[i*m*n:]
		aoff, boff := ao[i]*m*k, bo[i]*k*n
		switch av := a.data.(type) {
		case []int8:
			switch bv := b.data.(type) {
			case []int8:
				err = GemmInt8(m, n, k, av[aoff:], max(k, 1), az, bv[boff:], max(n, 1), bz, cc, max(n, 1), false)
			case []uint8:
				err = GemmInt8(m, n, k, av[aoff:], max(k, 1), az, bv[boff:], max(n, 1), bz, cc, max(n, 1), false)
			}
		case []uint8:
			switch bv := b.data.(type) {
			case []int8:
				err = GemmInt8(m, n, k, av[aoff:], max(k, 1), az, bv[boff:], max(n, 1), bz, cc, max(n, 1), false)
			case []uint8:
				err = GemmInt8(m, n, k, av[aoff:], max(k, 1), az, bv[boff:], max(n, 1), bz, cc, max(n, 1), false)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// zeroPoints validates an integer zero-point tensor (nil, one element, or
// 1-D of length n) and returns its values.
func zeroPoints(z *Tensor, dt DType, n int, what string) ([]int32, error) {
	if z == nil {
		return nil, nil
	}
	if z.dtype != dt {
		return nil, fmt.Errorf("tensor: %s zero point is %v, operand is %v", what, z.dtype, dt)
	}
	l := z.Len()
	if !(l == 1 && len(z.shape) <= 1) && !(len(z.shape) == 1 && l == n) {
		return nil, fmt.Errorf("tensor: %s zero point of shape %s, want a scalar or %d values", what, FormatShape(z.shape), n)
	}
	zs := make([]int32, l)
	for i := range zs {
		zs[i] = int32(z.intAt(i))
	}
	return zs, nil
}
