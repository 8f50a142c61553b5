package target

// OpClass groups core ops that a backend treats alike, and names the
// operands a target file lists element types for. The list is data: a
// pass asks ClassOf(op) instead of switching on op names.
type OpClass struct {
	Name     string
	Summary  string
	Ops      []string // core op names, without the "core." prefix
	Operands []string // operand and result roles, in order
	// Optional roles a target file may leave out: the class then takes no
	// such operand (a matmul's bias, which only quant-fuse's linear
	// layers have).
	Optional []string
	// MovesData: the class holds ops that move elements without arithmetic
	// (those dialects/qbehavior marks same-scale), so a target file may say
	// they keep their inputs' encoding (shared_encoding).
	MovesData bool
}

// OpClasses is every op class a target file may name.
var OpClasses = []OpClass{
	{Name: "conv", Summary: "2-D convolution", Ops: []string{"conv2d"},
		Operands: []string{"input", "weight", "bias", "result"}},
	{Name: "matmul", Summary: "matrix multiplication", Ops: []string{"matmul"},
		Operands: []string{"lhs", "rhs", "bias", "result"}, Optional: []string{"bias"}},
	{Name: "pool", Summary: "2-D pooling", Ops: []string{"max_pool2d", "avg_pool2d"},
		Operands: []string{"input", "result"}, MovesData: true},
	{Name: "binary", Summary: "elementwise arithmetic on two tensors",
		Ops:      []string{"add", "sub", "mul", "div", "max", "min", "pow"},
		Operands: []string{"lhs", "rhs", "result"}},
	{Name: "unary", Summary: "elementwise math on one tensor",
		Ops: []string{"neg", "abs", "exp", "log", "sqrt", "rsqrt", "tanh", "sigmoid", "erf",
			"relu", "floor", "ceil", "round", "sin", "cos", "reciprocal", "sign", "clamp"},
		Operands: []string{"input", "result"}},
	{Name: "logic", Summary: "comparison, selection and boolean ops",
		Ops:      []string{"cmp", "select", "and", "or", "xor", "not"},
		Operands: []string{"input", "result"}},
	{Name: "reduce", Summary: "reductions over axes",
		Ops:      []string{"reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod", "argmax", "argmin"},
		Operands: []string{"input", "result"}},
	{Name: "normalization", Summary: "layer normalization, one layer with float statistics (scale and bias stay float)",
		Ops: []string{"layer_norm"}, Operands: []string{"input", "scale", "bias", "result"}},
	{Name: "softmax", Summary: "softmax along an axis, one layer", Ops: []string{"softmax"},
		Operands: []string{"input", "result"}},
	{Name: "gelu", Summary: "GELU activation (erf or tanh form), one layer", Ops: []string{"gelu"},
		Operands: []string{"input", "result"}},
	{Name: "data_movement", Summary: "ops that move elements without arithmetic",
		Ops:      []string{"reshape", "transpose", "broadcast_to", "concat", "slice", "gather", "pad"},
		Operands: []string{"input", "result"}, MovesData: true},
	{Name: "cast", Summary: "element type conversion", Ops: []string{"cast"},
		Operands: []string{"input", "result"}},
}

// ClassOf names the op class of a core op ("core.add" or "add").
func ClassOf(op string) (string, bool) {
	if len(op) > 5 && op[:5] == "core." {
		op = op[5:]
	}
	for _, c := range OpClasses {
		for _, o := range c.Ops {
			if o == op {
				return c.Name, true
			}
		}
	}
	return "", false
}

func classByName(name string) *OpClass {
	for i := range OpClasses {
		if OpClasses[i].Name == name {
			return &OpClasses[i]
		}
	}
	return nil
}

// ElemTypes are the element type names target files use, with their
// storage width in bits and integer range (0, 0 for floats).
var ElemTypes = []ElemType{
	{"i1", 1, 0, 1}, {"i4", 4, -8, 7}, {"i8", 8, -128, 127}, {"u8", 8, 0, 255},
	{"i16", 16, -32768, 32767}, {"u16", 16, 0, 65535}, {"i32", 32, -1 << 31, 1<<31 - 1},
	{"i64", 64, -1 << 63, 1<<63 - 1},
	{"f4e2m1", 4, 0, 0}, {"f8e4m3", 8, 0, 0}, {"f8e5m2", 8, 0, 0},
	{"f16", 16, 0, 0}, {"bf16", 16, 0, 0}, {"f32", 32, 0, 0},
}

// ElemType is one element type name.
type ElemType struct {
	Name     string
	Bits     int
	Min, Max int64 // integer range; both 0 for floats
}

// IsInt reports whether the type is an integer type.
func (e ElemType) IsInt() bool { return e.Name[0] == 'i' || e.Name[0] == 'u' }

func elemByName(name string) (ElemType, bool) {
	for _, e := range ElemTypes {
		if e.Name == name {
			return e, true
		}
	}
	return ElemType{}, false
}

// backendCaps is what a backend's IR can express, so that a target file
// cannot promise what legalisation could never emit.
type backendCaps struct {
	elems        []string // element types its tensors may have
	quantStorage []string // storage types of quantized tensors
	asymmetric   bool     // nonzero zero points
	// perChannelRoles and blockRoles: tensor roles that may carry
	// per-channel or block encodings.
	perChannelRoles, blockRoles []string
}

var backends = map[string]backendCaps{
	// TensorRT's Q/DQ layers take a scale and no zero point (it must be 0),
	// per-channel scales only on weights, block scales on weights (INT4)
	// and FP4 data.
	"tensorrt": {
		elems:           []string{"i1", "i4", "i8", "i32", "i64", "f4e2m1", "f8e4m3", "f16", "bf16", "f32"},
		quantStorage:    []string{"i4", "i8", "f8e4m3", "f4e2m1"},
		perChannelRoles: []string{"weight"},
		blockRoles:      []string{"weight", "activation"},
	},
	// QNN tensors carry scale and offset; per-axis (per-channel) and
	// blockwise encodings are for static (weight) tensors.
	"qnn": {
		elems:           []string{"i1", "i4", "i8", "u8", "i16", "u16", "i32", "f16", "f32"},
		quantStorage:    []string{"i4", "i8", "u8", "i16", "u16", "i32"},
		asymmetric:      true,
		perChannelRoles: []string{"weight", "bias"},
		blockRoles:      []string{"weight"},
	},
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
