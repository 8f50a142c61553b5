package pass

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
)

func init() {
	Register(&Pass{Name: "test-a", Options: []Option{{Name: "n", Default: "1"}, {Name: "s", Default: ""}}, Run: func(*ir.Operation, Options, *Context) error { return nil }})
	Register(&Pass{Name: "test-b", Run: func(*ir.Operation, Options, *Context) error { return nil }})
}

func TestParsePipelineRoundTrips(t *testing.T) {
	pm, err := ParsePipeline(" builtin.module( func.func(test-a{n=5 s=\"x y\"}, test-b), test-b )")
	require.NoError(t, err)
	assert.Equal(t, "builtin.module(func.func(test-a{n=5 s=x y},test-b),test-b)", pm.Text())
	require.Len(t, pm.Entries, 2)
	assert.Equal(t, "5", pm.Entries[0].Nested.Entries[0].Pass.Options["n"])
}

func TestParsePipelineErrors(t *testing.T) {
	for text, want := range map[string]string{
		"test-a":                        "expected a pipeline anchored on an op",
		"builtin.module(test-a":         "1:15: error: invalid pass pipeline: encountered unbalanced parentheses",
		"builtin.module(test-a test-b)": "expected ',' or ')'",
		"builtin.module(nope)":          "'nope' does not refer to a registered pass",
		"builtin.module(test-a{x=1})":   "no such option 'x' for pass 'test-a'",
		"builtin.module(test-a{n=1)":    "unterminated options",
		"builtin.module(test-a))":       "1:23: error: invalid pass pipeline: encountered extra closing ')'",
		"builtin.module(test-a) x":      "unexpected trailing text",
	} {
		_, err := ParsePipeline(text)
		if assert.Error(t, err, text) {
			assert.Contains(t, err.Error(), want, text)
		}
	}
}

func TestPanickingPassIsAFailure(t *testing.T) {
	Register(&Pass{Name: "test-panic", Run: func(*ir.Operation, Options, *Context) error { panic("boom") }})
	pm, err := ParsePipeline("builtin.module(test-panic)")
	require.NoError(t, err)
	ctx := ir.NewContext()
	m := ctx.NewOperation(ir.OperationState{Name: "builtin.module", NumRegions: 1})
	err = pm.Run(m, &Config{Out: &discard{}})
	var f *Failure
	require.ErrorAs(t, err, &f)
	assert.Equal(t, "test-panic", f.Pass)
	assert.Contains(t, err.Error(), "pass 'test-panic' crashed: boom")
}

type discard struct{}

func (*discard) Write(p []byte) (int, error) { return len(p), nil }

// Errors quote the list as given: no ')' lost, none added.
func TestParsePassListErrorsQuoteTheText(t *testing.T) {
	for text, want := range map[string]string{
		"test-a)":          "<pipeline>:1:7: error: invalid pass pipeline: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline\ntest-a)\n      ^\n",
		"func.func(test-a": "<pipeline>:1:10: error: invalid pass pipeline: encountered unbalanced parentheses while parsing pipeline\nfunc.func(test-a\n         ^\n",
		"test-a,nope":      "<pipeline>:1:8: error: 'nope' does not refer to a registered pass or pass pipeline\ntest-a,nope\n       ^\n",
		"test-a{n=1":       "<pipeline>:1:11: error: invalid pass pipeline: unterminated options\ntest-a{n=1\n          ^\n",
	} {
		err := ParsePassList(&OpPassManager{OpName: "builtin.module"}, text)
		var pe *PipelineError
		if assert.ErrorAs(t, err, &pe, text) {
			assert.Equal(t, want, pe.Error()+"\n"+pe.Snippet(), text)
		}
	}
	pm := &OpPassManager{OpName: "builtin.module"}
	require.NoError(t, ParsePassList(pm, "test-a, test-b"))
	assert.Equal(t, "builtin.module(test-a{n=1 s=},test-b)", pm.Text())
}
