package qnnser

import (
	"sort"

	qd "github.com/mlc-go/mlc/dialects/qnn"
)

// paramKind says how an op attribute becomes a QNN node parameter.
type paramKind uint8

const (
	// tensorU32 is a 1-D QNN_DATATYPE_UINT_32 tensor parameter from an
	// array<i64: ...> attribute (stride, dilation, perm, axes).
	tensorU32 paramKind = iota
	// matrixU32 is a 2-D QNN_DATATYPE_UINT_32 tensor parameter from a
	// dense<...> : tensor<NxMxi64> attribute (pad_amount).
	matrixU32
	// matrixI32 is a 2-D QNN_DATATYPE_INT_32 tensor parameter (ranges,
	// whose begin and end may be negative).
	matrixI32
	// scalarU32 is a QNN_DATATYPE_UINT_32 scalar from an i64 attribute.
	scalarU32
	// scalarI32 is a QNN_DATATYPE_INT_32 scalar from an i64 attribute.
	scalarI32
	// scalarBool is a QNN_DATATYPE_BOOL_8 scalar from a bool attribute.
	scalarBool
	// scalarF32 is a QNN_DATATYPE_FLOAT_32 scalar from an f32 attribute.
	scalarF32
	// scalarEnum is a QNN_DATATYPE_UINT_32 scalar holding the code of a
	// string enum (qnn.EnumValues).
	scalarEnum
	// scalarPadValue is Pad's fill value: FLOAT_32 for a float input; for
	// a fixed-point input the stored value in the input's encoding
	// (INT_32 for signed, UINT_32 for unsigned types).
	scalarPadValue
)

var kindText = [...]string{
	tensorU32:      "tensor uint32 [n]",
	matrixU32:      "tensor uint32 [n, m]",
	matrixI32:      "tensor int32 [n, m]",
	scalarU32:      "scalar uint32",
	scalarI32:      "scalar int32",
	scalarBool:     "scalar bool8",
	scalarF32:      "scalar float32",
	scalarEnum:     "scalar uint32 (enum code)",
	scalarPadValue: "scalar float32, or the stored value (int32/uint32) for fixed point",
}

func (k paramKind) isTensor() bool { return k <= matrixI32 }

// param is one node parameter of a QNN op.
type param struct {
	Name string
	Kind paramKind
}

// opRow is one row of the qnn → QNN node table: the qnn dialect op, the
// QNN op type (package qti.aisw) and its parameters in the order they
// are written.
type opRow struct {
	Op     string // "qnn.Conv2d"
	Type   string // "Conv2d"
	Params []param
}

var (
	pStride   = param{"stride", tensorU32}
	pPad      = param{"pad_amount", matrixU32}
	pDilation = param{"dilation", tensorU32}
	pGroup    = param{"group", scalarU32}
	pFilter   = param{"filter_size", tensorU32}
	pRounding = param{"rounding_mode", scalarEnum}
	pAxes     = param{"axes", tensorU32}
	pKeepDims = param{"keep_dims", scalarBool}
)

// ops is the table. A qnn op without a row has no QNN node form: the
// serializer reports it. qnn.StaticTensor is not a node (it becomes a
// QNN_TENSOR_TYPE_STATIC tensor) and has no row.
var ops = func() map[string]*opRow {
	rows := []*opRow{
		{Type: "Conv2d", Params: []param{pStride, pPad, pDilation, pGroup}},
		{Type: "DepthWiseConv2d", Params: []param{pStride, pPad, pDilation}},
		{Type: "TransposeConv2d", Params: []param{pStride, pPad, {"output_padding", tensorU32}, pGroup}},
		{Type: "FullyConnected", Params: []param{pKeepDims}},
		{Type: "MatMul", Params: []param{{"transpose_in0", scalarBool}, {"transpose_in1", scalarBool}}},
		{Type: "ElementWiseAdd"}, {Type: "ElementWiseSubtract"}, {Type: "ElementWiseMultiply"},
		{Type: "ElementWiseDivide"}, {Type: "ElementWiseMaximum"}, {Type: "ElementWiseMinimum"},
		{Type: "ElementWisePower"}, {Type: "Prelu"},
		{Type: "Relu"}, {Type: "Relu6"},
		{Type: "ReluMinMax", Params: []param{{"min_value", scalarF32}, {"max_value", scalarF32}}},
		{Type: "Gelu"}, {Type: "Sigmoid"}, {Type: "Tanh"}, {Type: "HardSwish"},
		{Type: "ElementWiseExp"}, {Type: "ElementWiseLog"}, {Type: "ElementWiseSquareRoot"},
		{Type: "ElementWiseRsqrt"}, {Type: "ElementWiseNeg"}, {Type: "ElementWiseAbs"},
		{Type: "ElementWiseSin"}, {Type: "ElementWiseCos"}, {Type: "ElementWiseFloor"}, {Type: "ElementWiseCeil"},
		{Type: "Softmax", Params: []param{{"axis", scalarU32}, {"beta", scalarF32}}},
		{Type: "LayerNorm", Params: []param{{"epsilon", scalarF32}, pAxes}},
		{Type: "PoolAvg2d", Params: []param{pFilter, pStride, pPad, {"count_pad_for_edges", scalarBool}, pRounding}},
		{Type: "PoolMax2d", Params: []param{pFilter, pStride, pPad, pRounding}},
		{Type: "Reshape"},
		{Type: "Transpose", Params: []param{{"perm", tensorU32}}},
		{Type: "Concat", Params: []param{{"axis", scalarU32}}},
		{Type: "StridedSlice", Params: []param{{"ranges", matrixI32}, {"begin_mask", scalarU32}, {"end_mask", scalarU32},
			{"shrink_axes", scalarU32}, {"new_axes_mask", scalarU32}}},
		{Type: "Gather", Params: []param{{"axis", scalarI32}}},
		{Type: "Pad", Params: []param{{"scheme", scalarEnum}, {"pad_amount", matrixU32}, {"pad_constant_value", scalarPadValue}}},
		{Type: "Resize", Params: []param{{"exclude_outside", scalarBool}, {"transformation_mode", scalarEnum},
			{"interpolation_mode", scalarEnum}, {"nearest_mode", scalarEnum}, {"cubic_coeff", scalarF32}}},
		{Type: "ReduceMean", Params: []param{pAxes, pKeepDims}},
		{Type: "ReduceSum", Params: []param{pAxes, pKeepDims}},
		{Type: "ReduceMax", Params: []param{pAxes, pKeepDims}},
		{Type: "ReduceMin", Params: []param{pAxes, pKeepDims}},
		{Type: "ReduceProd", Params: []param{pAxes, pKeepDims}},
		{Type: "Quantize"}, {Type: "Dequantize"}, {Type: "Cast"}, {Type: "Convert"},
	}
	m := map[string]*opRow{}
	for _, r := range rows {
		r.Op = "qnn." + r.Type
		m[r.Op] = r
	}
	return m
}()

// byType finds a row by QNN op type, for the importer.
var byType = func() map[string]*opRow {
	m := map[string]*opRow{}
	for _, r := range ops {
		m[r.Type] = r
	}
	return m
}()

// SupportedOps lists the qnn ops the serializer writes as nodes, sorted.
func SupportedOps() []string {
	names := make([]string, 0, len(ops))
	for n := range ops {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Package is the QNN op package of every node.
const Package = "qti.aisw"

// QNN enumerations written to the JSON and the C++ source (QnnTypes.h).
const (
	tensorTypeAppWrite = 0
	tensorTypeAppRead  = 1
	tensorTypeNative   = 3
	tensorTypeStatic   = 4

	definitionDefined   = 1
	definitionUndefined = 0x7FFFFFFF

	encodingScaleOffset     = 0
	encodingAxisScaleOffset = 1
	encodingUndefined       = 0x7FFFFFFF
)

// tensorTypeCode is Qnn_TensorType_t's value for a tensor kind.
func tensorTypeCode(k qd.TensorKind) int {
	switch k {
	case qd.KindAppWrite:
		return tensorTypeAppWrite
	case qd.KindAppRead:
		return tensorTypeAppRead
	case qd.KindStatic:
		return tensorTypeStatic
	}
	return tensorTypeNative
}

func kindOfCode(c int64) (qd.TensorKind, bool) {
	switch c {
	case tensorTypeAppWrite:
		return qd.KindAppWrite, true
	case tensorTypeAppRead:
		return qd.KindAppRead, true
	case tensorTypeNative:
		return qd.KindNative, true
	case tensorTypeStatic:
		return qd.KindStatic, true
	}
	return 0, false
}

// knownDataTypes are the Qnn_DataType_t codes mlc reads and writes.
var knownDataTypes = []qd.DataType{
	qd.Int8, qd.Int16, qd.Int32, qd.Int64, qd.UInt8, qd.UInt16, qd.UInt32, qd.UInt64,
	qd.Float16, qd.Float32, qd.SFixed4, qd.SFixed8, qd.SFixed16, qd.SFixed32,
	qd.UFixed4, qd.UFixed8, qd.UFixed16, qd.UFixed32, qd.Bool8,
}

func isKnownDataType(c int64) bool {
	for _, d := range knownDataTypes {
		if int64(d) == c {
			return true
		}
	}
	return false
}

func enumCodes(param string) map[string]uint32 { return qd.EnumValues[param] }
