package core_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/core"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/rules"
)

// Every rule of canonicalize.rules is attached to its root op and reaches
// the registered op info, named after its line.
func TestCanonicalizationRulesAttached(t *testing.T) {
	require.NotEmpty(t, core.CanonicalizationRules)
	ctx := newContext()
	for _, r := range core.CanonicalizationRules {
		assert.True(t, strings.HasPrefix(r.Name(), core.RulesFile+":"), r.Name())
		def := opDef(strings.TrimPrefix(r.Root(), "core."))
		require.NotNil(t, def, r.Root())
		assert.Contains(t, def.Patterns, ir.Pattern(r), r.String())
		info := ctx.LookupOp(r.Root())
		require.NotNil(t, info)
		assert.Contains(t, info.Patterns, ir.Pattern(r), r.String())
	}
}

// The core op table catches unknown ops, operand counts, attribute names
// and splats on ops that are not constants, each at file.rules:line:col.
func TestRulesCheckedAgainstCoreTable(t *testing.T) {
	src := `// a malformed rules file
(core.addd $x (core.constant splat 0.0)) -> $x
(core.add $x) -> $x
(core.transpose $x prem=$p) -> $x
(core.sub $x (core.neg _ splat 1)) -> $x
(core.neg (core.neg $x) -> $x
(core.conv2d $x $w $b) -> (core.conv2d $x $w $b $b)
(core.concat $a $b $c $d) -> (core.concat $d $c $b $a)
`
	_, err := rules.Compile(core.RuleLookup(core.Dialect), "bad.rules", []byte(src), nil)
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		"bad.rules:2:1: error: unknown op 'core.addd'",
		"bad.rules:3:1: error: 'core.add' takes 2 operands, but 1 given",
		"bad.rules:4:20: error: 'core.transpose' has no attribute 'prem'",
		"bad.rules:5:26: error: 'splat' needs a constant-like op, and 'core.neg' is not",
		"bad.rules:6:25: error: unexpected '->' in '(core.neg ...)'",
		"bad.rules:7:27: error: 'core.conv2d' takes 2 to 3 operands, but 4 given",
	}, "\n"), err.Error())
}
