package qnn

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/internal/quantize"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// DataType is a QNN tensor data type; its value is Qnn_DataType_t's code.
type DataType uint32

// The QNN data types (QNN_DATATYPE_*).
const (
	Int8     DataType = 0x0008
	Int16    DataType = 0x0016
	Int32    DataType = 0x0032
	Int64    DataType = 0x0064
	UInt8    DataType = 0x0108
	UInt16   DataType = 0x0116
	UInt32   DataType = 0x0132
	UInt64   DataType = 0x0164
	Float16  DataType = 0x0216
	Float32  DataType = 0x0232
	SFixed4  DataType = 0x0304
	SFixed8  DataType = 0x0308
	SFixed16 DataType = 0x0316
	SFixed32 DataType = 0x0332
	UFixed4  DataType = 0x0404
	UFixed8  DataType = 0x0408
	UFixed16 DataType = 0x0416
	UFixed32 DataType = 0x0432
	Bool8    DataType = 0x0508
)

type dataTypeInfo struct {
	name    string // mlc spelling: "ufixed8"
	qnn     string // "QNN_DATATYPE_UFIXED_POINT_8"
	bits    int
	signed  bool
	builtin string // the builtin element type that stands for it, "" for fixed point
}

var dataTypes = map[DataType]dataTypeInfo{
	Int8:     {"int8", "QNN_DATATYPE_INT_8", 8, true, "i8"},
	Int16:    {"int16", "QNN_DATATYPE_INT_16", 16, true, "i16"},
	Int32:    {"int32", "QNN_DATATYPE_INT_32", 32, true, "i32"},
	Int64:    {"int64", "QNN_DATATYPE_INT_64", 64, true, "i64"},
	UInt8:    {"uint8", "QNN_DATATYPE_UINT_8", 8, false, "ui8"},
	UInt16:   {"uint16", "QNN_DATATYPE_UINT_16", 16, false, "ui16"},
	UInt32:   {"uint32", "QNN_DATATYPE_UINT_32", 32, false, "ui32"},
	UInt64:   {"uint64", "QNN_DATATYPE_UINT_64", 64, false, "ui64"},
	Float16:  {"float16", "QNN_DATATYPE_FLOAT_16", 16, true, "f16"},
	Float32:  {"float32", "QNN_DATATYPE_FLOAT_32", 32, true, "f32"},
	SFixed4:  {"sfixed4", "QNN_DATATYPE_SFIXED_POINT_4", 4, true, ""},
	SFixed8:  {"sfixed8", "QNN_DATATYPE_SFIXED_POINT_8", 8, true, ""},
	SFixed16: {"sfixed16", "QNN_DATATYPE_SFIXED_POINT_16", 16, true, ""},
	SFixed32: {"sfixed32", "QNN_DATATYPE_SFIXED_POINT_32", 32, true, ""},
	UFixed4:  {"ufixed4", "QNN_DATATYPE_UFIXED_POINT_4", 4, false, ""},
	UFixed8:  {"ufixed8", "QNN_DATATYPE_UFIXED_POINT_8", 8, false, ""},
	UFixed16: {"ufixed16", "QNN_DATATYPE_UFIXED_POINT_16", 16, false, ""},
	UFixed32: {"ufixed32", "QNN_DATATYPE_UFIXED_POINT_32", 32, false, ""},
	Bool8:    {"bool8", "QNN_DATATYPE_BOOL_8", 8, false, "i1"},
}

// dataTypeOrder lists the data types in docs and error-message order.
var dataTypeOrder = []DataType{
	UFixed4, UFixed8, UFixed16, UFixed32, SFixed4, SFixed8, SFixed16, SFixed32,
	Float16, Float32, Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, Bool8,
}

// String is the mlc spelling used in !qnn.tensor: "ufixed8".
func (d DataType) String() string {
	if i, ok := dataTypes[d]; ok {
		return i.name
	}
	return fmt.Sprintf("datatype(0x%04x)", uint32(d))
}

// QNNName is the Qnn_DataType_t enumerator: "QNN_DATATYPE_UFIXED_POINT_8".
func (d DataType) QNNName() string { return dataTypes[d].qnn }

// Bits is the width of one element (4-bit types are packed two per byte).
func (d DataType) Bits() int { return dataTypes[d].bits }

// IsFixedPoint reports a quantized (scale/offset encoded) data type.
func (d DataType) IsFixedPoint() bool { return d>>8 == 0x03 || d>>8 == 0x04 }

// IsFloat reports FLOAT_16 or FLOAT_32.
func (d DataType) IsFloat() bool { return d == Float16 || d == Float32 }

// IsInteger reports the plain (not fixed-point) INT_* and UINT_* types.
func (d DataType) IsInteger() bool { return d>>8 == 0x00 || d>>8 == 0x01 }

// IsSigned reports a signed integer or fixed-point type (floats count as
// signed).
func (d DataType) IsSigned() bool { return dataTypes[d].signed }

// StorageRange is the range of stored integer values of a fixed-point or
// integer data type: [0, 255] for ufixed8, [-8, 7] for sfixed4 (uint64's
// upper bound is clamped to MaxInt64).
func (d DataType) StorageRange() (lo, hi int64) {
	return quantize.StorageRange(d.Bits(), d.IsSigned())
}

func dataTypeByName(name string) (DataType, bool) {
	for d, i := range dataTypes {
		if i.name == name {
			return d, true
		}
	}
	return 0, false
}

// EncodingKind says how a fixed-point tensor maps stored to real values.
type EncodingKind uint8

const (
	// ScaleOffsetEncoding is QNN_QUANTIZATION_ENCODING_SCALE_OFFSET: one
	// scale/offset pair for the whole tensor.
	ScaleOffsetEncoding EncodingKind = iota
	// AxisScaleOffsetEncoding is QNN_QUANTIZATION_ENCODING_AXIS_SCALE_OFFSET:
	// one pair per index of one axis (per channel).
	AxisScaleOffsetEncoding
	// BlockEncoding is QNN_QUANTIZATION_ENCODING_BLOCK: the tensor is tiled
	// into blocks of BlockSize elements per dimension, one pair per block.
	BlockEncoding
)

func (k EncodingKind) String() string {
	return [...]string{"scale-offset", "axis-scale-offset", "block"}[k]
}

// ScaleOffset is QNN's Qnn_ScaleOffset_t. QNN's sign convention is
//
//	real = (stored + Offset) × Scale
//
// so Offset is the negated zero point of the usual convention
// real = (stored − zero_point) × scale: a ufixed8 tensor with zero point
// 128 has Offset −128. Use ScaleOffsetFromZeroPoint to convert.
type ScaleOffset struct {
	Scale  float32
	Offset int32
}

// ScaleOffsetFromZeroPoint converts the zero-point convention to QNN's:
// Offset = −zeroPoint. It fails when the offset does not fit QNN's int32.
func ScaleOffsetFromZeroPoint(scale float64, zeroPoint int64) (ScaleOffset, error) {
	if -zeroPoint < math.MinInt32 || -zeroPoint > math.MaxInt32 {
		return ScaleOffset{}, fmt.Errorf("zero point %d does not give an int32 offset", zeroPoint)
	}
	return ScaleOffset{Scale: float32(scale), Offset: int32(-zeroPoint)}, nil
}

// ZeroPoint is −Offset, the zero point in the real = (q − zp) × scale
// convention.
func (so ScaleOffset) ZeroPoint() int64 { return -int64(so.Offset) }

// params is the scale-offset pair in internal/quantize's convention,
// saturating to d's storage range.
func (so ScaleOffset) params(d DataType) quantize.Params {
	lo, hi := d.StorageRange()
	return quantize.Params{Scale: float64(so.Scale), ZeroPoint: so.ZeroPoint(), Min: lo, Max: hi}
}

// Dequantize maps a stored value to its real value: (q + Offset) × Scale,
// computed in float32 as QNN backends do (quantize.Params.Dequantize32).
func (so ScaleOffset) Dequantize(q int64) float32 {
	return quantize.Params{Scale: float64(so.Scale), ZeroPoint: so.ZeroPoint()}.Dequantize32(q)
}

// Quantize maps a real value to the stored value of data type d:
// round(x / Scale) − Offset in float32, rounded half to even and saturated
// to d's storage range, with internal/quantize's NaN rule
// (quantize.Params.Quantize32).
func (so ScaleOffset) Quantize(x float32, d DataType) int64 {
	return so.params(d).Quantize32(x)
}

// typeBase gives dialect types the ir.Type marker method.
type typeBase = ir.TypeBase

// TensorType is !qnn.tensor: a statically shaped tensor of a fixed-point
// QNN data type with its quantization encoding. Types are interned: do
// not modify the slices.
type TensorType struct {
	typeBase
	Shape    []int64
	DType    DataType
	Encoding EncodingKind
	// Axis is the quantized axis of an axis-scale-offset encoding.
	Axis int
	// BlockSize has one entry per dimension for a block encoding.
	BlockSize []int64
	// ScaleOffsets holds one pair (scale-offset), one per index of Axis
	// (axis-scale-offset) or one per block in row-major block order
	// (block).
	ScaleOffsets []ScaleOffset
	text         string
}

func (t *TensorType) String() string      { return t.text }
func (t *TensorType) DialectName() string { return "qnn" }

// Rank is the number of dimensions.
func (t *TensorType) Rank() int { return len(t.Shape) }

// NumElements is the product of the dimensions.
func (t *TensorType) NumElements() int64 { return product(t.Shape) }

// ScaleOffset is the single pair of a scale-offset encoding.
func (t *TensorType) ScaleOffset() (ScaleOffset, bool) {
	if t.Encoding != ScaleOffsetEncoding {
		return ScaleOffset{}, false
	}
	return t.ScaleOffsets[0], true
}

// NewTensorType returns !qnn.tensor<shape x dtype, scale = s, offset = o>,
// checking the shape and the encoding.
func NewTensorType(ctx *ir.Context, shape []int64, dtype DataType, so ScaleOffset) (*TensorType, error) {
	return intern(ctx, &TensorType{Shape: shape, DType: dtype, Encoding: ScaleOffsetEncoding, ScaleOffsets: []ScaleOffset{so}})
}

// NewPerAxisTensorType returns a tensor with one scale/offset pair per
// index of axis.
func NewPerAxisTensorType(ctx *ir.Context, shape []int64, dtype DataType, axis int, sos []ScaleOffset) (*TensorType, error) {
	return intern(ctx, &TensorType{Shape: shape, DType: dtype, Encoding: AxisScaleOffsetEncoding, Axis: axis, ScaleOffsets: sos})
}

// NewBlockTensorType returns a block-encoded tensor: blockSize has one
// entry per dimension, each dividing it, and sos one pair per block.
func NewBlockTensorType(ctx *ir.Context, shape []int64, dtype DataType, blockSize []int64, sos []ScaleOffset) (*TensorType, error) {
	return intern(ctx, &TensorType{Shape: shape, DType: dtype, Encoding: BlockEncoding, BlockSize: blockSize, ScaleOffsets: sos})
}

// WithShape is t's data type and per-tensor encoding on another shape;
// per-axis and block encodings depend on the shape, so they fail.
func (t *TensorType) WithShape(ctx *ir.Context, shape []int64) (*TensorType, error) {
	if t.Encoding != ScaleOffsetEncoding {
		return nil, fmt.Errorf("a %s encoding cannot be moved to another shape", t.Encoding)
	}
	return NewTensorType(ctx, shape, t.DType, t.ScaleOffsets[0])
}

func intern(ctx *ir.Context, t *TensorType) (*TensorType, error) {
	if err := t.verify(); err != nil {
		return nil, err
	}
	t.Shape = append([]int64{}, t.Shape...)
	t.BlockSize = append([]int64(nil), t.BlockSize...)
	t.ScaleOffsets = append([]ScaleOffset(nil), t.ScaleOffsets...)
	t.text = t.format()
	return ctx.InternDialectType(t.text, func() ir.DialectType { return t }).(*TensorType), nil
}

func (t *TensorType) verify() error {
	for i, d := range t.Shape {
		if d < 1 {
			return fmt.Errorf("dimension %d of a !qnn.tensor must be positive, got %d", i, d)
		}
	}
	info, ok := dataTypes[t.DType]
	if !ok {
		return fmt.Errorf("unknown QNN data type 0x%04x", uint32(t.DType))
	}
	if !t.DType.IsFixedPoint() {
		return fmt.Errorf("!qnn.tensor holds fixed-point data types; write %s as the builtin tensor<...x%s>", info.name, info.builtin)
	}
	want := 1
	switch t.Encoding {
	case ScaleOffsetEncoding:
	case AxisScaleOffsetEncoding:
		if t.Axis < 0 || t.Axis >= len(t.Shape) {
			return fmt.Errorf("quantization axis %d is out of range for a rank-%d tensor", t.Axis, len(t.Shape))
		}
		want = int(t.Shape[t.Axis])
	case BlockEncoding:
		if len(t.BlockSize) != len(t.Shape) {
			return fmt.Errorf("block_size needs one entry per dimension (rank %d), got %d", len(t.Shape), len(t.BlockSize))
		}
		for i, b := range t.BlockSize {
			if b < 1 {
				return fmt.Errorf("block size %d of dimension %d must be positive", b, i)
			}
			if t.Shape[i]%b != 0 {
				return fmt.Errorf("block size %d does not divide dimension %d of size %d", b, i, t.Shape[i])
			}
			want *= int(t.Shape[i] / b)
		}
	default:
		return fmt.Errorf("unknown encoding kind %d", t.Encoding)
	}
	if len(t.ScaleOffsets) != want {
		switch t.Encoding {
		case AxisScaleOffsetEncoding:
			return fmt.Errorf("expected %d scale/offset pairs for axis %d of size %d, got %d", want, t.Axis, want, len(t.ScaleOffsets))
		case BlockEncoding:
			return fmt.Errorf("expected %d scale/offset pairs, one per block, got %d", want, len(t.ScaleOffsets))
		}
		return fmt.Errorf("expected 1 scale/offset pair, got %d", len(t.ScaleOffsets))
	}
	lo, hi := t.DType.StorageRange()
	for _, so := range t.ScaleOffsets {
		if !(so.Scale > 0) || math.IsInf(float64(so.Scale), 0) {
			return fmt.Errorf("scale must be positive and finite, got %s", formatScale(so.Scale))
		}
		if zp := so.ZeroPoint(); zp < lo || zp > hi {
			return fmt.Errorf("offset %d is out of range for %s: QNN's offset is the negated zero point, so it must lie in [%d, %d]", so.Offset, t.DType, -hi, -lo)
		}
	}
	return nil
}

// format is the canonical text, e.g.
// !qnn.tensor<1x8xufixed8, scale = 0.5, offset = -128>.
func (t *TensorType) format() string {
	var b strings.Builder
	b.WriteString("!qnn.tensor<")
	for _, d := range t.Shape {
		b.WriteString(strconv.FormatInt(d, 10))
		b.WriteByte('x')
	}
	b.WriteString(t.DType.String())
	switch t.Encoding {
	case ScaleOffsetEncoding:
		fmt.Fprintf(&b, ", scale = %s, offset = %d", formatScale(t.ScaleOffsets[0].Scale), t.ScaleOffsets[0].Offset)
	case AxisScaleOffsetEncoding:
		fmt.Fprintf(&b, ", axis = %d, scale_offsets = ", t.Axis)
		writePairs(&b, t.ScaleOffsets)
	case BlockEncoding:
		b.WriteString(", block_size = [")
		for i, s := range t.BlockSize {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.FormatInt(s, 10))
		}
		b.WriteString("], scale_offsets = ")
		writePairs(&b, t.ScaleOffsets)
	}
	b.WriteByte('>')
	return b.String()
}

func writePairs(b *strings.Builder, sos []ScaleOffset) {
	b.WriteByte('[')
	for i, so := range sos {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(formatScale(so.Scale))
		b.WriteByte(':')
		b.WriteString(strconv.FormatInt(int64(so.Offset), 10))
	}
	b.WriteByte(']')
}

// formatScale prints the shortest decimal that reads back to the same
// float32, always with a '.' or an exponent so it reads as a float.
func formatScale(f float32) string {
	s := strconv.FormatFloat(float64(f), 'g', -1, 32)
	if !strings.ContainsAny(s, ".eEnN") {
		s += ".0"
	}
	return s
}

// ---- parsing ----

// parseType parses a qnn type after "!qnn." (or inside "!qnn<...>"):
// "tensor<...>". Errors are positioned at the offending token.
func parseType(p *asm.TypeParser) (ir.Type, error) {
	if name, _ := p.PeekKeyword(); name != "tensor" {
		return nil, p.ErrorAt(p.StartPos(), "unknown qnn type '!qnn.%s'", name)
	}
	if err := p.Next(); err != nil {
		return nil, err
	}
	s := &scanner{p: p}
	t, err := s.tensor()
	if err != nil {
		return nil, err
	}
	ty, err := intern(p.Ctx(), t)
	if err != nil {
		return nil, p.ErrorAt(p.StartPos(), "%v", err)
	}
	return ty, nil
}

// scanner reads a !qnn.tensor through the type cursor. Its messages quote
// the text where they occur, as they did before errors had positions.
type scanner struct{ p *asm.TypeParser }

func (s *scanner) consume(tok string) (bool, error) { return s.p.Optional(tok) }

func (s *scanner) expect(tok string, what string) error {
	ok, err := s.consume(tok)
	if err == nil && !ok {
		err = s.errorf("expected '%s' %s", tok, what)
	}
	return err
}

func (s *scanner) errorf(format string, args ...any) error {
	return s.errorAt(s.p.CurrentPos(), format, args...)
}

func (s *scanner) errorAt(pos asm.Pos, format string, args ...any) error {
	near := s.p.RestFrom(pos)
	if len(near) > 20 {
		near = near[:20] + "..."
	}
	return s.p.ErrorAt(pos, format+" in !qnn.tensor, at '%s'", append(args, near)...)
}

func (s *scanner) integer(what string) (int64, asm.Pos, error) {
	w, pos, err := s.p.Word()
	if err != nil {
		return 0, pos, err
	}
	v, convErr := strconv.ParseInt(w, 10, 64)
	if convErr != nil {
		return 0, pos, s.errorAt(pos, "expected an integer %s", what)
	}
	return v, pos, nil
}

func (s *scanner) float(what string) (float32, error) {
	w, pos, err := s.p.Word()
	if err != nil {
		return 0, err
	}
	v, convErr := strconv.ParseFloat(w, 32)
	// An out-of-range value parses to ±Inf or 0, as C's strtof gives it.
	if numErr := (*strconv.NumError)(nil); errors.As(convErr, &numErr) && numErr.Err != strconv.ErrRange {
		return 0, s.errorAt(pos, "expected a floating-point %s", what)
	}
	return float32(v), nil
}

func (s *scanner) tensor() (*TensorType, error) {
	if err := s.expect("<", "after '!qnn.tensor'"); err != nil {
		return nil, err
	}
	t := &TensorType{}
	// Dimensions: "1x224x" ... then the data type name.
	dims, err := s.p.ParseDimensionList()
	if err != nil {
		return nil, err
	}
	if s.p.PeekText() == "?" {
		return nil, s.errorf("dynamic dimensions are not supported (QNN tensors are statically shaped)")
	}
	t.Shape = dims
	dtPos := s.p.CurrentPos()
	dt, ok := dataTypeByName(s.p.PeekText())
	if _, isKw := s.p.PeekKeyword(); !ok || !isKw {
		return nil, s.errorf("expected a QNN data type (%s)", dataTypeNames())
	}
	if err := s.p.Next(); err != nil {
		return nil, err
	}
	t.DType = dt
	if !dt.IsFixedPoint() {
		return nil, s.p.ErrorAt(dtPos, "!qnn.tensor holds fixed-point data types; write %s as the builtin tensor<...x%s>", dt, dataTypes[dt].builtin)
	}
	if err := s.expect(",", "and a quantization encoding after the data type"); err != nil {
		return nil, err
	}
	key, _ := s.p.PeekKeyword()
	switch key {
	case "scale":
		if err := s.p.Next(); err != nil {
			return nil, err
		}
		if err := s.expect("=", "after 'scale'"); err != nil {
			return nil, err
		}
		scale, err := s.float("scale")
		if err != nil {
			return nil, err
		}
		if err := s.expect(",", "after the scale"); err != nil {
			return nil, err
		}
		if err := s.keyword("offset"); err != nil {
			return nil, err
		}
		off, err := s.offset()
		if err != nil {
			return nil, err
		}
		t.Encoding, t.ScaleOffsets = ScaleOffsetEncoding, []ScaleOffset{{Scale: scale, Offset: off}}
	case "axis":
		if err := s.p.Next(); err != nil {
			return nil, err
		}
		if err := s.expect("=", "after 'axis'"); err != nil {
			return nil, err
		}
		axis, pos, err := s.integer("axis")
		if err != nil {
			return nil, err
		}
		if axis < math.MinInt32 || axis > math.MaxInt32 {
			return nil, s.p.ErrorAt(pos, "quantization axis %d is out of range for a rank-%d tensor", axis, len(t.Shape))
		}
		if err := s.expect(",", "after the axis"); err != nil {
			return nil, err
		}
		t.Encoding, t.Axis = AxisScaleOffsetEncoding, int(axis)
		if t.ScaleOffsets, err = s.pairs(); err != nil {
			return nil, err
		}
	case "block_size":
		if err := s.p.Next(); err != nil {
			return nil, err
		}
		if err := s.expect("=", "after 'block_size'"); err != nil {
			return nil, err
		}
		if err := s.expect("[", "to start the block sizes"); err != nil {
			return nil, err
		}
		for first := true; ; first = false {
			if done, err := s.consume("]"); err != nil || done {
				if err != nil {
					return nil, err
				}
				break
			}
			if !first {
				if err := s.expect(",", "between block sizes"); err != nil {
					return nil, err
				}
			}
			b, _, err := s.integer("block size")
			if err != nil {
				return nil, err
			}
			t.BlockSize = append(t.BlockSize, b)
		}
		if err := s.expect(",", "after the block sizes"); err != nil {
			return nil, err
		}
		t.Encoding = BlockEncoding
		var err error
		if t.ScaleOffsets, err = s.pairs(); err != nil {
			return nil, err
		}
	default:
		return nil, s.errorf("expected 'scale', 'axis' or 'block_size'")
	}
	if err := s.expect(">", "to close the type"); err != nil {
		return nil, err
	}
	if !s.p.AtEnd() {
		return nil, s.errorf("unexpected text after the type")
	}
	return t, nil
}

func (s *scanner) keyword(kw string) error {
	if ok, err := s.p.OptionalKeyword(kw); err != nil || !ok {
		if err == nil {
			err = s.errorf("expected '%s'", kw)
		}
		return err
	}
	return s.expect("=", "after '"+kw+"'")
}

func (s *scanner) offset() (int32, error) {
	v, pos, err := s.integer("offset")
	if err != nil {
		return 0, err
	}
	if v < math.MinInt32 || v > math.MaxInt32 {
		return 0, s.p.ErrorAt(pos, "offset %d does not fit QNN's int32 offset", v)
	}
	return int32(v), nil
}

// pairs parses "scale_offsets = [s:o, ...]".
func (s *scanner) pairs() ([]ScaleOffset, error) {
	if err := s.keyword("scale_offsets"); err != nil {
		return nil, err
	}
	if err := s.expect("[", "to start the scale:offset pairs"); err != nil {
		return nil, err
	}
	var out []ScaleOffset
	for first := true; ; first = false {
		if done, err := s.consume("]"); err != nil || done {
			if err != nil {
				return nil, err
			}
			break
		}
		if !first {
			if err := s.expect(",", "between scale:offset pairs"); err != nil {
				return nil, err
			}
		}
		scale, err := s.float("scale")
		if err != nil {
			return nil, err
		}
		if err := s.expect(":", "between a scale and its offset"); err != nil {
			return nil, err
		}
		off, err := s.offset()
		if err != nil {
			return nil, err
		}
		out = append(out, ScaleOffset{Scale: scale, Offset: off})
	}
	return out, nil
}

func dataTypeNames() string {
	var names []string
	for _, d := range dataTypeOrder {
		if d.IsFixedPoint() {
			names = append(names, d.String())
		}
	}
	return strings.Join(names, ", ")
}

// ---- QNN view of builtin and qnn types ----

// DataTypeOf is the QNN data type of a tensor type: a !qnn.tensor's, or
// the one a builtin tensor's element type stands for (f16 → float16,
// f32 → float32, i1 → bool8, i8/si8 → int8, ui8 → uint8, … i64/ui64).
func DataTypeOf(t ir.Type) (DataType, bool) {
	switch t := t.(type) {
	case *TensorType:
		return t.DType, true
	case *ir.RankedTensorType:
		return builtinDataType(t.Elem)
	}
	return 0, false
}

func builtinDataType(e ir.Type) (DataType, bool) {
	switch e := e.(type) {
	case *ir.FloatType:
		switch e.Kind {
		case ir.F16:
			return Float16, true
		case ir.F32:
			return Float32, true
		}
	case *ir.IntegerType:
		if e.Width == 1 && e.Signedness == ir.Signless {
			return Bool8, true
		}
		unsigned := e.Signedness == ir.Unsigned
		switch e.Width {
		case 8:
			return pick(unsigned, UInt8, Int8), true
		case 16:
			return pick(unsigned, UInt16, Int16), true
		case 32:
			return pick(unsigned, UInt32, Int32), true
		case 64:
			return pick(unsigned, UInt64, Int64), true
		}
	}
	return 0, false
}

func pick(c bool, a, b DataType) DataType {
	if c {
		return a
	}
	return b
}

// ShapeOf is the static shape of a !qnn.tensor or a statically shaped
// builtin ranked tensor.
func ShapeOf(t ir.Type) ([]int64, bool) {
	switch t := t.(type) {
	case *TensorType:
		return t.Shape, true
	case *ir.RankedTensorType:
		if t.HasStaticShape() {
			return t.Shape, true
		}
	}
	return nil, false
}

// IsQuantized reports a !qnn.tensor (every fixed-point tensor is one).
func IsQuantized(t ir.Type) bool { _, ok := t.(*TensorType); return ok }

// TensorKind is QNN's Qnn_TensorType_t for the tensor a value becomes.
type TensorKind uint8

const (
	// KindNative is QNN_TENSOR_TYPE_NATIVE: produced and consumed inside the graph.
	KindNative TensorKind = iota
	// KindAppWrite is QNN_TENSOR_TYPE_APP_WRITE: a graph input.
	KindAppWrite
	// KindAppRead is QNN_TENSOR_TYPE_APP_READ: a graph output.
	KindAppRead
	// KindStatic is QNN_TENSOR_TYPE_STATIC: constant data (weights).
	KindStatic
)

func (k TensorKind) String() string {
	return [...]string{"QNN_TENSOR_TYPE_NATIVE", "QNN_TENSOR_TYPE_APP_WRITE", "QNN_TENSOR_TYPE_APP_READ", "QNN_TENSOR_TYPE_STATIC"}[k]
}

// KindOf derives the QNN tensor kind of a value from where it sits in the
// graph (a func.func): entry-block arguments are graph inputs (APP_WRITE),
// results of qnn.StaticTensor are STATIC, values that func.return uses are
// graph outputs (APP_READ; also when other ops consume them), and the rest
// are NATIVE.
func KindOf(v *ir.Value) TensorKind {
	if v.IsBlockArgument() {
		if b := v.OwnerBlock(); b != nil {
			if p := b.ParentOp(); p != nil && p.Name() == "func.func" {
				return KindAppWrite
			}
		}
		return KindNative
	}
	if op := v.DefiningOp(); op != nil && op.Name() == "qnn.StaticTensor" {
		return KindStatic
	}
	for _, u := range v.Users() {
		if u.Name() == "func.return" {
			return KindAppRead
		}
	}
	return KindNative
}

func product(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	return n
}
