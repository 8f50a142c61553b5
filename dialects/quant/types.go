package quant

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/internal/quantize"
	"github.com/mlc-go/mlc/ir"
)

// MaxStorageBits is the widest storage integer a quantized type may use,
// as in MLIR (QuantizedType::MaxStorageBits).
const MaxStorageBits = 32

// typeBase gives the quant types the marker method of ir.Type.
type typeBase struct{ ir.TypeBase }

// QuantizedType is implemented by every type of the quant dialect.
type QuantizedType interface {
	ir.DialectType
	// ExpressedType is the real-valued type the quantized values stand
	// for; nil only for !quant.any without an expressed type.
	ExpressedType() *ir.FloatType
	quantized()
}

// UniformType is !quant.uniform<storage:expressed, scale[:zero_point]>:
// one scale and zero point for the whole tensor, real = (q − zp) × scale.
type UniformType struct {
	typeBase
	// Storage is the integer type of the stored values: iN for signed
	// storage (written iN or siN), uiN for unsigned storage (written uN
	// or uiN). The quant text prints them as iN and uN.
	Storage    *ir.IntegerType
	StorageMin int64 // smallest stored value used (default: the type's minimum)
	StorageMax int64 // largest stored value used (default: the type's maximum)
	Expressed  *ir.FloatType
	Scale      float64
	ZeroPoint  int64
	text       string
}

// UniformPerAxisType is !quant.uniform<storage:expressed:axis, {s0:zp0, ...}>:
// one scale and zero point per slice of the tensor along Axis.
type UniformPerAxisType struct {
	typeBase
	Storage    *ir.IntegerType
	StorageMin int64
	StorageMax int64
	Expressed  *ir.FloatType
	Axis       int
	Scales     []float64
	ZeroPoints []int64
	text       string
}

// AnyQuantizedType is !quant.any<storage[:expressed]>: a storage type
// whose quantization parameters are not decided yet.
type AnyQuantizedType struct {
	typeBase
	Storage    *ir.IntegerType
	StorageMin int64
	StorageMax int64
	Expressed  *ir.FloatType // nil when absent
	text       string
}

// CalibratedType is !quant.calibrated<expressed<min:max>>: an observed
// real range, before parameters are chosen.
type CalibratedType struct {
	typeBase
	Expressed *ir.FloatType
	Min, Max  float64
	text      string
}

func (t *UniformType) String() string        { return t.text }
func (t *UniformPerAxisType) String() string { return t.text }
func (t *AnyQuantizedType) String() string   { return t.text }
func (t *CalibratedType) String() string     { return t.text }

func (*UniformType) DialectName() string        { return "quant" }
func (*UniformPerAxisType) DialectName() string { return "quant" }
func (*AnyQuantizedType) DialectName() string   { return "quant" }
func (*CalibratedType) DialectName() string     { return "quant" }

func (t *UniformType) ExpressedType() *ir.FloatType        { return t.Expressed }
func (t *UniformPerAxisType) ExpressedType() *ir.FloatType { return t.Expressed }
func (t *AnyQuantizedType) ExpressedType() *ir.FloatType   { return t.Expressed }
func (t *CalibratedType) ExpressedType() *ir.FloatType     { return t.Expressed }

func (*UniformType) quantized()        {}
func (*UniformPerAxisType) quantized() {}
func (*AnyQuantizedType) quantized()   {}
func (*CalibratedType) quantized()     {}

// Signed reports whether the stored integers are signed.
func (t *UniformType) Signed() bool        { return t.Storage.Signedness != ir.Unsigned }
func (t *UniformPerAxisType) Signed() bool { return t.Storage.Signedness != ir.Unsigned }
func (t *AnyQuantizedType) Signed() bool   { return t.Storage.Signedness != ir.Unsigned }

// Params is the per-tensor parameter set.
func (t *UniformType) Params() Params {
	return Params{Scale: t.Scale, ZeroPoint: t.ZeroPoint, Min: t.StorageMin, Max: t.StorageMax}
}

// Quantize maps a real value to a stored integer with float64 arithmetic;
// see Params.Quantize.
func (t *UniformType) Quantize(x float64) int64 { return t.Params().Quantize(x) }

// Dequantize maps a stored integer to its real value with float64
// arithmetic; see Params.Dequantize.
func (t *UniformType) Dequantize(q int64) float64 { return t.Params().Dequantize(q) }

// Quantize32 is Quantize in float32 arithmetic, bit-exact with ONNX
// QuantizeLinear; see Params.Quantize32.
func (t *UniformType) Quantize32(x float32) int64 { return t.Params().Quantize32(x) }

// Dequantize32 is Dequantize in float32 arithmetic, bit-exact with ONNX
// DequantizeLinear; see Params.Dequantize32.
func (t *UniformType) Dequantize32(q int64) float32 { return t.Params().Dequantize32(q) }

// NumChannels is the number of scales (the size the quantized dimension
// of a tensor of this type must have).
func (t *UniformPerAxisType) NumChannels() int { return len(t.Scales) }

// ParamsAt is the parameter set of channel ch along Axis.
func (t *UniformPerAxisType) ParamsAt(ch int) Params {
	return Params{Scale: t.Scales[ch], ZeroPoint: t.ZeroPoints[ch], Min: t.StorageMin, Max: t.StorageMax}
}

// ChannelOf returns the channel (index along Axis) of the element at
// linear, row-major index i of a tensor with the given static shape.
func (t *UniformPerAxisType) ChannelOf(shape []int64, i int64) int {
	stride := int64(1)
	for _, d := range shape[t.Axis+1:] {
		stride *= d
	}
	return int((i / stride) % shape[t.Axis])
}

// DefaultStorageRange is the full value range of a storage integer type:
// [-2^(w-1), 2^(w-1)-1] when signed (iN, siN), [0, 2^w-1] when unsigned.
func DefaultStorageRange(storage *ir.IntegerType) (lo, hi int64) {
	return defaultRange(storage.Signedness != ir.Unsigned, storage.Width)
}

func defaultRange(signed bool, width int) (lo, hi int64) {
	if width > 63 {
		return 0, 0
	}
	return quantize.StorageRange(width, signed)
}

// canonicalStorage checks the storage type and its range and returns the
// canonical storage integer type: signless iN for signed storage, uiN for
// unsigned storage.
func canonicalStorage(ctx *ir.Context, storage *ir.IntegerType, lo, hi int64) (*ir.IntegerType, error) {
	if storage == nil {
		return nil, fmt.Errorf("storage type must be integral")
	}
	if storage.Width == 0 || storage.Width > MaxStorageBits {
		return nil, fmt.Errorf("illegal storage type size: %d", storage.Width)
	}
	dlo, dhi := DefaultStorageRange(storage)
	if lo < dlo {
		return nil, fmt.Errorf("illegal storage type minimum: %d", lo)
	}
	if hi > dhi {
		return nil, fmt.Errorf("illegal storage type maximum: %d", hi)
	}
	if hi <= lo {
		return nil, fmt.Errorf("illegal storage min and storage max: (%d:%d)", lo, hi)
	}
	if storage.Signedness == ir.Signed {
		storage = ctx.I(storage.Width)
	}
	return storage, nil
}

func checkScale(scale float64) error {
	if !(scale > 0) || math.IsInf(scale, 0) {
		return fmt.Errorf("illegal scale: %s", diagFloat(scale))
	}
	return nil
}

func checkZeroPoint(zp, lo, hi int64) error {
	if zp < lo || zp > hi {
		return fmt.Errorf("illegal zero point: %d is outside the storage range [%d:%d]", zp, lo, hi)
	}
	return nil
}

// storageText is "i8", "u8" or "i8<-127:127>" (bounds only when they
// differ from the type's full range).
func storageText(b *strings.Builder, storage *ir.IntegerType, lo, hi int64) {
	if storage.Signedness == ir.Unsigned {
		b.WriteByte('u')
	} else {
		b.WriteByte('i')
	}
	b.WriteString(strconv.Itoa(storage.Width))
	if dlo, dhi := DefaultStorageRange(storage); lo != dlo || hi != dhi {
		fmt.Fprintf(b, "<%d:%d>", lo, hi)
	}
}

func paramText(b *strings.Builder, scale float64, zp int64) {
	b.WriteString(FormatScale(scale))
	if zp != 0 {
		b.WriteByte(':')
		b.WriteString(strconv.FormatInt(zp, 10))
	}
}

// NewUniform returns the per-tensor type after checking what MLIR's
// verifier checks (storage width 1..32 bits, storage range inside the
// storage type and non-empty, scale finite and > 0) plus that the zero
// point lies inside the storage range. A siN storage type is stored as iN.
func NewUniform(ctx *ir.Context, storage *ir.IntegerType, storageMin, storageMax int64, expressed *ir.FloatType, scale float64, zeroPoint int64) (*UniformType, error) {
	st, err := canonicalStorage(ctx, storage, storageMin, storageMax)
	if err != nil {
		return nil, err
	}
	if expressed == nil {
		return nil, fmt.Errorf("uniform quantization requires expressed type")
	}
	if err := checkScale(scale); err != nil {
		return nil, err
	}
	if err := checkZeroPoint(zeroPoint, storageMin, storageMax); err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString("!quant.uniform<")
	storageText(&b, st, storageMin, storageMax)
	b.WriteByte(':')
	b.WriteString(expressed.String())
	b.WriteString(", ")
	paramText(&b, scale, zeroPoint)
	b.WriteByte('>')
	text := b.String()
	return ctx.InternDialectType(text, func() ir.DialectType {
		return &UniformType{Storage: st, StorageMin: storageMin, StorageMax: storageMax, Expressed: expressed, Scale: scale, ZeroPoint: zeroPoint, text: text}
	}).(*UniformType), nil
}

// NewUniformPerAxis returns the per-axis type after the checks of
// NewUniform for every channel, plus: at least one scale, as many zero
// points as scales, and 0 <= axis < 2^31.
func NewUniformPerAxis(ctx *ir.Context, storage *ir.IntegerType, storageMin, storageMax int64, expressed *ir.FloatType, axis int, scales []float64, zeroPoints []int64) (*UniformPerAxisType, error) {
	st, err := canonicalStorage(ctx, storage, storageMin, storageMax)
	if err != nil {
		return nil, err
	}
	if expressed == nil {
		return nil, fmt.Errorf("uniform quantization requires expressed type")
	}
	if len(scales) != len(zeroPoints) {
		return nil, fmt.Errorf("illegal number of scales and zeroPoints: %d, %d", len(scales), len(zeroPoints))
	}
	if len(scales) == 0 {
		return nil, fmt.Errorf("per-axis quantization requires at least one scale")
	}
	for i, s := range scales {
		if err := checkScale(s); err != nil {
			return nil, err
		}
		if err := checkZeroPoint(zeroPoints[i], storageMin, storageMax); err != nil {
			return nil, err
		}
	}
	if axis < 0 || axis > math.MaxInt32 {
		return nil, fmt.Errorf("illegal quantized dimension: %d", axis)
	}
	var b strings.Builder
	b.WriteString("!quant.uniform<")
	storageText(&b, st, storageMin, storageMax)
	b.WriteByte(':')
	b.WriteString(expressed.String())
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(axis))
	b.WriteString(", {")
	for i, s := range scales {
		if i > 0 {
			b.WriteByte(',')
		}
		paramText(&b, s, zeroPoints[i])
	}
	b.WriteString("}>")
	text := b.String()
	return ctx.InternDialectType(text, func() ir.DialectType {
		return &UniformPerAxisType{Storage: st, StorageMin: storageMin, StorageMax: storageMax, Expressed: expressed, Axis: axis,
			Scales: append([]float64(nil), scales...), ZeroPoints: append([]int64(nil), zeroPoints...), text: text}
	}).(*UniformPerAxisType), nil
}

// NewAny returns !quant.any<storage[:expressed]>; expressed may be nil.
func NewAny(ctx *ir.Context, storage *ir.IntegerType, storageMin, storageMax int64, expressed *ir.FloatType) (*AnyQuantizedType, error) {
	st, err := canonicalStorage(ctx, storage, storageMin, storageMax)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString("!quant.any<")
	storageText(&b, st, storageMin, storageMax)
	if expressed != nil {
		b.WriteByte(':')
		b.WriteString(expressed.String())
	}
	b.WriteByte('>')
	text := b.String()
	return ctx.InternDialectType(text, func() ir.DialectType {
		return &AnyQuantizedType{Storage: st, StorageMin: storageMin, StorageMax: storageMax, Expressed: expressed, text: text}
	}).(*AnyQuantizedType), nil
}

// NewCalibrated returns !quant.calibrated<expressed<min:max>>; min < max.
func NewCalibrated(ctx *ir.Context, expressed *ir.FloatType, lo, hi float64) (*CalibratedType, error) {
	if expressed == nil {
		return nil, fmt.Errorf("expressed type must be floating point")
	}
	if !(hi > lo) {
		return nil, fmt.Errorf("illegal min and max: (%s:%s)", diagFloat(lo), diagFloat(hi))
	}
	text := "!quant.calibrated<" + expressed.String() + "<" + FormatScale(lo) + ":" + FormatScale(hi) + ">>"
	return ctx.InternDialectType(text, func() ir.DialectType {
		return &CalibratedType{Expressed: expressed, Min: lo, Max: hi, text: text}
	}).(*CalibratedType), nil
}

// ElementType returns the quantized element type of t (t itself or the
// element type of a shaped t), or nil.
func ElementType(t ir.Type) QuantizedType {
	q, _ := ir.ElementTypeOf(t).(QuantizedType)
	return q
}

// StorageOf returns the storage integer type (iN or uiN) and range of a
// uniform, per-axis or any type.
func StorageOf(q QuantizedType) (storage *ir.IntegerType, lo, hi int64, ok bool) {
	switch q := q.(type) {
	case *UniformType:
		return q.Storage, q.StorageMin, q.StorageMax, true
	case *UniformPerAxisType:
		return q.Storage, q.StorageMin, q.StorageMax, true
	case *AnyQuantizedType:
		return q.Storage, q.StorageMin, q.StorageMax, true
	}
	return nil, 0, 0, false
}

// IsStorageOf reports whether integer type it can hold the stored values
// of q: the same width and iN (any storage, as MLIR's quant.scast uses),
// siN for signed storage or uiN for unsigned storage.
func IsStorageOf(it *ir.IntegerType, q QuantizedType) bool {
	st, _, _, ok := StorageOf(q)
	if !ok || it == nil || it.Width != st.Width {
		return false
	}
	switch it.Signedness {
	case ir.Signless:
		return true
	case ir.Signed:
		return st.Signedness != ir.Unsigned
	}
	return st.Signedness == ir.Unsigned
}

// VerifyContainer checks a per-axis element type against the type that
// holds it, as MLIR's quant ops do: per-axis types appear only in tensors;
// in a ranked tensor the axis is below the rank and a static dimension at
// the axis equals the number of scales. Other element types pass.
func VerifyContainer(container ir.Type) error {
	pa, ok := ir.ElementTypeOf(container).(*UniformPerAxisType)
	if !ok {
		return nil
	}
	switch t := container.(type) {
	case *ir.UnrankedTensorType:
		return nil
	case *ir.RankedTensorType:
		if pa.Axis >= t.Rank() {
			return fmt.Errorf("quantized dimension must be less than tensor rank")
		}
		if d := t.Shape[pa.Axis]; d != ir.Dynamic && d != int64(len(pa.Scales)) {
			return fmt.Errorf("quantized dimension size does not match number of scales")
		}
		return nil
	}
	return fmt.Errorf("scalar types may not use per-axis quantization")
}
