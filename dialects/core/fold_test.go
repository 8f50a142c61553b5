package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/core"
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// fold parses body inside a function, verifies it, and folds the last op
// before the return with the values of its core.constant operands. It
// returns the folded attribute's text, or "" when the op does not fold.
func fold(t *testing.T, body string) string {
	t.Helper()
	ctx := newContext()
	src := "func.func @f() {\n" + body + "\n  return\n}"
	m, err := asm.Parse(ctx, "fold.mlir", []byte(src), 1)
	require.NoError(t, err, body)
	require.NoError(t, ir.Verify(m), body)
	fn := m.Region(0).Front().First()
	op := fn.Region(0).Front().Terminator().Prev()
	def := ods.DefOf(op)
	require.NotNil(t, def)
	require.NotNil(t, def.Fold, "%s has a folder", op.Name())
	operands := make([]ir.Attribute, op.NumOperands())
	for i, v := range op.Operands() {
		if d := v.DefiningOp(); d != nil && d.Name() == "core.constant" {
			operands[i] = d.InherentAttr("value")
		}
	}
	res := def.Fold(op, operands)
	if res == nil {
		return ""
	}
	require.Len(t, res, 1)
	assert.Equal(t, op.Result(0).Type(), res[0].(ir.TypedAttr).AttrType(), "folded type is the result type")
	return res[0].String()
}

func TestFoldElementwise(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"add broadcast", `
  %a = core.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %b = core.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %r = core.add %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>`,
			"dense<[[1.100000e+01, 2.100000e+01, 3.100000e+01], [1.200000e+01, 2.200000e+01, 3.200000e+01]]> : tensor<2x3xf32>"},
		{"add splats stay splat", `
  %a = core.constant dense<1.5> : tensor<1000x1000xf32>
  %b = core.constant dense<2.0> : tensor<1000xf32>
  %r = core.add %a, %b : (tensor<1000x1000xf32>, tensor<1000xf32>) -> tensor<1000x1000xf32>`,
			"dense<3.500000e+00> : tensor<1000x1000xf32>"},
		{"f32 rounding", `
  %a = core.constant dense<16777216.0> : tensor<f32>
  %b = core.constant dense<1.0> : tensor<f32>
  %r = core.add %a, %b : (tensor<f32>, tensor<f32>) -> tensor<f32>`,
			"dense<0x4B800000> : tensor<f32>"},
		{"i8 wraps", `
  %a = core.constant dense<[127, -128]> : tensor<2xi8>
  %b = core.constant dense<1> : tensor<2xi8>
  %r = core.add %a, %b : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>`,
			"dense<[-128, -127]> : tensor<2xi8>"},
		{"sub", `
  %a = core.constant dense<[5, 7]> : tensor<2xi32>
  %b = core.constant dense<[10, -1]> : tensor<2xi32>
  %r = core.sub %a, %b : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>`,
			"dense<[-5, 8]> : tensor<2xi32>"},
		{"mul i16 wraps", `
  %a = core.constant dense<300> : tensor<2xi16>
  %b = core.constant dense<[300, 2]> : tensor<2xi16>
  %r = core.mul %a, %b : (tensor<2xi16>, tensor<2xi16>) -> tensor<2xi16>`,
			"dense<[24464, 600]> : tensor<2xi16>"},
		{"int div truncates", `
  %a = core.constant dense<[7, -7, 7, -128]> : tensor<4xi8>
  %b = core.constant dense<[2, 2, -2, -1]> : tensor<4xi8>
  %r = core.div %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>`,
			"dense<[3, -3, -3, -128]> : tensor<4xi8>"},
		{"int div by zero does not fold", `
  %a = core.constant dense<[1, 2]> : tensor<2xi32>
  %b = core.constant dense<[1, 0]> : tensor<2xi32>
  %r = core.div %a, %b : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>`, ""},
		{"float div by zero", `
  %a = core.constant dense<[1.0, -1.0, 0.0]> : tensor<3xf32>
  %b = core.constant dense<0.0> : tensor<3xf32>
  %r = core.div %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>`,
			"dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>"},
		{"pow", `
  %a = core.constant dense<[2.0, 9.0]> : tensor<2xf16>
  %b = core.constant dense<[10.0, 0.5]> : tensor<2xf16>
  %r = core.pow %a, %b : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xf16>`,
			"dense<[1.024000e+03, 3.000000e+00]> : tensor<2xf16>"},
		{"max propagates NaN", `
  %a = core.constant dense<[1.0, 0x7FC00000, -0.0]> : tensor<3xf32>
  %b = core.constant dense<[2.0, 1.0, 0.0]> : tensor<3xf32>
  %r = core.max %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>`,
			"dense<[2.000000e+00, 0x7FC00000, 0.000000e+00]> : tensor<3xf32>"},
		{"min int", `
  %a = core.constant dense<[1, -5]> : tensor<2xi32>
  %b = core.constant dense<[2, 3]> : tensor<2xi32>
  %r = core.min %a, %b : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>`,
			"dense<[1, -5]> : tensor<2xi32>"},
		{"cmp lt float", `
  %a = core.constant dense<[1.0, 2.0, 0x7FC00000]> : tensor<3xf32>
  %b = core.constant dense<2.0> : tensor<3xf32>
  %r = core.cmp "lt", %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>`,
			"dense<[true, false, false]> : tensor<3xi1>"},
		{"cmp ne NaN", `
  %a = core.constant dense<[1.0, 0x7FC00000]> : tensor<2xf32>
  %r = core.cmp "ne", %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>`,
			"dense<[false, true]> : tensor<2xi1>"},
		{"cmp signed ints", `
  %a = core.constant dense<[-1, 5]> : tensor<2xi8>
  %b = core.constant dense<[1, 5]> : tensor<2xi8>
  %r = core.cmp "ge", %a, %b : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi1>`,
			"dense<[false, true]> : tensor<2xi1>"},
		{"and", `
  %a = core.constant dense<[true, true, false]> : tensor<3xi1>
  %b = core.constant dense<[true, false, false]> : tensor<3xi1>
  %r = core.and %a, %b : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>`,
			"dense<[true, false, false]> : tensor<3xi1>"},
		{"or", `
  %a = core.constant dense<[true, false]> : tensor<2xi1>
  %b = core.constant dense<false> : tensor<2xi1>
  %r = core.or %a, %b : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>`,
			"dense<[true, false]> : tensor<2xi1>"},
		{"xor", `
  %a = core.constant dense<[true, false]> : tensor<2xi1>
  %b = core.constant dense<true> : tensor<2xi1>
  %r = core.xor %a, %b : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>`,
			"dense<[false, true]> : tensor<2xi1>"},
		{"select broadcasts", `
  %c = core.constant dense<[[true], [false]]> : tensor<2x1xi1>
  %a = core.constant dense<[1, 2]> : tensor<2xi32>
  %b = core.constant dense<0> : tensor<2x2xi32>
  %r = core.select %c, %a, %b : (tensor<2x1xi1>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>`,
			"dense<[[1, 2], [0, 0]]> : tensor<2x2xi32>"},
		{"non-constant operand does not fold", `
  %a = core.constant dense<1.0> : tensor<2xf32>
  %x = "x.opaque"() : () -> tensor<2xf32>
  %r = core.add %a, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>`, ""},
		{"dense_resource does not fold", `
  %a = core.constant dense_resource<w> : tensor<2xf32>
  %r = core.add %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, fold(t, c.body)) })
	}
}

func TestFoldUnary(t *testing.T) {
	f32 := func(op, in string) string {
		return "  %a = core.constant dense<" + in + "> : tensor<4xf32>\n  %r = core." + op + " %a : tensor<4xf32>"
	}
	i32 := func(op, in string) string {
		return "  %a = core.constant dense<" + in + "> : tensor<4xi32>\n  %r = core." + op + " %a : tensor<4xi32>"
	}
	cases := []struct{ name, body, want string }{
		{"neg", f32("neg", "[1.0, -2.0, 0.0, 3.5]"), "dense<[-1.000000e+00, 2.000000e+00, -0.000000e+00, -3.500000e+00]> : tensor<4xf32>"},
		{"neg int wraps", i32("neg", "[1, -2, 0, -2147483648]"), "dense<[-1, 2, 0, -2147483648]> : tensor<4xi32>"},
		{"abs", f32("abs", "[1.0, -2.0, -0.0, 3.5]"), "dense<[1.000000e+00, 2.000000e+00, 0.000000e+00, 3.500000e+00]> : tensor<4xf32>"},
		{"abs int", i32("abs", "[1, -2, 0, -2147483648]"), "dense<[1, 2, 0, -2147483648]> : tensor<4xi32>"},
		{"exp", f32("exp", "[0.0, 1.0, -1.0, 2.0]"), "dense<[1.000000e+00, 2.71828175, 0.36787945, 7.3890562]> : tensor<4xf32>"},
		{"log", f32("log", "[1.0, 0.0, -1.0, 2.0]"), "dense<[0.000000e+00, 0xFF800000, 0x7FC00000, 0.693147182]> : tensor<4xf32>"},
		{"sqrt", f32("sqrt", "[4.0, 2.0, -1.0, 0.0]"), "dense<[2.000000e+00, 1.41421354, 0x7FC00000, 0.000000e+00]> : tensor<4xf32>"},
		{"rsqrt", f32("rsqrt", "[4.0, 0.25, 0.0, 1.0]"), "dense<[5.000000e-01, 2.000000e+00, 0x7F800000, 1.000000e+00]> : tensor<4xf32>"},
		{"tanh", f32("tanh", "[0.0, 1.0, -1.0, 20.0]"), "dense<[0.000000e+00, 0.761594176, -0.761594176, 1.000000e+00]> : tensor<4xf32>"},
		{"sigmoid", f32("sigmoid", "[0.0, 1.0, -1.0, 100.0]"), "dense<[5.000000e-01, 0.731058597, 0.268941432, 1.000000e+00]> : tensor<4xf32>"},
		{"erf", f32("erf", "[0.0, 1.0, -1.0, 0.5]"), "dense<[0.000000e+00, 0.842700779, -0.842700779, 0.520499885]> : tensor<4xf32>"},
		{"relu", f32("relu", "[1.0, -2.0, 0x7FC00000, 0.0]"), "dense<[1.000000e+00, 0.000000e+00, 0x7FC00000, 0.000000e+00]> : tensor<4xf32>"},
		{"relu int", i32("relu", "[1, -2, 0, 5]"), "dense<[1, 0, 0, 5]> : tensor<4xi32>"},
		{"floor", f32("floor", "[1.5, -1.5, 2.0, -0.5]"), "dense<[1.000000e+00, -2.000000e+00, 2.000000e+00, -1.000000e+00]> : tensor<4xf32>"},
		{"ceil", f32("ceil", "[1.5, -1.5, 2.0, -0.5]"), "dense<[2.000000e+00, -1.000000e+00, 2.000000e+00, -0.000000e+00]> : tensor<4xf32>"},
		{"round half to even", f32("round", "[0.5, 1.5, 2.5, -2.5]"), "dense<[0.000000e+00, 2.000000e+00, 2.000000e+00, -2.000000e+00]> : tensor<4xf32>"},
		{"sin", f32("sin", "[0.0, 1.0, -1.0, 0.5]"), "dense<[0.000000e+00, 0.841470957, -0.841470957, 0.47942555]> : tensor<4xf32>"},
		{"cos", f32("cos", "[0.0, 1.0, -1.0, 0.5]"), "dense<[1.000000e+00, 0.540302277, 0.540302277, 0.87758255]> : tensor<4xf32>"},
		{"reciprocal", f32("reciprocal", "[2.0, -4.0, 0.0, -0.0]"), "dense<[5.000000e-01, -2.500000e-01, 0x7F800000, 0xFF800000]> : tensor<4xf32>"},
		{"sign", f32("sign", "[2.0, -4.0, -0.0, 0x7FC00000]"), "dense<[1.000000e+00, -1.000000e+00, -0.000000e+00, 0x7FC00000]> : tensor<4xf32>"},
		{"sign int", i32("sign", "[7, -7, 0, 1]"), "dense<[1, -1, 0, 1]> : tensor<4xi32>"},
		{"not", "  %a = core.constant dense<[true, false]> : tensor<2xi1>\n  %r = core.not %a : tensor<2xi1>", "dense<[false, true]> : tensor<2xi1>"},
		{"exp splat", "  %a = core.constant dense<0.0> : tensor<1024x1024xbf16>\n  %r = core.exp %a : tensor<1024x1024xbf16>", "dense<1.000000e+00> : tensor<1024x1024xbf16>"},
		{"clamp", "  %a = core.constant dense<[-1.0, 3.0, 7.0, 0x7FC00000]> : tensor<4xf32>\n  %r = core.clamp %a min 0.0 max 6.0 : tensor<4xf32>",
			"dense<[0.000000e+00, 3.000000e+00, 6.000000e+00, 0x7FC00000]> : tensor<4xf32>"},
		{"clamp min only int", "  %a = core.constant dense<[-1, 3, 700, -300]> : tensor<4xi32>\n  %r = core.clamp %a min -128.0 : tensor<4xi32>",
			"dense<[-1, 3, 700, -128]> : tensor<4xi32>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, fold(t, c.body)) })
	}
}

func TestFoldCast(t *testing.T) {
	cast := func(in, from, to string) string {
		return "  %a = core.constant dense<" + in + "> : tensor<4x" + from + ">\n  %r = core.cast %a : tensor<4x" + from + "> to tensor<4x" + to + ">"
	}
	cases := []struct{ name, body, want string }{
		{"f32 to i8 truncates", cast("[1.9, -1.9, 127.0, -128.0]", "f32", "i8"), "dense<[1, -1, 127, -128]> : tensor<4xi8>"},
		{"f32 to i8 out of range", cast("[1.0, 2.0, 128.0, 0.0]", "f32", "i8"), ""},
		{"NaN to int", cast("[1.0, 2.0, 0x7FC00000, 0.0]", "f32", "i32"), ""},
		{"f32 to f16 rounds", cast("[1.0, 65520.0, 1.0e-8, 0.1]", "f32", "f16"), "dense<[1.000000e+00, 0x7C00, 0.000000e+00, 9.997550e-02]> : tensor<4xf16>"},
		{"f32 to bf16", cast("[1.0, 3.14159274, -2.0, 0.0]", "f32", "bf16"), "dense<[1.000000e+00, 3.140630e+00, -2.000000e+00, 0.000000e+00]> : tensor<4xbf16>"},
		{"f32 to i1", cast("[1.0, 0.0, -0.0, 0x7FC00000]", "f32", "i1"), "dense<[true, false, false, true]> : tensor<4xi1>"},
		{"i1 to f32", cast("[true, false, true, false]", "i1", "f32"), "dense<[1.000000e+00, 0.000000e+00, 1.000000e+00, 0.000000e+00]> : tensor<4xf32>"},
		{"i1 to i8", cast("[true, false, true, false]", "i1", "i8"), "dense<[1, 0, 1, 0]> : tensor<4xi8>"},
		{"i32 to i8 wraps", cast("[1, 255, 256, -129]", "i32", "i8"), "dense<[1, -1, 0, 127]> : tensor<4xi8>"},
		{"i8 to i32 sign-extends", cast("[1, -1, 127, -128]", "i8", "i32"), "dense<[1, -1, 127, -128]> : tensor<4xi32>"},
		{"i32 to f32 rounds to even", cast("[16777217, 1, -3, 0]", "i32", "f32"), "dense<[0x4B800000, 1.000000e+00, -3.000000e+00, 0.000000e+00]> : tensor<4xf32>"},
		{"i32 to i1", cast("[0, 2, -1, 0]", "i32", "i1"), "dense<[false, true, true, false]> : tensor<4xi1>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, fold(t, c.body)) })
	}
}

func TestFoldReduce(t *testing.T) {
	x := "  %a = core.constant dense<[[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]]> : tensor<2x3xf32>\n"
	cases := []struct{ name, body, want string }{
		{"sum rows", x + "  %r = core.reduce_sum %a {axes = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>", "dense<[9.000000e+00, 1.200000e+01]> : tensor<2xf32>"},
		{"sum all keepdims", x + "  %r = core.reduce_sum %a {axes = array<i64: 0, 1>, keepdims = true} : (tensor<2x3xf32>) -> tensor<1x1xf32>", "dense<2.100000e+01> : tensor<1x1xf32>"},
		{"mean cols", x + "  %r = core.reduce_mean %a {axes = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<3xf32>", "dense<[2.500000e+00, 3.500000e+00, 4.500000e+00]> : tensor<3xf32>"},
		{"max", x + "  %r = core.reduce_max %a {axes = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>", "dense<[5.000000e+00, 6.000000e+00]> : tensor<2xf32>"},
		{"min", x + "  %r = core.reduce_min %a {axes = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<3xf32>", "dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>"},
		{"prod", x + "  %r = core.reduce_prod %a {axes = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>", "dense<[1.500000e+01, 4.800000e+01]> : tensor<2xf32>"},
		{"argmax", x + "  %r = core.argmax %a {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2xi64>", "dense<[1, 2]> : tensor<2xi64>"},
		{"argmin keepdims", x + "  %r = core.argmin %a {axis = 0 : i64, keepdims = true} : (tensor<2x3xf32>) -> tensor<1x3xi64>", "dense<[[0, 1, 0]]> : tensor<1x3xi64>"},
		{"argmax ties and NaN", "  %a = core.constant dense<[[2.0, 2.0, 1.0], [1.0, 0x7FC00000, 0x7FC00000]]> : tensor<2x3xf32>\n" +
			"  %r = core.argmax %a {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2xi64>", "dense<[0, 1]> : tensor<2xi64>"},
		{"max NaN", "  %a = core.constant dense<[1.0, 0x7FC00000, 3.0]> : tensor<3xf32>\n" +
			"  %r = core.reduce_max %a {axes = array<i64: 0>} : (tensor<3xf32>) -> tensor<f32>", "dense<0x7FC00000> : tensor<f32>"},
		{"int sum wraps", "  %a = core.constant dense<[100, 100, 100]> : tensor<3xi8>\n" +
			"  %r = core.reduce_sum %a {axes = array<i64: 0>} : (tensor<3xi8>) -> tensor<i8>", "dense<44> : tensor<i8>"},
		{"int prod of splat", "  %a = core.constant dense<3> : tensor<2x4xi32>\n" +
			"  %r = core.reduce_prod %a {axes = array<i64: 1>} : (tensor<2x4xi32>) -> tensor<2xi32>", "dense<81> : tensor<2xi32>"},
		{"argmax int", "  %a = core.constant dense<[-3, 7, 7, 2]> : tensor<4xi16>\n" +
			"  %r = core.argmax %a {axis = 0 : i64} : (tensor<4xi16>) -> tensor<i64>", "dense<1> : tensor<i64>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, fold(t, c.body)) })
	}
}

func TestFoldDataMovement(t *testing.T) {
	x := "  %a = core.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>\n"
	cases := []struct{ name, body, want string }{
		{"reshape", x + "  %r = core.reshape %a : (tensor<2x3xi32>) -> tensor<3x2xi32>", "dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>"},
		{"reshape resource keeps the blob", "  %a = core.constant dense_resource<w> : tensor<2x3xf32>\n" +
			"  %r = core.reshape %a : (tensor<2x3xf32>) -> tensor<6xf32>", "dense_resource<w> : tensor<6xf32>"},
		{"transpose", x + "  %r = core.transpose %a {perm = array<i64: 1, 0>} : (tensor<2x3xi32>) -> tensor<3x2xi32>", "dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>"},
		{"transpose 3-D", "  %a = core.constant dense<[[[0, 1, 2], [3, 4, 5]], [[6, 7, 8], [9, 10, 11]]]> : tensor<2x2x3xi8>\n" +
			"  %r = core.transpose %a {perm = array<i64: 2, 0, 1>} : (tensor<2x2x3xi8>) -> tensor<3x2x2xi8>",
			"dense<[[[0, 3], [6, 9]], [[1, 4], [7, 10]], [[2, 5], [8, 11]]]> : tensor<3x2x2xi8>"},
		{"broadcast_to", "  %a = core.constant dense<[[1], [2]]> : tensor<2x1xi32>\n" +
			"  %r = core.broadcast_to %a : (tensor<2x1xi32>) -> tensor<2x2x3xi32>", "dense<[[[1, 1, 1], [2, 2, 2]], [[1, 1, 1], [2, 2, 2]]]> : tensor<2x2x3xi32>"},
		{"broadcast_to splat", "  %a = core.constant dense<1.0> : tensor<1xf32>\n" +
			"  %r = core.broadcast_to %a : (tensor<1xf32>) -> tensor<512x512xf32>", "dense<1.000000e+00> : tensor<512x512xf32>"},
		{"slice", x + "  %r = core.slice %a {starts = array<i64: 0, 1>, limits = array<i64: 2, 3>} : (tensor<2x3xi32>) -> tensor<2x2xi32>", "dense<[[2, 3], [5, 6]]> : tensor<2x2xi32>"},
		{"slice reversed", x + "  %r = core.slice %a {starts = array<i64: -1, -1>, limits = array<i64: -3, -4>, strides = array<i64: -1, -2>} : (tensor<2x3xi32>) -> tensor<2x2xi32>", "dense<[[6, 4], [3, 1]]> : tensor<2x2xi32>"},
		{"concat axis 1", x + "  %b = core.constant dense<9> : tensor<2x1xi32>\n" +
			"  %r = core.concat %a, %b, %a {axis = 1 : i64} : (tensor<2x3xi32>, tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<2x7xi32>",
			"dense<[[1, 2, 3, 9, 1, 2, 3], [4, 5, 6, 9, 4, 5, 6]]> : tensor<2x7xi32>"},
		{"concat axis 0", x + "  %r = core.concat %a, %a {axis = 0 : i64} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<4x3xi32>",
			"dense<[[1, 2, 3], [4, 5, 6], [1, 2, 3], [4, 5, 6]]> : tensor<4x3xi32>"},
		{"concat splats", "  %a = core.constant dense<0.0> : tensor<2xf32>\n  %b = core.constant dense<0.0> : tensor<3xf32>\n" +
			"  %r = core.concat %a, %b {axis = 0 : i64} : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>", "dense<0.000000e+00> : tensor<5xf32>"},
		{"gather", x + "  %i = core.constant dense<[2, -3, 2]> : tensor<3xi32>\n" +
			"  %r = core.gather %a, %i {axis = 1 : i64} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>", "dense<[[3, 1, 3], [6, 4, 6]]> : tensor<2x3xi32>"},
		{"gather rows 2-D indices", x + "  %i = core.constant dense<[[1], [0]]> : tensor<2x1xi32>\n" +
			"  %r = core.gather %a, %i : (tensor<2x3xi32>, tensor<2x1xi32>) -> tensor<2x1x3xi32>", "dense<[[[4, 5, 6]], [[1, 2, 3]]]> : tensor<2x1x3xi32>"},
		{"gather out of range", x + "  %i = core.constant dense<[3]> : tensor<1xi64>\n" +
			"  %r = core.gather %a, %i {axis = 1 : i64} : (tensor<2x3xi32>, tensor<1xi64>) -> tensor<2x1xi32>", ""},
		{"pad", x + "  %r = core.pad %a {low = array<i64: 1, 0>, high = array<i64: 0, 1>, value = -1 : i32} : (tensor<2x3xi32>) -> tensor<3x4xi32>",
			"dense<[[-1, -1, -1, -1], [1, 2, 3, -1], [4, 5, 6, -1]]> : tensor<3x4xi32>"},
		{"pad default zero", "  %a = core.constant dense<2.0> : tensor<2xf32>\n" +
			"  %r = core.pad %a {low = array<i64: 1>, high = array<i64: 1>} : (tensor<2xf32>) -> tensor<4xf32>", "dense<[0.000000e+00, 2.000000e+00, 2.000000e+00, 0.000000e+00]> : tensor<4xf32>"},
		{"pad splat with its own value", "  %a = core.constant dense<0.0> : tensor<2xf32>\n" +
			"  %r = core.pad %a {low = array<i64: 1>, high = array<i64: 1>} : (tensor<2xf32>) -> tensor<4xf32>", "dense<0.000000e+00> : tensor<4xf32>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, fold(t, c.body)) })
	}
}

// TestFoldSizeLimit: large non-splat results are left to run time.
func TestFoldSizeLimit(t *testing.T) {
	ctx := newContext()
	n := core.MaxFoldElements + 1
	raw := make([]byte, 0, 4*n)
	for i := 0; i < n; i++ {
		raw = ir.EncodeInt(raw, int64(i), 4)
	}
	big := ctx.DenseElementsAttr(ctx.TensorType([]int64{int64(n)}, ctx.I(32), nil), raw)
	require.NotNil(t, big)
	b := ir.NewBuilder(ctx)
	b.CreateBlock(ir.NewRegion(), nil, nil)
	c := core.MaterializeConstant(b, big, big.Type, ir.UnknownLoc{})
	require.NotNil(t, c)
	neg := b.Create(ir.OperationState{Name: "core.neg", Operands: []*ir.Value{c.Result(0)}, ResultTypes: []ir.Type{big.Type}})
	require.NoError(t, ir.Verify(neg))
	assert.Nil(t, ods.DefOf(neg).Fold(neg, []ir.Attribute{big}))
	// A reshape only retypes the data, whatever its size.
	flat := ctx.TensorType([]int64{1, int64(n)}, ctx.I(32), nil)
	rs := b.Create(ir.OperationState{Name: "core.reshape", Operands: []*ir.Value{c.Result(0)}, ResultTypes: []ir.Type{flat}})
	got := ods.DefOf(rs).Fold(rs, []ir.Attribute{big})
	require.Len(t, got, 1)
	assert.Equal(t, ir.Type(flat), got[0].(ir.TypedAttr).AttrType())
}

func TestMaterializeConstant(t *testing.T) {
	ctx := newContext()
	b := ir.NewBuilder(ctx)
	b.CreateBlock(ir.NewRegion(), nil, nil)
	tt := ctx.TensorType([]int64{2}, ctx.F32(), nil)
	v := ctx.DenseElementsAttr(tt, ir.EncodeFloat(nil, ir.F32, 1.5))
	op := core.MaterializeConstant(b, v, tt, ir.UnknownLoc{})
	require.NotNil(t, op)
	assert.Equal(t, "core.constant", op.Name())
	assert.Equal(t, ir.Type(tt), op.Result(0).Type())
	assert.NoError(t, ir.Verify(op))
	assert.Contains(t, asm.String(op, asm.PrintOptions{}), "core.constant dense<1.500000e+00> : tensor<2xf32>")
	assert.Nil(t, core.MaterializeConstant(b, v, ctx.TensorType([]int64{3}, ctx.F32(), nil), ir.UnknownLoc{}), "type mismatch")
	assert.Nil(t, core.MaterializeConstant(b, ctx.FloatAttr(ctx.F32(), 1), ctx.F32(), ir.UnknownLoc{}), "not an elements attribute")
}

// TestFoldMovementOfAnyElementType: data movement folds element types the
// kernels have no dtype for by moving their bit patterns.
func TestFoldMovementOfAnyElementType(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"transpose ui32", "  %a = core.constant dense<[[1, 2, 3], [4, 5, 4000000000]]> : tensor<2x3xui32>\n" +
			"  %r = core.transpose %a {perm = array<i64: 1, 0>} : (tensor<2x3xui32>) -> tensor<3x2xui32>",
			"dense<[[1, 4], [2, 5], [3, 4000000000]]> : tensor<3x2xui32>"},
		{"concat f8", "  %a = core.constant dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>\n" +
			"  %b = core.constant dense<-0.5> : tensor<1xf8E4M3FN>\n" +
			"  %r = core.concat %a, %b {axis = 0 : i64} : (tensor<2xf8E4M3FN>, tensor<1xf8E4M3FN>) -> tensor<3xf8E4M3FN>",
			"dense<[1.000000e+00, 2.000000e+00, -5.000000e-01]> : tensor<3xf8E4M3FN>"},
		{"gather ui64", "  %a = core.constant dense<[7, 18446744073709551615, 9]> : tensor<3xui64>\n" +
			"  %i = core.constant dense<[2, 1]> : tensor<2xi64>\n" +
			"  %r = core.gather %a, %i {axis = 0 : i64} : (tensor<3xui64>, tensor<2xi64>) -> tensor<2xui64>",
			"dense<[9, 18446744073709551615]> : tensor<2xui64>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, fold(t, c.body)) })
	}
}
