package qnn

import (
	"fmt"
	"strings"

	"github.com/mlc-go/mlc/dialects/ods"
)

const dialectDoc = `
The qnn dialect is the last stage before a QNN graph is serialized: each op
is one node of Qualcomm's ` + "`qti.aisw`" + ` op package, named exactly as QNN names
it (` + "`qnn.Conv2d`, `qnn.ElementWiseAdd`" + `, …), taking its inputs in QNN's order
(in[0], in[1], …) and its parameters under QNN's parameter names. A
` + "`func.func`" + ` is a QNN graph.

Layout is QNN's: activations are NHWC ([batch, height, width, channels]),
convolution filters HWIO ([filter_height, filter_width, in_channels,
out_channels]), depthwise filters [H, W, 1, channels × multiplier] and
fully-connected weights [units, input_size].

Operands and results are statically shaped tensors of QNN data types:

- fixed-point (quantized) tensors are ` + "`!qnn.tensor`" + ` types, which carry the data
  type and the quantization encoding (see *Tensor types* below);
- float, integer and bool tensors are builtin tensors: ` + "`tensor<...xf32>`" + ` is
  QNN_DATATYPE_FLOAT_32, ` + "`f16`" + ` FLOAT_16, ` + "`i32`" + ` INT_32, ` + "`ui32`" + ` UINT_32, ` + "`i1`" + `
  BOOL_8, and so on.

So each QNN tensor type has exactly one spelling. An op computes in one
precision: its activations are all fixed point (each with its own
encoding) or all of one float (or integer) type; qnn.Quantize,
qnn.Dequantize, qnn.Convert and qnn.Cast move between them.

Result types are written out: QNN does not derive an output's quantization
from its inputs, so an op's result type is a choice (made by the
quantization and legalization passes) that the verifier checks against
the op's shape rule (` + "`qnn.InferShape`" + ` in Go computes it) and data type rules.
Per-channel and block encodings are accepted on weights (filters, weights,
bias, in[1] of MatMul) and data-movement ops; activations are per-tensor.
`

var typeDocs = []ods.Doc{
	{Title: "Tensor types", Body: `
` + "```" + `
!qnn.tensor<1x224x224x3xufixed8, scale = 0.0078125, offset = -128>
!qnn.tensor<3x3x32x4xsfixed8, axis = 3, scale_offsets = [0.02:0, 0.01:0, 0.03:0, 0.015:0]>
!qnn.tensor<8x64xsfixed4, block_size = [1, 32], scale_offsets = [0.5:0, 0.25:0, ...]>
` + "```" + `

Grammar:

` + "```" + `
qnn-tensor  ::= '!qnn.tensor<' (dim 'x')* data-type ',' encoding '>'
encoding    ::= 'scale' '=' float ',' 'offset' '=' int                      // SCALE_OFFSET
              | 'axis' '=' int ',' 'scale_offsets' '=' pairs                // AXIS_SCALE_OFFSET
              | 'block_size' '=' '[' int (',' int)* ']' ',' 'scale_offsets' '=' pairs   // BLOCK
pairs       ::= '[' float ':' int (',' float ':' int)* ']'
` + "```" + `

Dimensions are static and positive. Scales are QNN's float32 and print as
the shortest decimal that reads back to the same float32; offsets are
int32. The printed form is canonical and reads back to the same type.

**Sign convention.** QNN maps stored values to real values as
real = (q + offset) × scale, so QNN's *offset is the negated zero point* of
the real = (q − zero_point) × scale convention used by ONNX and MLIR's
quant dialect: a ufixed8 tensor with zero point 128 has offset = -128. In
Go, ` + "`qnn.ScaleOffsetFromZeroPoint(scale, zp)`" + ` converts and
` + "`ScaleOffset.ZeroPoint()`" + ` converts back.

Verification (errors at the type): every scale is positive and finite
(after rounding to float32); every zero point (−offset) lies in the data
type's storage range, so offset ∈ [−max, −min] (ufixed8: [-255, 0];
sfixed8: [-127, 128]); a per-axis encoding names an axis below the rank
and has exactly one pair per index of that axis; a block encoding has one
positive block size per dimension, each dividing its dimension, and one
pair per block (the product of dimension / block size), listed in
row-major block order.

Encodings:

- ` + "`scale = s, offset = o`" + `: QNN_QUANTIZATION_ENCODING_SCALE_OFFSET, one pair.
- ` + "`axis = a, scale_offsets = [...]`" + `: QNN_QUANTIZATION_ENCODING_AXIS_SCALE_OFFSET,
  one pair per index of axis a (per-channel weights: axis 3 for HWIO
  filters, 0 for fully-connected weights and biases). 4-bit types are
  serialized with the bit-width variants (BW_SCALE_OFFSET /
  BW_AXIS_SCALE_OFFSET) where a backend asks for them.
- ` + "`block_size = [...], scale_offsets = [...]`" + `: QNN_QUANTIZATION_ENCODING_BLOCK, one
  pair per block of block_size elements per dimension.
`},
	{Title: "Data types", Body: dataTypeTable()},
	{Title: "Tensor kinds", Body: `
QNN gives every tensor a kind (Qnn_TensorType_t). mlc derives it from the
graph, so it cannot drift from the IR (` + "`qnn.KindOf(value)`" + ` in Go):

| kind | value |
|---|---|
| QNN_TENSOR_TYPE_APP_WRITE | an argument of the graph's ` + "`func.func`" + ` (graph input) |
| QNN_TENSOR_TYPE_APP_READ | a value returned by ` + "`func.return`" + ` (graph output), even when other ops also use it |
| QNN_TENSOR_TYPE_STATIC | a result of ` + "`qnn.StaticTensor`" + ` (weights, biases, constants) |
| QNN_TENSOR_TYPE_NATIVE | every other op result |

Absent optional inputs (QNN_TENSOR_TYPE_NULL) are absent operands.
`},
}

var paramDocs = []ods.Doc{{Title: "Parameters", Body: `
Op parameters keep QNN's names. Their kinds:

- 1-D uint32 tensors (` + "`stride`, `dilation`, `filter_size`, `perm`, `axes`, `output_padding`" + `)
  are ` + "`array<i64: ...>`" + `.
- 2-D tensors are ` + "`dense<...> : tensor<RxCxi64>`" + `: ` + "`pad_amount`" + ` is
  [[top, bottom], [left, right]] for convolutions and pooling
  (` + "`dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>`, or `dense<0> : tensor<2x2xi64>`" + `)
  and [rank, 2] for Pad; ` + "`ranges`" + ` of StridedSlice is [N, 3].
- Scalars are ` + "`i64`" + ` integers, ` + "`f32`" + ` floats (` + "`beta = 1.0 : f32`" + `) and ` + "`true`/`false`" + `.
- QNN's uint32 enumerations are strings: ` + "`rounding_mode = \"ceil\"`" + `. The codes
  QNN expects are in ` + "`qnn.EnumValues`" + `:
` + enumTable() + `
Parameters with a default may be omitted; the documented default is what
QNN applies. Any other attribute on a qnn op must carry a dialect prefix
(` + "`mlc.name`" + `): an unprefixed name is taken for a misspelt parameter and
rejected, as QNN backends reject unknown parameter names.
`}}

func dataTypeTable() string {
	var b strings.Builder
	b.WriteString("\n| mlc | QNN | code | storage range | spelled as |\n|---|---|---|---|---|\n")
	for _, d := range dataTypeOrder {
		rng := ""
		switch {
		case d == Bool8:
			rng = "0 or 1"
		case d == UInt64:
			rng = "[0, 18446744073709551615]"
		case !d.IsFloat():
			lo, hi := d.StorageRange()
			rng = fmt.Sprintf("[%d, %d]", lo, hi)
		}
		spelled := "`!qnn.tensor<...x" + d.String() + ", ...>`"
		if b := dataTypes[d].builtin; b != "" {
			spelled = "`tensor<...x" + b + ">`"
		}
		fmt.Fprintf(&b, "| %s | %s | 0x%04x | %s | %s |\n", d, d.QNNName(), uint32(d), rng, spelled)
	}
	b.WriteString("\n4-bit types hold one value per element in the IR; QNN packs two per byte, low nibble first.\n")
	return b.String()
}

func enumTable() string {
	var b strings.Builder
	for _, name := range []string{"rounding_mode", "scheme", "transformation_mode", "interpolation_mode", "nearest_mode"} {
		vals := EnumValues[name]
		names := make([]string, len(vals))
		for v, code := range vals {
			names[code] = fmt.Sprintf("\"%s\" = %d", v, code)
		}
		fmt.Fprintf(&b, "  - `%s`: %s\n", name, strings.Join(names, ", "))
	}
	return b.String()
}
