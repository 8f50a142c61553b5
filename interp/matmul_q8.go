package interp

import (
	"slices"

	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// A QDQ model's classifier is a float32 core.matmul whose weight is a
// dequantized int8 constant, transposed: rhs = transpose(dcast(w)) with w
// int8 per output channel (ONNX Gemm with transB). Its float32 copy is
// four times the bytes the int8 weight is, and at batch 1 the product is
// one pass over it. q8Columns finds such a weight once and keeps it as
// int8 rows and column scales (tensor.Q8Columns), whose product has the
// float32 product's bits: NewQ8Columns checks every element against the
// cached float32 weight, so nothing here decides the numbers.

// q8Columns returns the int8 form of the matmul's right operand, a cached
// float32 constant, when it is one (see above); nil otherwise.
func (c *opCall) q8Columns() *tensor.Q8Columns {
	it := c.it
	if it == nil || len(c.in) != 2 || c.op.NumOperands() != 2 {
		return nil
	}
	a, b := c.in[0], c.in[1]
	d := c.op.Operand(1).DefiningOp()
	if d == nil || it.consts[d] != b || b.DType() != tensor.F32 || b.Rank() != 2 ||
		a.DType() != tensor.F32 || a.Rank() != 2 || a.Shape()[0] != 1 {
		return nil
	}
	if bq, ok := it.q8[b]; ok {
		return bq
	}
	if it.q8 == nil {
		it.q8 = map[*tensor.Tensor]*tensor.Q8Columns{}
	}
	bq := it.q8ColumnsOf(d, b)
	it.q8[b] = bq
	return bq
}

// q8ColumnsOf reads b (K×N, the result of d) as int8 × per-column scale:
// d is quant.dcast of a cached int8 constant [K, N] per tensor or per axis
// 1, or core.transpose [1, 0] of such a dcast of an [N, K] one per tensor
// or per axis 0; zero points 0.
func (it *Interpreter) q8ColumnsOf(d *ir.Operation, b *tensor.Tensor) *tensor.Q8Columns {
	trans := false
	if d.Name() == "core.transpose" {
		perm, err := (&opCall{op: d}).ints("perm")
		if err != nil || !slices.Equal(perm, []int64{1, 0}) {
			return nil
		}
		trans = true
		if d = d.Operand(0).DefiningOp(); d == nil {
			return nil
		}
	}
	if d.Name() != "quant.dcast" {
		return nil
	}
	src := d.Operand(0).DefiningOp()
	if src == nil {
		return nil
	}
	w := it.consts[src]
	if w == nil || w.DType() != tensor.I8 || w.Rank() != 2 {
		return nil
	}
	k, n := int(b.Shape()[0]), int(b.Shape()[1])
	colAxis := 1 // the axis of w that holds b's columns
	if trans {
		colAxis = 0
	}
	if int(w.Shape()[colAxis]) != n || int(w.Shape()[1-colAxis]) != k {
		return nil
	}
	scale := make([]float32, n)
	switch q := quant.ElementType(d.Operand(0).Type()).(type) {
	case *quant.UniformType:
		if q.ZeroPoint != 0 {
			return nil
		}
		for j := range scale {
			scale[j] = float32(q.Scale)
		}
	case *quant.UniformPerAxisType:
		if int(q.Axis) != colAxis || len(q.Scales) != n {
			return nil
		}
		for j := range scale {
			if q.ZeroPoints[j] != 0 {
				return nil
			}
			scale[j] = float32(q.Scales[j])
		}
	default:
		return nil
	}
	wv := w.Int8s()
	qv := make([]int8, k*n)
	for p := range k {
		for j := range n {
			if trans {
				qv[p*n+j] = wv[j*k+p]
			} else {
				qv[p*n+j] = wv[p*n+j]
			}
		}
	}
	return tensor.NewQ8Columns(b, qv, scale)
}
