// Package quant is mlc's quant dialect, MLIR's quant dialect in Go:
// quantized element types whose text parses and prints exactly as
// mlir-opt's (!quant.uniform, per-axis !quant.uniform, !quant.any,
// !quant.calibrated) and the casts between real, quantized and stored
// values (quant.qcast, quant.dcast, quant.scast, quant.requant).
//
// Quantization parameters live in the types, so a pass cannot drop or
// change them without the verifier seeing a type mismatch.
package quant

import (
	_ "embed"
	"fmt"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm/bytecode"
)

func isUniform(t ir.Type) bool {
	switch t.(type) {
	case *UniformType, *UniformPerAxisType:
		return true
	}
	return false
}

func hasStorage(t ir.Type) bool {
	switch t.(type) {
	case *UniformType, *UniformPerAxisType, *AnyQuantizedType:
		return true
	}
	return false
}

// scalarOrTensor accepts a bare element type or a ranked or unranked
// tensor of it, as MLIR's quant op constraints do.
func scalarOrTensor(name string, elem func(ir.Type) bool) ods.TypeConstraint {
	return ods.TypeConstraint{Name: "scalar or tensor of " + name, Match: func(t ir.Type) bool {
		switch t := t.(type) {
		case *ir.RankedTensorType:
			return elem(t.Elem)
		case *ir.UnrankedTensorType:
			return elem(t.Elem)
		case ir.ShapedType:
			return false
		}
		return elem(t)
	}}
}

// Operand and result constraints of the quant ops.
var (
	FloatScalarOrTensor     = scalarOrTensor("floating-point", ir.IsFloat)
	QuantizedScalarOrTensor = scalarOrTensor("uniform quantized type", isUniform)
	StorageOrQuantized      = scalarOrTensor("integer or quantized type", func(t ir.Type) bool {
		return ir.IsInteger(t, 0) || hasStorage(t)
	})
)

const castFormat = "$input attr-dict `:` type($input) `to` type($result)"

// Dialect is the quant dialect's table.
// examples holds the op examples the docs show (see ods.OpDef.Example).
//
//go:embed examples.mlir
var examples string

var Dialect = (&ods.Dialect{
	Examples: examples,
	Name:     "quant",
	Summary:  "Quantized types (!quant.uniform) and casts between real, quantized and stored values.",
	Description: `
The quant dialect mirrors MLIR's. Its types carry quantization parameters
(storage integer type and range, expressed float type, scale and zero point,
per tensor or per axis); its ops convert between real tensors, quantized
tensors and their stored integers. Every quantized value means

    real = (q − zero_point) × scale

and every conversion from real to quantized rounds half to even and
saturates to the storage range, as ONNX QuantizeLinear does. The type texts
parse and print exactly as mlir-opt-19's; the op forms are those of MLIR's
quant dialect (` + "`quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>`" + `).
quant.requant is mlc's own.`,
	ParseType: ParseType,
	// Reads the quant types of bytecode that mlir-opt-19 writes (mlc writes
	// them as text, which MLIR also reads).
	Interfaces: []any{&bytecode.DialectCodec{ReadType: readBytecodeType}},
	Ops: []*ods.OpDef{
		{
			Name:    "qcast",
			Summary: "Quantizes real values to a uniform quantized type",
			Description: `
Converts each element x of a float scalar or tensor to the quantized
element type of the result: q = clamp(round_half_even(x / scale) + zero_point,
storage_min, storage_max), with the scale and zero point of the element's
channel for per-axis types. For an f32 expressed type the arithmetic is
float32 (x / scale is a float32 division), bit-exact with ONNX
QuantizeLinear; f16, bf16 and f8 inputs are computed the same way after
an exact widening to float32; f64 uses float64. ±Inf saturate; NaN gives
the zero point.

The result has the operand's shape (both scalars, both unranked, or equal
ranked shapes); its quantized element type's expressed type is the
operand's element type; a per-axis type must sit in a tensor whose
quantized dimension exists and, when static, has one entry per scale.`,
			Operands: []ods.Operand{{Name: "input", Type: FloatScalarOrTensor, Doc: "real values"}},
			Results:  []ods.Result{{Name: "result", Type: QuantizedScalarOrTensor, Doc: "quantized values"}},
			Traits:   ir.Pure,
			Format:   castFormat,
			Verify:   verifyQCast,
		},
		{
			Name:    "dcast",
			Summary: "Dequantizes a uniform quantized value to its expressed float type",
			Description: `
The inverse of quant.qcast: each stored value q becomes
(q − zero_point) × scale in the expressed type. For f32 the integer
difference is converted to float32 and multiplied by the float32 scale in
float32 (ONNX DequantizeLinear); for f16, bf16 and f8 that float32 result
is rounded once more to the expressed type; f64 uses float64.

The same shape, expressed-type and per-axis rules as quant.qcast apply,
with operand and result swapped.`,
			Operands: []ods.Operand{{Name: "input", Type: QuantizedScalarOrTensor, Doc: "quantized values"}},
			Results:  []ods.Result{{Name: "result", Type: FloatScalarOrTensor, Doc: "real values"}},
			Traits:   ir.Pure,
			Format:   castFormat,
			Verify:   verifyDCast,
		},
		{
			Name:    "scast",
			Summary: "Reinterprets quantized values as their storage integers, or back",
			Description: `
A storage cast: one side is a quantized scalar or tensor (!quant.uniform,
per-axis, or !quant.any), the other the same shape of integers that hold its
stored values; the bits are unchanged. The integer type has the storage
width and is either signless (iN, which MLIR uses for both signed and
unsigned storage) or carries the storage's signedness (siN for iN storage,
uiN for uN storage). Per-axis types obey the tensor rules of quant.qcast.`,
			Operands: []ods.Operand{{Name: "input", Type: StorageOrQuantized, Doc: "quantized values or their storage integers"}},
			Results:  []ods.Result{{Name: "result", Type: StorageOrQuantized, Doc: "the other view of the same bits"}},
			Traits:   ir.Pure,
			Format:   castFormat,
			Verify:   verifySCast,
		},
		{
			Name:    "requant",
			Summary: "Changes the quantization parameters of quantized values",
			Description: `
Re-expresses quantized values with another uniform quantized type of the
same expressed type and shape (storage type, range, scale, zero point and
per-tensor/per-axis may all change, e.g. an i32 accumulator to i8). Its
meaning is quant.dcast with the operand's type followed by quant.qcast to
the result's type: the real value (q − zp_in) × s_in is rounded to the
expressed type (float32 arithmetic for f32), then divided by s_out, rounded
half to even, offset by zp_out and saturated to the result's storage range.
A fused fixed-point multiplier (TFLite/QNN style) may differ from this by
one unit where the real quotient is within rounding error of a tie.`,
			Operands: []ods.Operand{{Name: "input", Type: QuantizedScalarOrTensor, Doc: "quantized values"}},
			Results:  []ods.Result{{Name: "result", Type: QuantizedScalarOrTensor, Doc: "the same values with the result's parameters"}},
			Traits:   ir.Pure,
			Format:   castFormat,
			Verify:   verifyRequant,
		},
	},
	TypeDocs: []ods.Doc{
		{Title: "Type `!quant.uniform` (per tensor)", Body: `
    !quant.uniform<STORAGE:EXPRESSED, SCALE[:ZERO_POINT]>
    STORAGE ::= (i|si|u|ui)WIDTH [ '<' MIN ':' MAX '>' ]

Stored integers q stand for real values real = (q − ZERO_POINT) × SCALE
(ZERO_POINT defaults to 0 and is not printed when 0). Quantizing rounds
real / SCALE half to even, adds ZERO_POINT and saturates to [MIN, MAX].

- STORAGE: signed iN (siN is accepted and printed as iN) or unsigned uN
  (uiN is accepted and printed as uN), 1 ≤ N ≤ 32, e.g. i8, u8, i16,
  u16, i4, u4, i32. Go API: ` + "`Storage`" + ` is iN for signed and uiN for
  unsigned storage.
- MIN:MAX: the range the stored values use (default: the full range of
  the integer type, printed only when different), e.g. i8<-127:127> for
  symmetric int8. It must lie inside the type and MIN < MAX.
- EXPRESSED: f16, bf16, f32, f64 or f8E4M3FN.
- SCALE: a float literal (1.0, 2.35e-2 — a decimal integer such as 5 is
  not accepted, as in MLIR) or the hex bit pattern of a double; it must be
  finite and > 0. It prints as MLIR prints doubles: six significant digits
  in exponent form when that reads back exactly (2.350000e-02), else the
  shortest faithful plain or E form (3.0517578125E-5), else hex.
- ZERO_POINT: an integer inside [MIN, MAX] (mlc checks this; mlir-opt-19
  does not).

Examples: !quant.uniform<i8:f32, 2.350000e-02:-3>,
!quant.uniform<u8:f32, 1.000000e+00:128>, !quant.uniform<i8<-127:127>:f16, 1.000000e-03>.`},
		{Title: "Type `!quant.uniform` (per axis)", Body: `
    !quant.uniform<STORAGE:EXPRESSED:AXIS, {SCALE[:ZERO_POINT], ...}>

One scale and zero point per index along dimension AXIS (0 ≤ AXIS < 2^31)
of the tensor holding the values, e.g. per output channel of a weight:
!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01:1}> (printed without
spaces between entries, as MLIR does). Each entry obeys the per-tensor
rules. Ops check that the type sits in a tensor (not a scalar), that AXIS
is below the tensor's rank and that a static dimension AXIS has exactly as
many entries as there are scales.`},
		{Title: "Type `!quant.any`", Body: `
    !quant.any<STORAGE[:EXPRESSED]>

A storage type (with optional range) and an optional expressed type whose
scale and zero point are not chosen yet. Only quant.scast accepts it.`},
		{Title: "Type `!quant.calibrated`", Body: `
    !quant.calibrated<EXPRESSED<MIN:MAX>>

A real range observed during calibration (MIN < MAX, floats printed as
scales are), before a storage type and parameters are picked.`},
	},
}).Init()

// Register adds the quant dialect to ctx.
func Register(ctx *ir.Context) { ods.Register(ctx, Dialect) }

// sameScalarOrTensorShape: both scalars, both unranked tensors, or ranked
// tensors of equal shape (a dynamic dimension matches only a dynamic one).
func sameScalarOrTensorShape(a, b ir.Type) bool {
	switch at := a.(type) {
	case *ir.RankedTensorType:
		bt, ok := b.(*ir.RankedTensorType)
		if !ok || len(at.Shape) != len(bt.Shape) {
			return false
		}
		for i := range at.Shape {
			if at.Shape[i] != bt.Shape[i] {
				return false
			}
		}
		return true
	case *ir.UnrankedTensorType:
		_, ok := b.(*ir.UnrankedTensorType)
		return ok
	}
	_, shaped := b.(ir.ShapedType)
	return !shaped
}

func checkShapes(op *ir.Operation) error {
	if !sameScalarOrTensorShape(op.Operand(0).Type(), op.Result(0).Type()) {
		return fmt.Errorf("failed to verify that input and result are both scalars or both tensors with matching shape")
	}
	return nil
}

// verifyQuantization is the check shared by qcast and dcast.
func verifyQuantization(op *ir.Operation, quantized, float ir.Type) error {
	if err := checkShapes(op); err != nil {
		return err
	}
	if ElementType(quantized).ExpressedType() != ir.ElementTypeOf(float) {
		return fmt.Errorf("expressed type in quantized type expected to match float type")
	}
	return VerifyContainer(quantized)
}

func verifyQCast(op *ir.Operation) error {
	return verifyQuantization(op, op.Result(0).Type(), op.Operand(0).Type())
}

func verifyDCast(op *ir.Operation) error {
	return verifyQuantization(op, op.Operand(0).Type(), op.Result(0).Type())
}

func verifySCast(op *ir.Operation) error {
	in, out := op.Operand(0).Type(), op.Result(0).Type()
	quantized, integer := in, out
	if ir.IsInteger(ir.ElementTypeOf(in), 0) {
		quantized, integer = out, in
	}
	it, _ := ir.ElementTypeOf(integer).(*ir.IntegerType)
	if it == nil || !hasStorage(ir.ElementTypeOf(quantized)) {
		return fmt.Errorf("failed to verify that input must be integer and result must be quantized, or vice versa")
	}
	if err := checkShapes(op); err != nil {
		return err
	}
	if !IsStorageOf(it, ElementType(quantized)) {
		return fmt.Errorf("storage type in quantized type expected to match integer type")
	}
	return VerifyContainer(quantized)
}

func verifyRequant(op *ir.Operation) error {
	in, out := op.Operand(0).Type(), op.Result(0).Type()
	if err := checkShapes(op); err != nil {
		return err
	}
	if ElementType(in).ExpressedType() != ElementType(out).ExpressedType() {
		return fmt.Errorf("expressed type of input and result quantized types expected to match")
	}
	if err := VerifyContainer(in); err != nil {
		return err
	}
	return VerifyContainer(out)
}
