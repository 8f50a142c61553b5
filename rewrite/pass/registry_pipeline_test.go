package pass

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
)

func init() {
	Register(&Pass{Name: "test-fn", OpName: "func.func", Run: func(*ir.Operation, Options, *Context) error { return nil }})
	RegisterPipeline("test-pl", "a test pipeline", "Runs test-fn on functions, then test-b.", "builtin.module(func.func(test-fn,test-a{n=7}),test-b)")
	RegisterPipeline("test-pl-list", "an unanchored list", "", "test-a, test-b")
	RegisterPipeline("test-pl-outer", "a pipeline of pipelines", "", "builtin.module(test-pl,test-b)")
	RegisterPipeline("test-pl-self", "names itself", "", "builtin.module(test-b,test-pl-self)")
	RegisterPipeline("test-pl-bad", "names a pass that does not exist", "", "builtin.module(nope)")
}

func TestPipelineNameExpandsInPlace(t *testing.T) {
	pm, err := ParsePipeline("builtin.module(test-a,test-pl,test-b)")
	require.NoError(t, err)
	assert.Equal(t, "builtin.module(test-a{n=1 s=},func.func(test-fn,test-a{n=7 s=}),test-b,test-b)", pm.Text())
	// Nested: a pipeline naming another pipeline.
	pm, err = ParsePipeline("builtin.module(test-pl-outer)")
	require.NoError(t, err)
	assert.Equal(t, "builtin.module(func.func(test-fn,test-a{n=7 s=}),test-b,test-b)", pm.Text())
	// An unanchored list fits any manager.
	pm, err = ParsePipeline("func.func(test-pl-list)")
	require.NoError(t, err)
	assert.Equal(t, "func.func(test-a{n=1 s=},test-b)", pm.Text())
}

func TestPipelineAsPassList(t *testing.T) {
	// mlc-opt's --test-pl flag becomes a pass list on a module manager.
	pm := &OpPassManager{OpName: "builtin.module"}
	require.NoError(t, ParsePassList(pm, "test-pl"))
	assert.Equal(t, "builtin.module(func.func(test-fn,test-a{n=7 s=}),test-b)", pm.Text())
	// On an op-agnostic manager an anchored pipeline nests under its anchor.
	any := &OpPassManager{}
	require.NoError(t, ParsePassList(any, "test-pl"))
	assert.Equal(t, "any(builtin.module(func.func(test-fn,test-a{n=7 s=}),test-b))", any.Text())
	assert.True(t, Known("test-pl"))
	assert.True(t, Known("test-a"))
	assert.False(t, Known("test-nope"))
}

func TestPipelineErrors(t *testing.T) {
	for text, want := range map[string]string{
		"func.func(test-pl)":                 "pass pipeline 'test-pl' runs on 'builtin.module' ops and cannot be scheduled on 'func.func'",
		"builtin.module(test-pl{n=1})":       "pass pipeline 'test-pl' takes no options",
		"builtin.module(test-pl-self)":       "refers to itself (test-pl-self -> test-pl-self)",
		"builtin.module(test-pl-bad)":        "<pipeline>:1:16: error: pass pipeline 'test-pl-bad' (builtin.module(nope)): 'nope' does not refer to a registered pass",
		"builtin.module(test-pl-outer{x=1})": "takes no options",
	} {
		_, err := ParsePipeline(text)
		if assert.Error(t, err, text) {
			assert.Contains(t, err.Error(), want, text)
		}
	}
}

func TestPipelineExpandAndDocs(t *testing.T) {
	pl := LookupPipeline("test-pl")
	require.NotNil(t, pl)
	pm, err := pl.Expand()
	require.NoError(t, err)
	assert.Equal(t, "builtin.module(func.func(test-fn,test-a{n=7 s=}),test-b)", pm.Text())
	_, err = LookupPipeline("test-pl-bad").Expand()
	assert.Error(t, err)
	md := Markdown()
	assert.Contains(t, md, "# Pipelines")
	assert.Contains(t, md, "## `test-pl`\n\nRuns test-fn on functions, then test-b.\n\n```\nbuiltin.module(func.func(test-fn,test-a{n=7}),test-b)\n```\n")
	// A pipeline without a Doc is documented by its summary.
	assert.Contains(t, md, "## `test-pl-list`\n\nan unanchored list\n")
	names := []string{}
	for _, p := range RegisteredPipelines() {
		names = append(names, p.Name)
	}
	assert.True(t, strings.Contains(strings.Join(names, ","), "test-pl,test-pl-bad,test-pl-list"), names)
}

func TestPipelineRunsItsPasses(t *testing.T) {
	var ran []string
	Register(&Pass{Name: "test-record", Run: func(op *ir.Operation, _ Options, _ *Context) error {
		ran = append(ran, op.Name())
		return nil
	}})
	RegisterPipeline("test-pl-record", "", "", "builtin.module(test-record,test-record)")
	pm, err := ParsePipeline("builtin.module(test-pl-record)")
	require.NoError(t, err)
	ctx := ir.NewContext()
	m := ctx.NewOperation(ir.OperationState{Name: "builtin.module", NumRegions: 1})
	require.NoError(t, pm.Run(m, &Config{Out: &discard{}}))
	assert.Equal(t, []string{"builtin.module", "builtin.module"}, ran)
}

func TestPipelineNameClashPanics(t *testing.T) {
	assert.Panics(t, func() { RegisterPipeline("test-a", "", "", "test-b") })
	assert.Panics(t, func() { Register(&Pass{Name: "test-pl"}) })
}

func TestPassListNestsAnchoredPassesImplicitly(t *testing.T) {
	pm := &OpPassManager{OpName: "builtin.module"}
	require.NoError(t, ParsePassList(pm, "test-fn,test-fn,test-b,test-fn"))
	assert.Equal(t, "builtin.module(func.func(test-fn,test-fn),test-b,func.func(test-fn))", pm.Text())
	// A textual pipeline keeps its explicit nesting rules.
	_, err := ParsePipeline("builtin.module(test-fn)")
	assert.ErrorContains(t, err, "pass 'test-fn' runs on 'func.func' ops and cannot be scheduled on 'builtin.module'")
}
