package ods

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

var f32Tensor = TensorOf(F32E)

// toy is a small dialect exercising every format directive.
var toy = (&Dialect{
	Name:    "toy",
	Summary: "A test dialect.",
	Ops: []*OpDef{
		{
			Name: "add", Summary: "Adds",
			Operands: []Operand{{Name: "lhs", Type: f32Tensor}, {Name: "rhs", Type: f32Tensor}},
			Results:  []Result{{Name: "out", Type: f32Tensor}},
			Traits:   ir.Pure | ir.SameOperandsAndResultShape | ir.SameOperandsAndResultElementType,
			Format:   "$lhs `,` $rhs attr-dict `:` type($out)",
		},
		{
			Name: "concat", Summary: "Joins",
			Operands: []Operand{{Name: "inputs", Type: AnyTensor, Arity: Variadic}},
			Results:  []Result{{Name: "out", Type: AnyTensor}},
			Attrs:    []Attr{{Name: "axis", Type: I64Attr}},
			Format:   "$inputs `axis` `=` $axis attr-dict `:` functional-type(operands, results)",
		},
		{
			Name: "const", Summary: "A constant",
			Results: []Result{{Name: "out", Type: AnyTensor}},
			Attrs:   []Attr{{Name: "value", Type: ElementsAttr}},
			Format:  "$value attr-dict",
			Infer: func(ctx *ir.Context, _ []ir.Type, attrs AttrGetter) ([]ir.Type, error) {
				if ta, ok := attrs("value").(ir.TypedAttr); ok {
					return []ir.Type{ta.AttrType()}, nil
				}
				return nil, fmt.Errorf("value must be a typed elements attribute")
			},
		},
		{
			Name: "neg", Summary: "Negates, with an optional bias",
			Operands: []Operand{{Name: "x", Type: f32Tensor}, {Name: "bias", Type: f32Tensor, Arity: Optional}},
			Results:  []Result{{Name: "out", Type: f32Tensor}},
			Attrs:    []Attr{{Name: "mode", Type: EnumAttr("fast", "exact"), Optional: true}},
			Traits:   ir.SameOperandsAndResultShape | ir.SameOperandsAndResultElementType,
			Format:   "$x (`bias` $bias^)? (`mode` $mode^)? attr-dict `:` type($x) `->` type($out)",
		},
		{
			Name: "region", Summary: "Holds a region",
			Regions: []Region{{Name: "body"}},
			Format:  "attr-dict-with-keyword $body",
		},
	},
}).Init()

func parsePrint(t *testing.T, src string, opts asm.PrintOptions) (string, error) {
	t.Helper()
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	Register(ctx, toy)
	m, err := asm.Parse(ctx, "t.mlir", []byte(src), 1)
	if err != nil {
		return "", err
	}
	if err := ir.Verify(m); err != nil {
		return "", err
	}
	var b bytes.Buffer
	require.NoError(t, asm.Print(&b, m, opts))
	return b.String(), nil
}

func TestFormatRoundTrip(t *testing.T) {
	src := `func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<4xf32> {
  %0 = toy.add %a, %b {tag} : tensor<2xf32>
  %1 = toy.concat %0, %b axis = 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  %2 = toy.const dense<1.000000e+00> : tensor<2xf32>
  %3 = toy.neg %0 : tensor<2xf32> -> tensor<2xf32>
  %4 = toy.neg %0 bias %2 mode "fast" : tensor<2xf32> -> tensor<2xf32>
  toy.region attributes {k = 1 : i64} {
    "x.inner"() : () -> ()
  }
  func.return %1 : tensor<4xf32>
}`
	out, err := parsePrint(t, src, asm.PrintOptions{})
	require.NoError(t, err)
	for _, want := range []string{
		"%0 = toy.add %arg0, %arg1 {tag} : tensor<2xf32>",
		"%1 = toy.concat %0, %arg1 axis = 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>",
		"%2 = toy.const dense<1.000000e+00> : tensor<2xf32>",
		"%3 = toy.neg %0 : tensor<2xf32> -> tensor<2xf32>",
		"%4 = toy.neg %0 bias %2 mode \"fast\" : tensor<2xf32> -> tensor<2xf32>",
		"toy.region attributes {k = 1 : i64} {",
	} {
		assert.Contains(t, out, want)
	}
	again, err := parsePrint(t, out, asm.PrintOptions{})
	require.NoError(t, err)
	assert.Equal(t, out, again, "custom form is a fixed point")

	generic, err := parsePrint(t, src, asm.PrintOptions{Generic: true})
	require.NoError(t, err)
	assert.Contains(t, generic, `"toy.concat"(%0, %arg1) <{axis = 0 : i64}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>`)
	back, err := parsePrint(t, generic, asm.PrintOptions{})
	require.NoError(t, err)
	assert.Equal(t, out, back, "generic form reads back to the same custom print")
}

func TestGeneratedVerifier(t *testing.T) {
	cases := map[string]string{
		`%0 = "toy.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>`:                    "requires the same shape for all operands and results",
		`%0 = "toy.add"(%a) : (tensor<2xf32>) -> tensor<2xf32>`:                                       "expected 2 operands, but found 1",
		`%0 = "toy.add"(%i, %i) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>`:                    "operand #0 must be tensor of f32 values, but got 'tensor<2xi32>'",
		`%0 = "toy.concat"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>`:                 "requires attribute 'axis'",
		`%0 = "toy.concat"(%a) <{axis = 1 : i32}> : (tensor<2xf32>) -> tensor<2xf32>`:                 "attribute 'axis' failed to satisfy constraint: 64-bit integer attribute",
		`%0 = "toy.const"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<3xf32>`:             "inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'",
		`%0 = "toy.neg"(%a) <{mode = "slow"}> : (tensor<2xf32>) -> tensor<2xf32>`:                     `attribute 'mode' failed to satisfy constraint: one of "fast", "exact"`,
		`%0 = "toy.neg"(%a, %a, %a) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>`: "expected 1 or 2 operands, but found 3",
		`"toy.region"() : () -> ()`: "requires 1 region",
	}
	for body, want := range cases {
		src := "func.func @f(%a: tensor<2xf32>, %i: tensor<2xi32>) {\n  " + body + "\n  func.return\n}"
		_, err := parsePrint(t, src, asm.PrintOptions{})
		if assert.Error(t, err, body) {
			assert.Contains(t, err.Error(), want, body)
			d := err.(*ir.Diagnostic)
			assert.Contains(t, d.Loc.String(), `"t.mlir":2:`, "error is positioned at the op")
		}
	}
}

func TestCustomFormErrorsArePositioned(t *testing.T) {
	_, err := parsePrint(t, "func.func @f(%a: tensor<2xf32>) {\n  %0 = toy.add %a %a : tensor<2xf32>\n  func.return\n}", asm.PrintOptions{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "expected ','")
	assert.Contains(t, err.(*ir.Diagnostic).Loc.String(), `"t.mlir":2:19`)
}

func TestMalformedFormatsPanicAtInit(t *testing.T) {
	bad := []string{"$nope", "`unterminated", "($x)?", "type($x", "functional-type($x, $y)"}
	for _, f := range bad {
		d := &Dialect{Name: "bad", Ops: []*OpDef{{Name: "op", Operands: []Operand{{Name: "x", Type: AnyType}}, Format: f}}}
		assert.Panics(t, func() { d.Init() }, f)
	}
}

func TestMarkdown(t *testing.T) {
	md := Markdown(toy)
	assert.True(t, strings.HasPrefix(md, DocHeader))
	assert.Contains(t, md, "### `toy.concat`")
	assert.Contains(t, md, "| `inputs` (variadic) | tensor of any values |")
	assert.Contains(t, md, "| `axis` | 64-bit integer attribute |")
	assert.Contains(t, md, "Result types are inferred")
}

func TestInferenceErrorAtParseIsPositionedAtTheOp(t *testing.T) {
	_, err := parsePrint(t, "func.func @f() {\n  %0 = toy.const \"s\"\n  func.return\n}", asm.PrintOptions{})
	require.Error(t, err)
	assert.Contains(t, err.(*ir.Diagnostic).Loc.String(), `"t.mlir":2:3`)
}
