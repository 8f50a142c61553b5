package asm

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
)

// A toy custom form, `toy.add %a, %b {attrs} : T`, registered through the
// same hooks the dialect framework uses.
func init() {
	RegisterCustomParser("toy.add", func(p *OpParser) error {
		lhs, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ExpectPunct(","); err != nil {
			return err
		}
		rhs, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		if err := p.ExpectPunct(":"); err != nil {
			return err
		}
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		a, err := p.ResolveOperand(lhs, t)
		if err != nil {
			return err
		}
		b, err := p.ResolveOperand(rhs, t)
		if err != nil {
			return err
		}
		p.State.Operands = []*ir.Value{a, b}
		p.State.ResultTypes = []ir.Type{t}
		return nil
	})
	RegisterCustomPrinter("toy.add", func(p *Printer, op *ir.Operation) bool {
		if op.NumOperands() != 2 || op.NumResults() != 1 {
			return false
		}
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
		p.PrintAttrDict(op.Attrs())
		p.WriteString(" : ")
		p.PrintType(op.Result(0).Type())
		return true
	})
}

func TestCustomFormHook(t *testing.T) {
	src := `func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = toy.add %x, %x {tag = 1} : tensor<2xf32> loc("sum")
  %1 = "toy.add"(%0, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}`
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	m, err := Parse(ctx, "t.mlir", []byte(src), 1)
	require.NoError(t, err)
	require.NoError(t, ir.Verify(m))
	var b bytes.Buffer
	require.NoError(t, Print(&b, m, PrintOptions{DebugInfo: true}))
	out := b.String()
	assert.Contains(t, out, `%0 = toy.add %arg0, %arg0 {tag = 1 : i64} : tensor<2xf32> loc("sum")`)
	assert.Contains(t, out, `%1 = toy.add %0, %arg0 : tensor<2xf32>`)

	// Errors inside a custom form are positioned in the file.
	_, err = Parse(ctx, "t.mlir", []byte("%0 = \"x.a\"() : () -> i32\n%1 = toy.add %0 %0 : i32\n"), 1)
	require.Error(t, err)
	assert.Contains(t, err.(*ir.Diagnostic).Loc.String(), `"t.mlir":2:17`)
	assert.Contains(t, err.Error(), "expected ','")
}
