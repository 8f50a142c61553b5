// Package tensor is the numeric core of mlc's reference interpreter: a dense
// tensor type, NumPy .npy and ONNX TensorProto I/O, and float32 / integer
// kernels (elementwise with broadcasting, a blocked multi-threaded GEMM,
// convolution, pooling, reductions, normalisation, data movement and
// ONNX-exact quantization).
//
// It imports nothing of mlc, so that the interpreter and the ONNX importer
// can both build on it. Kernels take and return *Tensor and report bad
// arguments as errors (never panics); shapes are static.
//
// Untrusted inputs never make the package allocate without bound: every
// allocation goes through Alloc, which refuses element counts that overflow
// and byte sizes above MaxBytes (default 16 GiB, see SetMaxBytes), and the
// readers never allocate more than the bytes actually present justify.
package tensor

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/mlc-go/mlc/ir"
)

// Tensor is a dense, row-major (C order) tensor with a static shape.
//
// The storage is a typed Go slice chosen by dtype (see DType). Reshape,
// ReshapeONNX, Flatten, Squeeze and Unsqueeze return views sharing the
// storage; every other kernel returns a fresh tensor and never modifies
// its inputs.
type Tensor struct {
	dtype DType
	shape []int64
	data  any
}

// DefaultMaxBytes is the default allocation limit (16 GiB).
const DefaultMaxBytes int64 = 16 << 30

var maxBytes atomic.Int64

func init() { maxBytes.Store(DefaultMaxBytes) }

// SetMaxBytes sets the largest tensor, in bytes, that Alloc (and therefore
// every kernel and reader) will create, and returns the previous limit.
// n <= 0 restores DefaultMaxBytes.
func SetMaxBytes(n int64) (prev int64) {
	if n <= 0 {
		n = DefaultMaxBytes
	}
	return maxBytes.Swap(n)
}

// MaxBytes returns the current allocation limit.
func MaxBytes() int64 { return maxBytes.Load() }

// ErrTooLarge is wrapped by errors about shapes whose element count
// overflows or whose byte size exceeds the allocation limit.
var ErrTooLarge = errors.New("tensor too large")

// NumElements returns the product of the dims, checking that every dim is
// non-negative and that the product fits in an int64 (and in an int).
// The empty shape (a scalar) has one element.
func NumElements(shape []int64) (int64, error) {
	n := int64(1)
	zero := false
	for i, d := range shape {
		if d < 0 {
			return 0, fmt.Errorf("tensor: negative dimension %d at axis %d of %s", d, i, FormatShape(shape))
		}
		if d == 0 {
			zero = true
		}
	}
	if zero {
		return 0, nil
	}
	for _, d := range shape {
		if n > math.MaxInt/d {
			return 0, fmt.Errorf("tensor: element count of %s overflows: %w", FormatShape(shape), ErrTooLarge)
		}
		n *= d
	}
	return n, nil
}

// ByteSize returns the in-memory byte size of a tensor of the given dtype and
// shape, checking for overflow.
func ByteSize(dt DType, shape []int64) (int64, error) {
	if !dt.Valid() {
		return 0, fmt.Errorf("tensor: invalid dtype %v", dt)
	}
	n, err := NumElements(shape)
	if err != nil {
		return 0, err
	}
	sz := int64(dt.Size())
	if n > math.MaxInt64/sz {
		return 0, fmt.Errorf("tensor: byte size of %s x %v overflows: %w", FormatShape(shape), dt, ErrTooLarge)
	}
	return n * sz, nil
}

// sizeWithin is ByteSize, failing with ErrTooLarge above limit.
func sizeWithin(dt DType, shape []int64, limit int64) (int64, error) {
	nb, err := ByteSize(dt, shape)
	if err == nil && nb > limit {
		err = fmt.Errorf("tensor: %s x %v needs %d bytes, above the limit of %d: %w",
			FormatShape(shape), dt, nb, limit, ErrTooLarge)
	}
	return nb, err
}

// Alloc returns a zeroed tensor, or an error when the shape is invalid, its
// element count overflows, or its byte size exceeds MaxBytes.
func Alloc(dt DType, shape []int64) (*Tensor, error) {
	return AllocLimit(dt, shape, MaxBytes())
}

// AllocLimit is Alloc with an explicit byte limit.
func AllocLimit(dt DType, shape []int64, limit int64) (*Tensor, error) {
	nb, err := sizeWithin(dt, shape, limit)
	if err != nil {
		return nil, err
	}
	n := int(nb / int64(dt.Size()))
	return newTensor(dt, shape, makeStorage(dt, n)), nil
}

func makeStorage(dt DType, n int) any {
	switch dt {
	case F32:
		return make([]float32, n)
	case F64:
		return make([]float64, n)
	case F16, BF16, U16:
		return make([]uint16, n)
	case I8, I4:
		return make([]int8, n)
	case U8, U4:
		return make([]uint8, n)
	case I16:
		return make([]int16, n)
	case I32:
		return make([]int32, n)
	case I64:
		return make([]int64, n)
	case Bool:
		return make([]bool, n)
	}
	panic("tensor: makeStorage of invalid dtype")
}

// New returns a zeroed tensor and panics if Alloc fails. It is meant for
// tests and for shapes the caller has already validated.
func New(dt DType, shape ...int64) *Tensor {
	t, err := Alloc(dt, shape)
	if err != nil {
		panic(err)
	}
	return t
}

// Element is the set of Go element types a tensor can be built from.
type Element interface {
	float32 | float64 | int8 | uint8 | int16 | uint16 | int32 | int64 | bool
}

// FromSlice wraps data (without copying) as a tensor of dtype dt and the
// given shape. The Go element type must be dt's storage type (see DType)
// and len(data) must equal the element count. For I4/U4 the values must lie
// in the 4-bit range.
func FromSlice[T Element](dt DType, shape []int64, data []T) (*Tensor, error) {
	n, err := NumElements(shape)
	if err != nil {
		return nil, err
	}
	if int64(len(data)) != n {
		return nil, fmt.Errorf("tensor: %d values for shape %s (%d elements)", len(data), FormatShape(shape), n)
	}
	if !dt.Valid() {
		return nil, fmt.Errorf("tensor: invalid dtype %v", dt)
	}
	var x any = data
	ok := false
	switch x.(type) {
	case []float32:
		ok = dt == F32
	case []float64:
		ok = dt == F64
	case []uint16:
		ok = dt == F16 || dt == BF16 || dt == U16
	case []int8:
		ok = dt == I8 || dt == I4
	case []uint8:
		ok = dt == U8 || dt == U4
	case []int16:
		ok = dt == I16
	case []int32:
		ok = dt == I32
	case []int64:
		ok = dt == I64
	case []bool:
		ok = dt == Bool
	}
	if !ok {
		return nil, fmt.Errorf("tensor: %T is not the storage of dtype %v", data, dt)
	}
	t := newTensor(dt, shape, x)
	if dt == I4 || dt == U4 {
		lo, hi := dt.IntRange()
		for i := range n {
			if v := t.intAt(int(i)); v < lo || v > hi {
				return nil, fmt.Errorf("tensor: value %d out of range for %v", v, dt)
			}
		}
	}
	return t, nil
}

// MustFromSlice is FromSlice that panics on error (tests, constants).
func MustFromSlice[T Element](dt DType, shape []int64, data []T) *Tensor {
	t, err := FromSlice(dt, shape, data)
	if err != nil {
		panic(err)
	}
	return t
}

// FromValues builds a tensor of any dtype from float64 values, converted
// with Cast's rules (so integers are exact up to 2^53). Handy in tests.
func FromValues(dt DType, shape []int64, vals ...float64) (*Tensor, error) {
	src, err := FromSlice(F64, shape, vals)
	if err != nil {
		return nil, err
	}
	if dt == F64 {
		return src.Clone(), nil
	}
	return Cast(src, dt)
}

// MustValues is FromValues that panics on error.
func MustValues(dt DType, shape []int64, vals ...float64) *Tensor {
	t, err := FromValues(dt, shape, vals...)
	if err != nil {
		panic(err)
	}
	return t
}

// Scalar returns a rank-0 tensor holding v converted to dt.
func Scalar(dt DType, v float64) *Tensor { return MustValues(dt, nil, v) }

// DType returns the element type.
func (t *Tensor) DType() DType { return t.dtype }

// Shape returns a copy of the shape.
func (t *Tensor) Shape() []int64 { return cloneShape(t.shape) }

// HasShape reports whether t's shape is shape (Shape without the copy).
func (t *Tensor) HasShape(shape []int64) bool { return slices.Equal(t.shape, shape) }

// Rank returns the number of dimensions.
func (t *Tensor) Rank() int { return len(t.shape) }

// Dim returns dimension i; negative i counts from the end.
func (t *Tensor) Dim(i int) int64 {
	if i < 0 {
		i += len(t.shape)
	}
	return t.shape[i]
}

// Len returns the number of elements.
func (t *Tensor) Len() int { return storageLen(t.data) }

// Data returns the storage slice (see DType for its Go type).
func (t *Tensor) Data() any { return t.data }

func storageLen(d any) int {
	switch s := d.(type) {
	case []float32:
		return len(s)
	case []float64:
		return len(s)
	case []uint16:
		return len(s)
	case []int8:
		return len(s)
	case []uint8:
		return len(s)
	case []int16:
		return len(s)
	case []int32:
		return len(s)
	case []int64:
		return len(s)
	case []bool:
		return len(s)
	}
	return 0
}

func (t *Tensor) mustBe(fn string, dts ...DType) {
	for _, d := range dts {
		if t.dtype == d {
			return
		}
	}
	panic(fmt.Sprintf("tensor: %s on a %v tensor", fn, t.dtype))
}

// Float32s returns the storage of an F32 tensor (panics otherwise).
func (t *Tensor) Float32s() []float32 { t.mustBe("Float32s", F32); return t.data.([]float32) }

// Float64s returns the storage of an F64 tensor.
func (t *Tensor) Float64s() []float64 { t.mustBe("Float64s", F64); return t.data.([]float64) }

// Uint16s returns the storage of a U16, F16 or BF16 tensor (bit patterns
// for the float types).
func (t *Tensor) Uint16s() []uint16 { t.mustBe("Uint16s", U16, F16, BF16); return t.data.([]uint16) }

// Int8s returns the storage of an I8 or I4 tensor.
func (t *Tensor) Int8s() []int8 { t.mustBe("Int8s", I8, I4); return t.data.([]int8) }

// Uint8s returns the storage of a U8 or U4 tensor.
func (t *Tensor) Uint8s() []uint8 { t.mustBe("Uint8s", U8, U4); return t.data.([]uint8) }

// Int16s returns the storage of an I16 tensor.
func (t *Tensor) Int16s() []int16 { t.mustBe("Int16s", I16); return t.data.([]int16) }

// Int32s returns the storage of an I32 tensor.
func (t *Tensor) Int32s() []int32 { t.mustBe("Int32s", I32); return t.data.([]int32) }

// Int64s returns the storage of an I64 tensor.
func (t *Tensor) Int64s() []int64 { t.mustBe("Int64s", I64); return t.data.([]int64) }

// Bools returns the storage of a Bool tensor.
func (t *Tensor) Bools() []bool { t.mustBe("Bools", Bool); return t.data.([]bool) }

// floatAt returns element i (flat index) as float64.
func (t *Tensor) floatAt(i int) float64 {
	switch s := t.data.(type) {
	case []float32:
		return float64(s[i])
	case []float64:
		return s[i]
	case []uint16:
		switch t.dtype {
		case F16:
			return float64(ir.HalfToFloat32(s[i]))
		case BF16:
			return float64(ir.BF16ToFloat32(s[i]))
		}
		return float64(s[i])
	case []int8:
		return float64(s[i])
	case []uint8:
		return float64(s[i])
	case []int16:
		return float64(s[i])
	case []int32:
		return float64(s[i])
	case []int64:
		return float64(s[i])
	case []bool:
		if s[i] {
			return 1
		}
		return 0
	}
	panic("tensor: invalid storage")
}

// intAt returns element i as int64 (floats are truncated toward zero,
// saturating; NaN gives 0).
func (t *Tensor) intAt(i int) int64 {
	switch s := t.data.(type) {
	case []int8:
		return int64(s[i])
	case []uint8:
		return int64(s[i])
	case []int16:
		return int64(s[i])
	case []uint16:
		if t.dtype == U16 {
			return int64(s[i])
		}
	case []int32:
		return int64(s[i])
	case []int64:
		return s[i]
	case []bool:
		if s[i] {
			return 1
		}
		return 0
	}
	return floatToInt(t.floatAt(i), math.MinInt64, math.MaxInt64)
}

// setFloat stores v (converted with Cast's rules) at flat index i.
func (t *Tensor) setFloat(i int, v float64) {
	switch s := t.data.(type) {
	case []float32:
		s[i] = float32(v)
	case []float64:
		s[i] = v
	case []uint16:
		switch t.dtype {
		case F16:
			s[i] = ir.Float32ToHalf(float32(v))
		case BF16:
			s[i] = ir.Float32ToBF16(float32(v))
		default:
			s[i] = uint16(floatToInt(v, 0, math.MaxUint16))
		}
	case []bool:
		s[i] = v != 0
	default:
		lo, hi := t.dtype.IntRange()
		t.setInt(i, floatToInt(v, lo, hi))
	}
}

// setInt stores v at flat index i of an integer or bool tensor, wrapping
// like a C cast (4-bit types saturate).
func (t *Tensor) setInt(i int, v int64) {
	switch s := t.data.(type) {
	case []int8:
		if t.dtype == I4 {
			s[i] = int8(clampTo(v, -8, 7))
		} else {
			s[i] = int8(v)
		}
	case []uint8:
		if t.dtype == U4 {
			s[i] = uint8(clampTo(v, 0, 15))
		} else {
			s[i] = uint8(v)
		}
	case []int16:
		s[i] = int16(v)
	case []uint16:
		if t.dtype == U16 {
			s[i] = uint16(v)
		} else {
			t.setFloat(i, float64(v))
		}
	case []int32:
		s[i] = int32(v)
	case []int64:
		s[i] = v
	case []bool:
		s[i] = v != 0
	default:
		t.setFloat(i, float64(v))
	}
}

// clampTo is v limited to [lo, hi]: below lo gives lo, above hi gives
// hi, anything else stays (a float NaN included, as clampF32 leaves it).
func clampTo[T int64 | float32](v, lo, hi T) T {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// floatToInt truncates v toward zero and saturates it to [lo, hi]; NaN -> 0.
func floatToInt(v float64, lo, hi int64) int64 {
	switch {
	case v != v:
		return 0
	case v <= float64(lo):
		return lo
	case v >= float64(hi):
		// float64(hi) may round up (2^63, 2^31-1 is exact); either way the
		// saturated value is hi.
		return hi
	}
	return int64(v)
}

func (t *Tensor) flatIndex(idx []int64) int {
	if len(idx) != len(t.shape) {
		panic(fmt.Sprintf("tensor: %d indices for a rank-%d tensor", len(idx), len(t.shape)))
	}
	off := int64(0)
	for i, x := range idx {
		d := t.shape[i]
		if x < 0 {
			x += d
		}
		if x < 0 || x >= d {
			panic(fmt.Sprintf("tensor: index %d out of range for axis %d of %s", idx[i], i, FormatShape(t.shape)))
		}
		off = off*d + x
	}
	return int(off)
}

// At returns the element at idx (negative indices count from the end) as a
// float64. Meant for tests; panics on bad indices.
func (t *Tensor) At(idx ...int64) float64 { return t.floatAt(t.flatIndex(idx)) }

// AtInt returns the element at idx as an int64 (exact for I64).
func (t *Tensor) AtInt(idx ...int64) int64 { return t.intAt(t.flatIndex(idx)) }

// Set stores v (converted with Cast's rules) at idx.
func (t *Tensor) Set(v float64, idx ...int64) { t.setFloat(t.flatIndex(idx), v) }

// SetInt stores v at idx of an integer tensor (wrapping; I4/U4 saturate).
func (t *Tensor) SetInt(v int64, idx ...int64) { t.setInt(t.flatIndex(idx), v) }

// Values returns all elements as float64 in row-major order.
func (t *Tensor) Values() []float64 {
	out := make([]float64, t.Len())
	if v, ok := t.data.([]float32); ok { // the common case, without a per-element switch
		for i, x := range v[:len(out)] {
			out[i] = float64(x)
		}
		return out
	}
	for i := range out {
		out[i] = t.floatAt(i)
	}
	return out
}

// IntValues returns all elements as int64 in row-major order.
func (t *Tensor) IntValues() []int64 {
	out := make([]int64, t.Len())
	for i := range out {
		out[i] = t.intAt(i)
	}
	return out
}

// Clone returns a deep copy.
func (t *Tensor) Clone() *Tensor {
	c := newTensor(t.dtype, t.shape, makeStorage(t.dtype, t.Len()))
	copyStorage(c.data, t.data)
	return c
}

// CloneInto is Clone into dst's storage when dst is a tensor of t's dtype
// and shape (a copy from an earlier call, say), else a fresh copy; it
// returns the copy.
func (t *Tensor) CloneInto(dst *Tensor) *Tensor {
	if dst == nil || dst == t || dst.dtype != t.dtype || !ShapeEqual(dst.shape, t.shape) || overlapsStorage(dst, t) {
		return t.Clone()
	}
	copyStorage(dst.data, t.data)
	return dst
}

func overlapsStorage(a, b *Tensor) bool {
	as, ae := a.StorageSpan()
	bs, be := b.StorageSpan()
	return as < be && bs < ae
}

func copyStorage(dst, src any) {
	switch d := dst.(type) {
	case []float32:
		copy(d, src.([]float32))
	case []float64:
		copy(d, src.([]float64))
	case []uint16:
		copy(d, src.([]uint16))
	case []int8:
		copy(d, src.([]int8))
	case []uint8:
		copy(d, src.([]uint8))
	case []int16:
		copy(d, src.([]int16))
	case []int32:
		copy(d, src.([]int32))
	case []int64:
		copy(d, src.([]int64))
	case []bool:
		copy(d, src.([]bool))
	}
}

// Reshape returns a view of t with a new shape and the same storage. One
// dimension may be -1 and is then inferred. The element count must match.
func (t *Tensor) Reshape(shape ...int64) (*Tensor, error) {
	ns, err := inferShape(t.shape, shape)
	if err != nil {
		return nil, err
	}
	return &Tensor{dtype: t.dtype, shape: ns, data: t.data}, nil
}

func inferShape(old, shape []int64) ([]int64, error) {
	n, err := NumElements(old)
	if err != nil {
		return nil, err
	}
	ns := cloneShape(shape)
	infer := -1
	known := int64(1)
	for i, d := range ns {
		switch {
		case d == -1:
			if infer >= 0 {
				return nil, fmt.Errorf("tensor: reshape %s to %s: more than one -1", FormatShape(old), FormatShape(shape))
			}
			infer = i
		case d < 0:
			return nil, fmt.Errorf("tensor: reshape to %s: negative dimension", FormatShape(shape))
		default:
			if d != 0 && known > math.MaxInt64/d {
				return nil, fmt.Errorf("tensor: reshape to %s: %w", FormatShape(shape), ErrTooLarge)
			}
			known *= d
		}
	}
	if infer >= 0 {
		if known == 0 || n%known != 0 {
			return nil, fmt.Errorf("tensor: cannot reshape %s (%d elements) to %s", FormatShape(old), n, FormatShape(shape))
		}
		ns[infer] = n / known
		known = n
	}
	if known != n {
		return nil, fmt.Errorf("tensor: cannot reshape %s (%d elements) to %s (%d elements)", FormatShape(old), n, FormatShape(shape), known)
	}
	return ns, nil
}

// MustReshape is Reshape that panics on error.
func (t *Tensor) MustReshape(shape ...int64) *Tensor {
	r, err := t.Reshape(shape...)
	if err != nil {
		panic(err)
	}
	return r
}

// Equal reports whether a and b have the same dtype, shape and elements.
// Float elements compare with ==, except that NaN equals NaN.
func Equal(a, b *Tensor) bool {
	if a.dtype != b.dtype || !ShapeEqual(a.shape, b.shape) {
		return false
	}
	n := a.Len()
	if a.dtype.IsFloat() {
		for i := range n {
			x, y := a.floatAt(i), b.floatAt(i)
			if x != y && !(x != x && y != y) {
				return false
			}
		}
		return true
	}
	for i := range n {
		if a.intAt(i) != b.intAt(i) {
			return false
		}
	}
	return true
}

// AllClose reports whether a and b have the same shape and, element-wise,
// |a-b| <= atol + rtol*|b| (NumPy's isclose; the dtypes may differ). NaNs
// compare equal to NaNs; infinities must match exactly.
func AllClose(a, b *Tensor, rtol, atol float64) bool {
	if !ShapeEqual(a.shape, b.shape) {
		return false
	}
	for i := range a.Len() {
		x, y := a.floatAt(i), b.floatAt(i)
		if x == y || (x != x && y != y) {
			continue
		}
		if math.IsInf(x, 0) || math.IsInf(y, 0) || x != x || y != y {
			return false
		}
		if math.Abs(x-y) > atol+rtol*math.Abs(y) {
			return false
		}
	}
	return true
}

// String formats the tensor as "f32[2x3]{1, 2, 3, ...}" (at most 16 values).
func (t *Tensor) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%v%s{", t.dtype, FormatShape(t.shape))
	n := t.Len()
	for i := range min(n, 16) {
		if i > 0 {
			sb.WriteString(", ")
		}
		if t.dtype.IsFloat() {
			fmt.Fprintf(&sb, "%g", t.floatAt(i))
		} else if t.dtype == Bool {
			fmt.Fprintf(&sb, "%t", t.intAt(i) != 0)
		} else {
			fmt.Fprintf(&sb, "%d", t.intAt(i))
		}
	}
	if n > 16 {
		fmt.Fprintf(&sb, ", ... (%d values)", n)
	}
	sb.WriteString("}")
	return sb.String()
}

// FormatShape formats a shape as "[2x3x4]" ("[]" for a scalar).
func FormatShape(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = fmt.Sprint(d)
	}
	return "[" + strings.Join(parts, "x") + "]"
}

// FormatList prints integers as "[2, 3]" (attribute values: −1 is a
// value), as the dialects' diagnostics do.
func FormatList(v []int64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatInt(x, 10)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// FormatDims prints dims as "[2, ?, 3]": a negative (unknown) size is "?".
func FormatDims(d []int64) string {
	parts := make([]string, len(d))
	for i, x := range d {
		if x < 0 {
			parts[i] = "?"
		} else {
			parts[i] = strconv.FormatInt(x, 10)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// ShapeEqual reports whether two shapes are identical.
func ShapeEqual(a, b []int64) bool { return slices.Equal(a, b) }

// tensorWithShape is a tensor and the dims of its shape in one
// allocation: the interpreter makes a tensor header per op result.
type tensorWithShape struct {
	t    Tensor
	dims [4]int64
}

// newTensor is &Tensor{dt, a copy of shape, data}.
func newTensor(dt DType, shape []int64, data any) *Tensor {
	if len(shape) <= len(tensorWithShape{}.dims) {
		b := &tensorWithShape{}
		n := copy(b.dims[:], shape)
		b.t = Tensor{dtype: dt, shape: b.dims[:n:n], data: data}
		return &b.t
	}
	return &Tensor{dtype: dt, shape: cloneShape(shape), data: data}
}

func cloneShape(s []int64) []int64 {
	if s == nil {
		return []int64{}
	}
	return append(make([]int64, 0, len(s)), s...)
}

// stridesOf returns row-major element strides.
func stridesOf(shape []int64) []int {
	st := make([]int, len(shape))
	s := 1
	for i := len(shape) - 1; i >= 0; i-- {
		st[i] = s
		s *= int(shape[i])
	}
	return st
}

// normAxis maps a possibly negative axis into [0, rank).
func normAxis(axis, rank int) (int, error) {
	a, ok := WrapAxis(int64(axis), rank)
	if !ok {
		return 0, fmt.Errorf("tensor: axis %d out of range for rank %d", axis, rank)
	}
	return a, nil
}

// WrapAxis maps an axis in [-rank, rank) to [0, rank), counting a negative
// axis from the end (NumPy's, ONNX's and PyTorch's rule; PyTorch passes
// max(rank, 1) so that a 0-d tensor accepts 0 and -1). ok is false outside
// that range.
func WrapAxis(axis int64, rank int) (int, bool) {
	r := int64(rank)
	if axis < -r || axis >= r {
		return 0, false
	}
	if axis < 0 {
		axis += r
	}
	return int(axis), true
}

// WrapAxes wraps each axis with WrapAxis. When one is out of range or
// repeats an earlier one (after wrapping), ok is false and bad is its
// index, for the caller's own diagnostic.
func WrapAxes(axes []int64, rank int) (out []int, bad int, ok bool) {
	out = make([]int, len(axes))
	for i, a := range axes {
		w, ok := WrapAxis(a, rank)
		if !ok || slices.Contains(out[:i], w) {
			return nil, i, false
		}
		out[i] = w
	}
	return out, 0, true
}
