package ods

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

func TestParseDefault(t *testing.T) {
	for text, want := range map[string]string{
		"array<i64: 1, 1>": "array<i64: 1, 1>",
		"false":            "false",
		"-1":               "-1 : i64",
		"1.0e-05":          "1.000000e-05 : f64",
		`"none"`:           `"none"`,
	} {
		a, err := ParseDefault(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, a.String(), text)
	}
	for _, bad := range []string{"[1, 1", "1e-05", "kernel_size", "", "1} {x = 2"} {
		_, err := ParseDefault(bad)
		assert.Error(t, err, "%q", bad)
	}
}

// A malformed default, or one its own constraint rejects, fails when the
// table is built.
func TestDefaultChecked(t *testing.T) {
	assert.Panics(t, func() { OptionalAttr("stride", I64ArrayAttr, "[1, 1", "") })
	d := &Dialect{Name: "bad", Ops: []*OpDef{{Name: "op", Attrs: []Attr{OptionalAttr("stride", I64ArrayAttr, "[1, 1]", "")}}}}
	assert.PanicsWithValue(t, "dialect bad: op op: attribute stride: default [1, 1] does not satisfy "+I64ArrayAttr.Name, func() { d.Init() })
}

// AttrOrDefault and WithDefaults give the op's attribute, else the table
// default, else nil.
func TestAttrOrDefault(t *testing.T) {
	def := &Dialect{Name: "dft", Ops: []*OpDef{{
		Name: "op",
		Attrs: []Attr{
			OptionalAttr("stride", I64ArrayAttr, "array<i64: 1, 1>", ""),
			{Name: "size", Type: I64Attr, Optional: true, Default: "none"},
		},
		Infer: func(ctx *ir.Context, _ []ir.Type, attrs AttrGetter) ([]ir.Type, error) {
			if attrs("stride") == nil {
				t.Error("Infer saw no stride default")
			}
			return nil, nil
		},
	}}}
	def.Init()
	ctx := ir.NewContext()
	Register(ctx, def)
	top, err := asm.Parse(ctx, "t", []byte(`"dft.op"() : () -> ()`), 1)
	require.NoError(t, err)
	op := top.Region(0).Front().First()
	assert.Equal(t, "array<i64: 1, 1>", AttrOrDefault(op, "stride").String())
	assert.Nil(t, AttrOrDefault(op, "size"))
	assert.Nil(t, AttrOrDefault(op, "other"))
	two := ctx.DenseIntArrayAttr(ctx.I(64), []int64{2, 2})
	op.SetAttr("stride", two)
	assert.Same(t, two, AttrOrDefault(op, "stride"))
	_, _ = def.Ops[0].Infer(ctx, nil, func(string) ir.Attribute { return nil })
}
