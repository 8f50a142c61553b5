package asm

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
)

// A toy custom form, `toy.add %a, %b {attrs} : T`, attached to the op's
// definition as the dialect framework does.
var toyAdd = &CustomFormat{
	Parse: func(p *OpParser) error {
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
	},
	Print: func(p *Printer, op *ir.Operation) bool {
		if op.NumOperands() != 2 || op.NumResults() != 1 {
			return false
		}
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
		p.PrintAttrDict(op.Attrs())
		p.WriteString(" : ")
		p.PrintType(op.Result(0).Type())
		return true
	},
}

// toyContext registers toy.add with the given format (none when nil).
func toyContext(format *CustomFormat) *ir.Context {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	add := &ir.OpInfo{Name: "toy.add"}
	add.Attach(format)
	ctx.RegisterDialect(&ir.Dialect{Name: "toy"}, add)
	return ctx
}

func TestCustomFormHook(t *testing.T) {
	src := `func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = toy.add %x, %x {tag = 1} : tensor<2xf32> loc("sum")
  %1 = "toy.add"(%0, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}`
	ctx := toyContext(toyAdd)
	m, err := Parse(ctx, "t.mlir", []byte(src), 1)
	require.NoError(t, err)
	require.NoError(t, ir.Verify(m))
	var b bytes.Buffer
	require.NoError(t, Print(&b, m, PrintOptions{DebugInfo: true, LocalScope: true}))
	out := b.String()
	assert.Contains(t, out, `%0 = toy.add %arg0, %arg0 {tag = 1 : i64} : tensor<2xf32> loc("sum")`)
	assert.Contains(t, out, `%1 = toy.add %0, %arg0 : tensor<2xf32>`)

	// Errors inside a custom form are positioned in the file.
	_, err = Parse(ctx, "t.mlir", []byte("%0 = \"x.a\"() : () -> i32\n%1 = toy.add %0 %0 : i32\n"), 1)
	require.Error(t, err)
	assert.Contains(t, err.(*ir.Diagnostic).Loc.String(), `"t.mlir":2:17`)
	assert.Contains(t, err.Error(), "expected ','")
}

// Formats belong to the context that registered the op: another context
// in the same process, with another format or none, is not affected.
func TestCustomFormatsArePerContext(t *testing.T) {
	// A second format for the same op name: `toy.add %a with %b : T`.
	withForm := &CustomFormat{
		Parse: func(p *OpParser) error {
			lhs, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if err := p.ExpectKeyword("with"); err != nil {
				return err
			}
			rhs, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if err := p.ExpectPunct(":"); err != nil {
				return err
			}
			ty, err := p.ParseType()
			if err != nil {
				return err
			}
			a, err := p.ResolveOperand(lhs, ty)
			if err != nil {
				return err
			}
			b, err := p.ResolveOperand(rhs, ty)
			if err != nil {
				return err
			}
			p.State.Operands = []*ir.Value{a, b}
			p.State.ResultTypes = []ir.Type{ty}
			return nil
		},
		Print: func(p *Printer, op *ir.Operation) bool {
			p.WriteString(" ")
			p.PrintOperand(op.Operand(0))
			p.WriteString(" with ")
			p.PrintOperand(op.Operand(1))
			p.WriteString(" : ")
			p.PrintType(op.Result(0).Type())
			return true
		},
	}
	comma, with, none := toyContext(toyAdd), toyContext(withForm), toyContext(nil)
	const generic = "%0 = \"x.a\"() : () -> i32\n%1 = \"toy.add\"(%0, %0) : (i32, i32) -> i32\n"
	print := func(ctx *ir.Context) string {
		m, err := Parse(ctx, "g.mlir", []byte(generic), 1)
		require.NoError(t, err)
		return String(m, PrintOptions{})
	}
	assert.Contains(t, print(comma), "%1 = toy.add %0, %0 : i32")
	assert.Contains(t, print(with), "%1 = toy.add %0 with %0 : i32")
	assert.Contains(t, print(none), `%1 = "toy.add"(%0, %0) : (i32, i32) -> i32`)

	parse := func(ctx *ir.Context, src string) error {
		_, err := Parse(ctx, "c.mlir", []byte("%0 = \"x.a\"() : () -> i32\n"+src+"\n"), 1)
		return err
	}
	require.NoError(t, parse(comma, "%1 = toy.add %0, %0 : i32"))
	require.NoError(t, parse(with, "%1 = toy.add %0 with %0 : i32"))
	err := parse(comma, "%1 = toy.add %0 with %0 : i32")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "expected ','")
	err = parse(with, "%1 = toy.add %0, %0 : i32")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "expected 'with'")
	err = parse(none, "%1 = toy.add %0, %0 : i32")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "custom op 'toy.add' is unknown")
}
