package asm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
)

// ttContext registers dialect "tt" whose one type, vec<dims x elem, n>,
// reads as a tensor of the dims and elem (n is checked, not kept).
func ttContext() *ir.Context {
	ctx := ir.NewContext()
	d := &ir.Dialect{Name: "tt"}
	d.Attach(&TypeSyntax{Parse: func(p *TypeParser) (ir.Type, error) {
		if ok, err := p.OptionalKeyword("vec"); err != nil || !ok {
			if err == nil {
				err = p.ErrorAt(p.StartPos(), "unknown tt type")
			}
			return nil, err
		}
		if err := p.ParseLess(); err != nil {
			return nil, err
		}
		dims, err := p.ParseDimensionList()
		if err != nil {
			return nil, err
		}
		elem, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		if err := p.ParseComma(); err != nil {
			return nil, err
		}
		at := p.CurrentPos()
		n, err := p.ParseInteger(8)
		if err != nil {
			return nil, err
		}
		if n < 0 {
			return nil, p.ErrorAt(at, "negative count %d", n)
		}
		if err := p.ParseGreater(); err != nil {
			return nil, err
		}
		return p.Ctx().TensorType(dims, elem, nil), nil
	}})
	ctx.RegisterDialect(d)
	return ctx
}

func TestTypeParserCursor(t *testing.T) {
	ctx := ttContext()
	for text, want := range map[string]string{
		"!tt.vec<2x3xf32, 7>":            "tensor<2x3xf32>",
		"!tt.vec<f32, 0>":                "tensor<f32>",
		"!tt.vec<0x4xi8, 1>":             "tensor<0x4xi8>",
		"!tt.vec<2 x 3 x f32, -1>":       "", // error, below
		"!tt<vec<5xindex, 2>>":           "tensor<5xindex>",
		"tuple<!tt.vec<4xf16, 1>>":       "tuple<tensor<4xf16>>",
		"!tt.vec<4x // comment\n i1, 5>": "tensor<4xi1>",
	} {
		ty, err := ParseType(ctx, text)
		if want == "" {
			continue
		}
		if assert.NoError(t, err, text) {
			assert.Equal(t, want, ty.String(), text)
		}
	}
	// Errors point at the token (or, for a missing one, after the token
	// before it): column of at in the text.
	for text, want := range map[string]struct{ msg, loc string }{
		"!tt.vec<2 x 3 x f32, -1>": {"negative count -1", `"type":1:22`},
		"!tt.vec<2x3xf32 7>":       {"expected ','", `"type":1:16`},
		"!tt.vec<2x3xf32, 300>":    {"integer value too large", `"type":1:18`},
		"!tt.vec<2x3, 1>":          {"expected 'x' in dimension list", `"type":1:12`},
		"!tt.vec<2x3xbogus, 1>":    {"expected non-function type", `"type":1:13`},
		"!tt.mat<2xf32, 1>":        {"unknown tt type", `"type":1:5`},
		"!tt<mat<2xf32, 1>>":       {"unknown tt type", `"type":1:5`},
		"!tt.vec<2xf32,\n  x 1>":   {"expected integer value", `"type":2:3`},
		"!tt.vec<2xf32, % 1>":      {"invalid SSA name", `"type":1:16`},
		// A missing token is reported just after the one before it, as MLIR's parseToken.
		"tensor<!tt.vec<2xf32, 1 2>>": {"expected '>'", `"type":1:24`},
	} {
		_, err := ParseType(ctx, text)
		var d *ir.Diagnostic
		if assert.ErrorAs(t, err, &d, text) {
			assert.Equal(t, want.msg, d.Message, text)
			assert.Equal(t, want.loc, d.Loc.String(), text)
		}
	}
	// Another context without the syntax keeps the type opaque.
	other := ir.NewContext()
	other.AllowUnregistered = true
	ty, err := ParseType(other, "!tt.vec<2xf32, 1>")
	require.NoError(t, err)
	assert.IsType(t, &ir.OpaqueType{}, ty)
}
