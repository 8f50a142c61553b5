package tensor

import (
	"fmt"

	"github.com/mlc-go/mlc/ir"
)

// Cast converts x to dtype `to`, following ONNX Cast where ONNX defines the
// result and saturating where it leaves it undefined:
//
//   - float -> float: round to nearest, ties to even (F64 -> F16/BF16 goes
//     through float32); NaN stays NaN, overflow gives ±Inf.
//   - float -> integer: truncate toward zero, then saturate to the target
//     range (ONNX leaves out-of-range values undefined); NaN -> 0.
//   - integer -> integer: two's-complement wrap-around, as ONNX Runtime and
//     NumPy do (static_cast); except for I4/U4 targets, which saturate as
//     ONNX Runtime's 4-bit Cast does.
//   - integer -> float: nearest representable value.
//   - anything -> Bool: x != 0 (NaN -> true); Bool -> number: 0 or 1.
//
// Casting to the same dtype returns a copy.
func Cast(x *Tensor, to DType) (*Tensor, error) {
	if !to.Valid() {
		return nil, fmt.Errorf("tensor: Cast to invalid dtype %v", to)
	}
	out, err := Alloc(to, x.shape)
	if err != nil {
		return nil, err
	}
	if x.dtype == to {
		copyStorage(out.data, x.data)
		return out, nil
	}
	castInto(out, x)
	return out, nil
}

// castInto converts src into dst (same element count).
func castInto(dst, src *Tensor) {
	if castSmallInts(dst, src) {
		return
	}
	// Fast paths for the common conversions.
	switch s := src.data.(type) {
	case []float32:
		switch dst.dtype {
		case F64:
			d := dst.data.([]float64)
			for i, v := range s {
				d[i] = float64(v)
			}
			return
		case F16:
			d := dst.data.([]uint16)
			for i := f32ToF16Fast(d, s); i < len(s); i++ {
				d[i] = ir.Float32ToHalf(s[i])
			}
			return
		case BF16:
			d := dst.data.([]uint16)
			for i, v := range s {
				d[i] = ir.Float32ToBF16(v)
			}
			return
		}
	case []uint16:
		if dst.dtype == F32 {
			d := dst.data.([]float32)
			switch src.dtype {
			case F16:
				for i := f16ToF32Fast(d, s); i < len(s); i++ {
					d[i] = ir.HalfToFloat32(s[i])
				}
				return
			case BF16:
				for i, v := range s {
					d[i] = ir.BF16ToFloat32(v)
				}
				return
			}
		}
	}
	n := src.Len()
	const chunk = 1024
	if src.dtype.IsFloat() {
		var buf [chunk]float64
		for i0 := 0; i0 < n; i0 += chunk {
			m := min(chunk, n-i0)
			readFloats(src, i0, buf[:m])
			writeFromFloats(dst, i0, buf[:m])
		}
		return
	}
	var buf [chunk]int64
	for i0 := 0; i0 < n; i0 += chunk {
		m := min(chunk, n-i0)
		readInts(src, i0, buf[:m])
		writeFromInts(dst, i0, buf[:m])
	}
}

func readFloats(t *Tensor, i0 int, buf []float64) {
	switch s := t.data.(type) {
	case []float32:
		for i := range buf {
			buf[i] = float64(s[i0+i])
		}
	case []float64:
		copy(buf, s[i0:])
	default:
		for i := range buf {
			buf[i] = t.floatAt(i0 + i)
		}
	}
}

func readInts(t *Tensor, i0 int, buf []int64) {
	for i := range buf {
		buf[i] = t.intAt(i0 + i)
	}
}

func writeFromFloats(t *Tensor, i0 int, buf []float64) {
	switch d := t.data.(type) {
	case []float32:
		for i, v := range buf {
			d[i0+i] = float32(v)
		}
	case []float64:
		copy(d[i0:], buf)
	case []bool:
		for i, v := range buf {
			d[i0+i] = v != 0
		}
	default:
		if t.dtype.IsFloat() {
			for i, v := range buf {
				t.setFloat(i0+i, v)
			}
			return
		}
		lo, hi := t.dtype.IntRange()
		for i, v := range buf {
			t.setInt(i0+i, floatToInt(v, lo, hi))
		}
	}
}

func writeFromInts(t *Tensor, i0 int, buf []int64) {
	if t.dtype.IsFloat() {
		switch d := t.data.(type) {
		case []float32:
			for i, v := range buf {
				d[i0+i] = float32(v)
			}
		case []float64:
			for i, v := range buf {
				d[i0+i] = float64(v)
			}
		default:
			for i, v := range buf {
				// int64 -> float32 directly (one rounding), then to 16 bits.
				f := float32(v)
				if t.dtype == F16 {
					d.([]uint16)[i0+i] = ir.Float32ToHalf(f)
				} else {
					d.([]uint16)[i0+i] = ir.Float32ToBF16(f)
				}
			}
		}
		return
	}
	for i, v := range buf {
		t.setInt(i0+i, v)
	}
}

// float32Data returns x's elements as float32: the storage itself for F32,
// otherwise a converted copy (F16/BF16/F64 and integers).
func float32Data(x *Tensor) []float32 {
	if x.dtype == F32 {
		return x.data.([]float32)
	}
	out := make([]float32, x.Len())
	switch s := x.data.(type) {
	case []uint16:
		switch x.dtype {
		case F16:
			for i := f16ToF32Fast(out, s); i < len(s); i++ {
				out[i] = ir.HalfToFloat32(s[i])
			}
			return out
		case BF16:
			for i, v := range s {
				out[i] = ir.BF16ToFloat32(v)
			}
			return out
		}
	case []float64:
		for i, v := range s {
			out[i] = float32(v)
		}
		return out
	}
	for i := range out {
		out[i] = float32(x.floatAt(i))
	}
	return out
}

// asF32 returns x as an F32 tensor (x itself when it already is).
func asF32(x *Tensor) *Tensor {
	if x.dtype == F32 {
		return x
	}
	return &Tensor{dtype: F32, shape: x.shape, data: float32Data(x)}
}

// fromF32 converts an F32 result to dtype dt (a no-op for F32).
func fromF32(t *Tensor, dt DType) (*Tensor, error) {
	if dt == F32 {
		return t, nil
	}
	return Cast(t, dt)
}

// castSmallInts converts between float32 and 8- or 16-bit integers without
// the int64/float64 buffers of the general path, and reports whether it
// did: integers to float32 exactly, float32 to integers truncated toward
// zero and saturated (NaN -> 0), as the general path does.
func castSmallInts(dst, src *Tensor) bool {
	small := func(dt DType) bool { return dt == I8 || dt == U8 || dt == I16 || dt == U16 }
	if !(src.dtype == F32 && small(dst.dtype)) && !(dst.dtype == F32 && small(src.dtype)) {
		return false // I4/U4 and F16/BF16 share these storages
	}
	if s, ok := src.data.([]float32); ok {
		switch d := dst.data.(type) {
		case []int8:
			f32ToInts(d, s, -128, 127)
		case []uint8:
			f32ToInts(d, s, 0, 255)
		case []int16:
			f32ToInts(d, s, -32768, 32767)
		case []uint16:
			f32ToInts(d, s, 0, 65535)
		default:
			return false
		}
		return true
	}
	d, ok := dst.data.([]float32)
	if !ok {
		return false
	}
	switch s := src.data.(type) {
	case []int8:
		n := bytesToF32Fast(d, s, 0)
		intsToF32(d[n:], s[n:])
	case []uint8:
		n := bytesToF32Fast(d, s, 0)
		intsToF32(d[n:], s[n:])
	case []int16:
		intsToF32(d, s)
	case []uint16:
		intsToF32(d, s)
	default:
		return false
	}
	return true
}

func f32ToInts[T int8 | uint8 | int16 | uint16](d []T, s []float32, lo, hi float32) {
	s = s[:len(d)]
	for i, v := range s {
		switch {
		case v != v:
			d[i] = 0
		case v <= lo:
			d[i] = T(int32(lo))
		case v >= hi:
			d[i] = T(int32(hi))
		default:
			d[i] = T(int32(v)) // truncates toward zero
		}
	}
}

func intsToF32[T int8 | uint8 | int16 | uint16](d []float32, s []T) {
	s = s[:len(d)]
	for i, v := range s {
		d[i] = float32(v)
	}
}
