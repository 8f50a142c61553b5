package tensor

import (
	"fmt"
	"math"
)

// Pool2DParams are the attributes of ONNX MaxPool / AveragePool on 4-D NCHW
// input. Zero strides and dilations mean 1.
type Pool2DParams struct {
	Kernel    [2]int // (h, w), required
	Strides   [2]int
	Dilations [2]int
	Pads      [4]int // top, left, bottom, right
	// CeilMode computes the output size with ceil instead of floor; as in
	// ONNX (and PyTorch), a window that would start inside the end padding
	// is dropped (see ConvOutSize).
	CeilMode bool
	// CountIncludePad (AveragePool only): divide by the number of window
	// taps inside the padded input [-padBegin, in+padEnd) instead of the
	// number inside the real input. Taps beyond the end padding, which only
	// ceil mode creates, never count.
	CountIncludePad bool
}

type poolGeom struct {
	n, c, h, w, oh, ow int
	kh, kw, sh, sw     int
	dh, dw, pt, pl     int
	pb, pr             int
}

func poolGeometry(xs []int64, p Pool2DParams) (*poolGeom, error) {
	if len(xs) != 4 {
		return nil, fmt.Errorf("tensor: pool2d expects a 4-D NCHW input, got %s", FormatShape(xs))
	}
	for i := range 2 {
		if p.Strides[i] == 0 {
			p.Strides[i] = 1
		}
		if p.Dilations[i] == 0 {
			p.Dilations[i] = 1
		}
	}
	g := &poolGeom{n: int(xs[0]), c: int(xs[1]), h: int(xs[2]), w: int(xs[3]),
		kh: p.Kernel[0], kw: p.Kernel[1], sh: p.Strides[0], sw: p.Strides[1],
		dh: p.Dilations[0], dw: p.Dilations[1], pt: p.Pads[0], pl: p.Pads[1], pb: p.Pads[2], pr: p.Pads[3]}
	var err error
	if g.oh, err = ConvOutSize(g.h, g.kh, g.sh, g.dh, g.pt, g.pb, p.CeilMode); err != nil {
		return nil, fmt.Errorf("pool2d height: %w", err)
	}
	if g.ow, err = ConvOutSize(g.w, g.kw, g.sw, g.dw, g.pl, g.pr, p.CeilMode); err != nil {
		return nil, fmt.Errorf("pool2d width: %w", err)
	}
	return g, nil
}

// taps returns, for an output position o along one axis, the first input
// index and number of window taps inside [lo, hi) (stepping by dilation).
func taps(o, stride, pad, k, dil, lo, hi int) (first, count int) {
	start := o*stride - pad
	// first tap t with start + t*dil >= lo
	t0 := 0
	if start < lo {
		t0 = (lo - start + dil - 1) / dil
	}
	t1 := k // exclusive: last tap with start + t*dil < hi
	if end := start + (k-1)*dil; end >= hi {
		t1 = (hi - start + dil - 1) / dil
	}
	if t1 <= t0 {
		return 0, 0
	}
	return start + t0*dil, t1 - t0
}

// MaxPool2D is ONNX MaxPool (without the Indices output) on NCHW input of
// dtype F32, F16, BF16, F64, I8 or U8: the maximum over the window taps that
// fall inside the input (padding is ignored). As in ONNX Runtime, NaN inputs
// never win the comparison, and a window with no tap inside the input
// yields the dtype's lowest finite value.
func MaxPool2D(x *Tensor, p Pool2DParams) (*Tensor, error) {
	switch x.dtype {
	case F16, BF16:
		r, err := MaxPool2D(asF32(x), p)
		if err != nil {
			return nil, err
		}
		return fromF32(r, x.dtype)
	}
	g, err := poolGeometry(x.shape, p)
	if err != nil {
		return nil, err
	}
	out, err := Alloc(x.dtype, []int64{int64(g.n), int64(g.c), int64(g.oh), int64(g.ow)})
	if err != nil {
		return nil, err
	}
	switch xv := x.data.(type) {
	case []float32:
		maxPool(g, xv, out.data.([]float32), -math.MaxFloat32)
	case []float64:
		maxPool(g, xv, out.data.([]float64), -math.MaxFloat64)
	case []int8:
		maxPool(g, xv, out.data.([]int8), math.MinInt8)
	case []uint8:
		maxPool(g, xv, out.data.([]uint8), 0)
	default:
		return nil, fmt.Errorf("tensor: max_pool2d is not defined on %v", x.dtype)
	}
	return out, nil
}

func maxPool[T float32 | float64 | int8 | uint8](g *poolGeom, x, y []T, lowest T) {
	hw, ohw := g.h*g.w, g.oh*g.ow
	for nc := range g.n * g.c {
		img := x[nc*hw : (nc+1)*hw]
		dst := y[nc*ohw : (nc+1)*ohw]
		for i := range g.oh {
			h0, nh := taps(i, g.sh, g.pt, g.kh, g.dh, 0, g.h)
			for j := range g.ow {
				w0, nw := taps(j, g.sw, g.pl, g.kw, g.dw, 0, g.w)
				best := lowest
				for a := range nh {
					row := img[(h0+a*g.dh)*g.w:]
					for b := range nw {
						if v := row[w0+b*g.dw]; v > best {
							best = v
						}
					}
				}
				dst[i*g.ow+j] = best
			}
		}
	}
}

// AvgPool2D is ONNX AveragePool on NCHW input (F32; F16/BF16 via float32;
// F64): the window taps inside the input are summed in window order (rows,
// then columns) in the input precision and divided by the tap count given
// by CountIncludePad. A window with a zero divisor gives 0.
func AvgPool2D(x *Tensor, p Pool2DParams) (*Tensor, error) {
	switch x.dtype {
	case F16, BF16:
		r, err := AvgPool2D(asF32(x), p)
		if err != nil {
			return nil, err
		}
		return fromF32(r, x.dtype)
	case F32, F64:
	default:
		return nil, fmt.Errorf("tensor: avg_pool2d is not defined on %v", x.dtype)
	}
	g, err := poolGeometry(x.shape, p)
	if err != nil {
		return nil, err
	}
	out, err := Alloc(x.dtype, []int64{int64(g.n), int64(g.c), int64(g.oh), int64(g.ow)})
	if err != nil {
		return nil, err
	}
	avgPoolInto(g, out, x, p.CountIncludePad)
	return out, nil
}

// AvgPool2DInto is AvgPool2D on F32 or F64 input writing into y, which
// must have the result's dtype and shape.
func AvgPool2DInto(y, x *Tensor, p Pool2DParams) error {
	if x.dtype != F32 && x.dtype != F64 {
		return fmt.Errorf("tensor: avg_pool2d into: %v input", x.dtype)
	}
	g, err := poolGeometry(x.shape, p)
	if err != nil {
		return err
	}
	if want := []int64{int64(g.n), int64(g.c), int64(g.oh), int64(g.ow)}; y.dtype != x.dtype || !ShapeEqual(y.shape, want) {
		return fmt.Errorf("tensor: avg_pool2d into %s %s, result is %s %s", y.dtype, FormatShape(y.shape), x.dtype, FormatShape(want))
	}
	avgPoolInto(g, y, x, p.CountIncludePad)
	return nil
}

func avgPoolInto(g *poolGeom, out, x *Tensor, includePad bool) {
	if xv, ok := x.data.([]float32); ok {
		if avgPoolFlatOK(g) {
			avgPoolFlatF32(g, xv, out.data.([]float32), includePad)
		} else {
			avgPool(g, xv, out.data.([]float32), includePad)
		}
		return
	}
	avgPool(g, x.data.([]float64), out.data.([]float64), includePad)
}

func avgPool[T float32 | float64](g *poolGeom, x, y []T, includePad bool) {
	hw, ohw := g.h*g.w, g.oh*g.ow
	for nc := range g.n * g.c {
		img := x[nc*hw : (nc+1)*hw]
		dst := y[nc*ohw : (nc+1)*ohw]
		for i := range g.oh {
			h0, nh := taps(i, g.sh, g.pt, g.kh, g.dh, 0, g.h)
			dh := nh
			if includePad {
				_, dh = taps(i, g.sh, g.pt, g.kh, g.dh, -g.pt, g.h+g.pb)
			}
			for j := range g.ow {
				w0, nw := taps(j, g.sw, g.pl, g.kw, g.dw, 0, g.w)
				dw := nw
				if includePad {
					_, dw = taps(j, g.sw, g.pl, g.kw, g.dw, -g.pl, g.w+g.pr)
				}
				var s T
				for a := range nh {
					row := img[(h0+a*g.dh)*g.w:]
					for b := range nw {
						s += row[w0+b*g.dw]
					}
				}
				if d := dh * dw; d > 0 {
					dst[i*g.ow+j] = s / T(d)
				} else {
					dst[i*g.ow+j] = 0
				}
			}
		}
	}
}

// GlobalAvgPool is ONNX GlobalAveragePool: the mean over all axes after
// the first two (N, C), kept as size-1 dims. Sums are taken in float64.
func GlobalAvgPool(x *Tensor) (*Tensor, error) {
	if len(x.shape) < 3 {
		return nil, fmt.Errorf("tensor: global_avg_pool expects rank >= 3, got %s", FormatShape(x.shape))
	}
	return Reduce(ReduceMean, x, spatialAxes(len(x.shape)), true)
}

// GlobalMaxPool is ONNX GlobalMaxPool: the maximum over all axes after the
// first two, kept as size-1 dims.
func GlobalMaxPool(x *Tensor) (*Tensor, error) {
	if len(x.shape) < 3 {
		return nil, fmt.Errorf("tensor: global_max_pool expects rank >= 3, got %s", FormatShape(x.shape))
	}
	return Reduce(ReduceMax, x, spatialAxes(len(x.shape)), true)
}

func spatialAxes(rank int) []int {
	axes := make([]int, 0, rank-2)
	for i := 2; i < rank; i++ {
		axes = append(axes, i)
	}
	return axes
}
