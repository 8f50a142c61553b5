package reconcilecasts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite/conversion"
	"github.com/mlc-go/mlc/rewrite/pass"
)

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	m, err := asm.Parse(ctx, "test.mlir", []byte(src), 1)
	require.NoError(t, err)
	return m
}

const cast = `"builtin.unrealized_conversion_cast"`

// Every cast still used is reported, in program order, each at its own
// location with a note at its first user; the others fold or go.
func TestEveryLiveCastIsReported(t *testing.T) {
	m := parse(t, `
"x.func"() ({
^bb0(%a: i64):
  %0 = `+cast+`(%a) : (i64) -> i32
  %1 = `+cast+`(%0) : (i32) -> i64
  %2 = `+cast+`(%a) : (i64) -> f32
  %3 = `+cast+`(%a) : (i64) -> f16
  %4 = `+cast+`(%a) : (i64) -> i8
  "x.use"(%1, %2) : (i64, f32) -> ()
  "x.use"(%4) : (i8) -> ()
}) : () -> ()
`)
	erased, live := Reconcile(m)
	assert.Equal(t, 3, erased, "the round trip (2 casts) and the dead cast to f16")
	require.Len(t, live, 2)
	err := LiveCastsError(live)
	var ce *conversion.Error
	require.ErrorAs(t, err, &ce)
	require.Len(t, ce.Diags, 2)
	for i, lines := range [][2]int{{6, 9}, {8, 10}} {
		d := ce.Diags[i]
		assert.Equal(t, "failed to legalize operation 'builtin.unrealized_conversion_cast' that was explicitly marked illegal", d.Message)
		flc, _ := ir.FileLineCol(d.Loc)
		assert.Equal(t, lines[0], flc.Line)
		require.Len(t, d.Notes, 1)
		assert.Equal(t, "see existing live user here: 'x.use'", d.Notes[0].Message)
		flc, _ = ir.FileLineCol(d.Notes[0].Loc)
		assert.Equal(t, lines[1], flc.Line)
	}
	body := m.Region(0).Front().First().Region(0).Front()
	assert.Same(t, body.Arg(0), body.Ops()[2].Operand(0), "the round trip folded to %a")
	assert.NoError(t, LiveCastsError(nil))
}

// The pass fails on live casts unless allow-live-casts is set.
func TestPassOption(t *testing.T) {
	src := `
%0 = "x.def"() : () -> i64
%1 = ` + cast + `(%0) : (i64) -> i32
"x.use"(%1) : (i32) -> ()
`
	p := pass.Lookup("reconcile-unrealized-casts")
	require.NotNil(t, p)
	pc := pass.NewContext(nil)
	err := p.Run(parse(t, src), pass.Options{"allow-live-casts": "false"}, pc)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "test.mlir:3:6: error: failed to legalize operation 'builtin.unrealized_conversion_cast'")
	require.NoError(t, p.Run(parse(t, src), pass.Options{"allow-live-casts": "true"}, pc))
}

// Casts the conversion driver leaves at a boundary disappear once the
// other side is converted too.
func TestReconcilesConversionBoundary(t *testing.T) {
	m := parse(t, `
"x.func"() ({
^bb0(%a: i32):
  %0 = `+cast+`(%a) : (i32) -> i64
  %1 = "y.new"(%0) : (i64) -> i64
  %2 = `+cast+`(%1) : (i64) -> i32
  %3 = `+cast+`(%2) : (i32) -> i64
  %4 = `+cast+`(%3) : (i64) -> i32
  "x.use"(%4) : (i32) -> ()
}) : () -> ()
`)
	_, live := Reconcile(m)
	require.Len(t, live, 2)
	assert.Equal(t, `"x.func"() ({
^bb0(%arg0: i32):
  %0 = "builtin.unrealized_conversion_cast"(%arg0) : (i32) -> i64
  %1 = "y.new"(%0) : (i64) -> i64
  %2 = "builtin.unrealized_conversion_cast"(%1) : (i64) -> i32
  "x.use"(%2) : (i32) -> ()
}) : () -> ()`, asm.String(m.Region(0).Front().First(), asm.PrintOptions{Generic: true}))
}
