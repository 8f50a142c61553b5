package bytecode

// The builtin dialect's attribute and type codes: the first varint of a
// custom-encoded builtin entry (MLIR's BuiltinDialectBytecode.td, whose
// order is part of the format).
const (
	attrArray = iota
	attrDictionary
	attrString
	attrStringWithType
	attrFlatSymbolRef
	attrSymbolRef
	attrType
	attrUnit
	attrInteger
	attrFloat
	locCallSite
	locFileLineCol
	locFused
	locFusedWithMetadata
	locName
	locUnknown
	attrDenseResource
	attrDenseArray
	attrDenseIntOrFP
	attrDenseString
	attrSparse
	attrDistinct
)

const (
	typeInteger = iota
	typeIndex
	typeFunction
	typeBF16
	typeF16
	typeF32
	typeF64
	typeF80
	typeF128
	typeComplex
	typeMemRef
	typeMemRefWithMemSpace
	typeNone
	typeRankedTensor
	typeRankedTensorWithEncoding
	typeTuple
	typeUnrankedMemRef
	typeUnrankedMemRefWithMemSpace
	typeUnrankedTensor
	typeVector
	typeVectorWithScalableDims
)

var builtinAttrNames = [...]string{"ArrayAttr", "DictionaryAttr", "StringAttr", "StringAttr", "FlatSymbolRefAttr",
	"SymbolRefAttr", "TypeAttr", "UnitAttr", "IntegerAttr", "FloatAttr", "CallSiteLoc", "FileLineColLoc", "FusedLoc",
	"FusedLoc", "NameLoc", "UnknownLoc", "DenseResourceElementsAttr", "DenseArrayAttr", "DenseIntOrFPElementsAttr",
	"DenseStringElementsAttr", "SparseElementsAttr", "DistinctAttr"}

var builtinTypeNames = [...]string{"IntegerType", "IndexType", "FunctionType", "bf16", "f16", "f32", "f64", "f80",
	"f128", "ComplexType", "MemRefType", "MemRefType", "NoneType", "RankedTensorType", "RankedTensorType", "TupleType",
	"UnrankedMemRefType", "UnrankedMemRefType", "UnrankedTensorType", "VectorType", "VectorType"}

// dynamicDim is MLIR's ShapedType::kDynamic, the encoding of '?'.
const dynamicDim = -1 << 63

// propField is one inherent attribute in an MLIR op's native property
// encoding.
type propField struct {
	name     string
	optional bool
}

// nativeProps lists, for the registered ops that mlir-opt-19 writes with
// native properties and that mlc reads (builtin and func), their fields
// in encoding order (ODS writes them sorted by name).
var nativeProps = map[string][]propField{
	"builtin.module": {{"sym_name", true}, {"sym_visibility", true}},
	"func.func": {{"arg_attrs", true}, {"function_type", false}, {"res_attrs", true},
		{"sym_name", false}, {"sym_visibility", true}},
	"func.call":     {{"callee", false}},
	"func.constant": {{"value", false}},
}
