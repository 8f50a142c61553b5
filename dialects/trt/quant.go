package trt

import (
	"fmt"
	"math"
	"slices"

	"github.com/mlc-go/mlc/ir"
)

// Explicit quantization: trt.quantize and trt.dequantize follow the rules
// TensorRT's ONNX parser enforces for QuantizeLinear/DequantizeLinear.
// The scale (and zero point) are operands that must be defined by
// trt.constant, as in TensorRT where they are layer inputs that must be
// build-time constants.

// weightsOf returns the weights of a value defined by trt.constant.
func weightsOf(v *ir.Value) ir.Attribute {
	if v == nil {
		return nil
	}
	def := v.DefiningOp()
	if def == nil || def.Name() != "trt.constant" {
		return nil
	}
	return def.InherentAttr("weights")
}

// isWeights reports whether v is a weights tensor: defined by
// trt.constant or, for dequantize, by a trt.quantize of weights (the Q/DQ
// pair an exporter puts on float weights).
func isWeights(v *ir.Value, throughQuantize bool) bool {
	if weightsOf(v) != nil {
		return true
	}
	if !throughQuantize {
		return false
	}
	def := v.DefiningOp()
	return def != nil && def.Name() == "trt.quantize" && isWeights(def.Operand(0), false)
}

// elementsOf decodes the values of dense weights as float64; ok is false
// when the data is not available (an undefined dense_resource blob) or the
// element type is not decodable.
func elementsOf(a ir.Attribute) (vals []float64, ok bool) {
	switch w := a.(type) {
	case *ir.DenseElementsAttr:
		n := w.NumElements()
		vals = make([]float64, n)
		isFloat := ir.IsFloat(w.Type.ElementType())
		for i := 0; i < n; i++ {
			if isFloat {
				vals[i] = w.FloatAt(i)
			} else {
				vals[i] = float64(w.IntAt(i))
			}
		}
		return vals, true
	case *ir.DenseResourceAttr:
		if w.Handle == nil || w.Handle.Data == nil {
			return nil, false
		}
		elem := w.Type.ElementType()
		bw := ir.ElementByteWidth(elem)
		if bw == 0 {
			// Sub-byte data (i4): only "all zero" is decidable.
			for _, b := range w.Handle.Data {
				if b != 0 {
					return []float64{math.NaN()}, true
				}
			}
			return []float64{0}, true
		}
		raw := w.Handle.Data
		for i := 0; i+bw <= len(raw); i += bw {
			if ft, isF := elem.(*ir.FloatType); isF {
				vals = append(vals, ir.DecodeFloat(ft.Kind, raw[i:i+bw]))
			} else {
				var u uint64
				for j := bw - 1; j >= 0; j-- {
					u = u<<8 | uint64(raw[i+j])
				}
				shift := 64 - 8*uint(bw)
				vals = append(vals, float64(int64(u<<shift)>>shift))
			}
		}
		return vals, true
	}
	return nil, false
}

func numElements(t *ir.RankedTensorType) int64 {
	n, ok := product(t.Shape)
	if !ok {
		return -1
	}
	return n
}

// verifyQDQ checks the explicit-quantization rules on trt.quantize
// (quantize = true) and trt.dequantize.
func verifyQDQ(op *ir.Operation, quantize bool) error {
	in, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	res, _ := op.Result(0).Type().(*ir.RankedTensorType)
	scaleV := op.Operand(1)
	scale, _ := scaleV.Type().(*ir.RankedTensorType)
	if in == nil || res == nil || scale == nil {
		return fmt.Errorf("expects ranked tensors")
	}
	if !slices.Equal(in.Shape, res.Shape) {
		return fmt.Errorf("result shape %s must match the input shape %s", fmtDims(res.Shape), fmtDims(in.Shape))
	}
	qt, ft := res, in
	data := op.Operand(0)
	if !quantize {
		qt, ft = in, res
	}
	if scale.Elem != ft.Elem {
		return fmt.Errorf("scale element type '%s' must match the float element type '%s'", scale.Elem, ft.Elem)
	}
	w := weightsOf(scaleV)
	if w == nil {
		return fmt.Errorf("scale must be a build-time constant (defined by trt.constant)")
	}
	if scale.Rank() > 1 {
		return fmt.Errorf("scale must be a scalar or a 1-D tensor (block quantization is not supported), got rank %d", scale.Rank())
	}
	if vals, ok := elementsOf(w); ok {
		for i, s := range vals {
			if !(s > 0) || math.IsInf(s, 0) {
				return fmt.Errorf("scale must be positive and finite, got %g at index %d", s, i)
			}
		}
	}
	rank := qt.Rank()
	axis, hasAxis := int64(0), false
	if a, ok := op.InherentAttr("axis").(*ir.IntegerAttr); ok {
		axis, hasAxis = a.Value, true
		if axis < -int64(rank) || axis >= int64(rank) {
			return fmt.Errorf("axis %d is out of range [%d, %d)", axis, -rank, rank)
		}
	}
	weights := isWeights(data, !quantize)
	if n := numElements(scale); n != 1 {
		// Per-channel: only on weights, along the output-channel axis 0.
		if !hasAxis || axis != 0 {
			got := "none"
			if hasAxis {
				got = fmt.Sprint(axis)
			}
			return fmt.Errorf("per-channel quantization requires axis 0, got %s", got)
		}
		if rank == 0 {
			return fmt.Errorf("per-channel quantization requires a tensor of rank at least 1")
		}
		if d := qt.Shape[0]; n >= 0 && !dyn(d) && n != d {
			return fmt.Errorf("per-channel scale has %d values, but dimension 0 of the quantized tensor has %d", n, d)
		}
		if !weights {
			return fmt.Errorf("per-channel quantization is only supported on weights (a trt.constant), but the input is an activation")
		}
	}
	if len(op.Operands()) > 2 {
		zpV := op.Operand(2)
		zp, _ := zpV.Type().(*ir.RankedTensorType)
		zw := weightsOf(zpV)
		if zw == nil || zp == nil {
			return fmt.Errorf("zero_point must be a build-time constant (defined by trt.constant)")
		}
		if !slices.Equal(zp.Shape, scale.Shape) {
			return fmt.Errorf("zero_point shape %s must match the scale shape %s", fmtDims(zp.Shape), fmtDims(scale.Shape))
		}
		if zp.Elem != qt.Elem {
			return fmt.Errorf("zero_point element type '%s' must match the quantized element type '%s'", zp.Elem, qt.Elem)
		}
		if vals, ok := elementsOf(zw); ok {
			for i, z := range vals {
				if z != 0 {
					return fmt.Errorf("zero_point must be all zeros (TensorRT supports only symmetric quantization), got %g at index %d", z, i)
				}
			}
		}
	}
	if i4E.Match(qt.Elem) {
		if !weights {
			return fmt.Errorf("int4 quantization is only supported on weights (a trt.constant), but the input is an activation")
		}
		if rank == 0 {
			return fmt.Errorf("int4 quantization requires an even last dimension, got a rank-0 tensor")
		}
		if d := qt.Shape[rank-1]; !dyn(d) && d%2 != 0 {
			return fmt.Errorf("int4 quantization requires an even last dimension, got %d", d)
		}
	}
	return verifyOutputType(op)
}

// verifyOutputType checks output_type against result 0 for layers whose
// result element type is not inferred.
func verifyOutputType(op *ir.Operation) error {
	ta, ok := op.InherentAttr("output_type").(*ir.TypeAttr)
	if !ok || op.NumResults() == 0 {
		return nil
	}
	if e := ir.ElementTypeOf(op.Result(0).Type()); e != ta.Type {
		return fmt.Errorf("output_type '%s' does not match the result element type '%s'", ta.Type, e)
	}
	return nil
}
