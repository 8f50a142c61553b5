package pass

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
)

// countOps is an analysis that records how often it was computed.
var computed = map[string]int{}

var countOps = &Analysis[int]{Name: "count-ops", Compute: func(op *ir.Operation) int {
	computed[ir.SymbolName(op)+op.Name()]++
	n := 0
	ir.Walk(op, func(*ir.Operation) { n++ })
	return n
}}

var seen []string

func init() {
	read := func(op *ir.Operation, _ Options, pc *Context) error {
		seen = append(seen, fmt.Sprintf("%s=%d", op.Name(), countOps.Get(pc, op)))
		return nil
	}
	Register(&Pass{Name: "test-read", Changes: NoEffects, Preserves: []AnalysisID{countOps}, Run: read})
	Register(&Pass{Name: "test-read-invalidate", Changes: NoEffects, Run: read})
	Register(&Pass{Name: "test-target", Changes: NoEffects, Preserves: []AnalysisID{countOps}, Run: func(op *ir.Operation, _ Options, pc *Context) error {
		name := "none"
		if pc.Target() != nil {
			name = pc.Target().TargetName()
		}
		fmt.Fprintf(pc.Out(), "target %s on %s\n", name, pc.Op().Name())
		return nil
	}})
}

func TestAnalysesAreCachedUntilAPassDoesNotPreserveThem(t *testing.T) {
	computed, seen = map[string]int{}, nil
	// test-read preserves the analysis: computed once for the module.
	// test-read-invalidate does not: the next read recomputes it. A pass on
	// a function invalidates its module's analysis too (it holds the
	// function), but not the other function's.
	pm, err := ParsePipeline("builtin.module(test-read,test-read,test-read-invalidate,test-read,x.fn(test-read),x.fn(test-read),test-read)")
	require.NoError(t, err)
	require.NoError(t, pm.Run(module(t), &Config{Out: &discard{}, DisableThreading: true}))
	assert.Equal(t, map[string]int{"builtin.module": 2, "ax.fn": 1, "bx.fn": 1}, computed)
	assert.Equal(t, []string{"builtin.module=3", "builtin.module=3", "builtin.module=3", "builtin.module=3", "x.fn=1", "x.fn=1", "x.fn=1", "x.fn=1", "builtin.module=3"}, seen)

	computed = map[string]int{}
	pm, err = ParsePipeline("builtin.module(test-read,x.fn(test-read-invalidate),test-read)")
	require.NoError(t, err)
	require.NoError(t, pm.Run(module(t), &Config{Out: &discard{}, DisableThreading: true}))
	assert.Equal(t, 2, computed["builtin.module"], "a function pass that does not preserve it invalidates the module's analysis")
	// A new run starts with an empty cache.
	computed = map[string]int{}
	require.NoError(t, pm.Run(module(t), &Config{Out: &discard{}}))
	assert.Equal(t, 2, computed["builtin.module"])
}

type fakeTarget struct{}

func (fakeTarget) TargetName() string { return "fake" }

func TestTargetAndOutComeFromTheConfig(t *testing.T) {
	pm, err := ParsePipeline("builtin.module(test-target)")
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, pm.Run(module(t), &Config{Out: &out, Target: fakeTarget{}}))
	require.NoError(t, pm.Run(module(t), &Config{Out: &out}))
	assert.Equal(t, "target fake on builtin.module\ntarget none on builtin.module\n", out.String())
}

func TestEffects(t *testing.T) {
	assert.False(t, Effects(0).Declared())
	assert.True(t, NoEffects.Declared())
	assert.Equal(t, "none", NoEffects.String())
	e := MayChange(Layout, QuantEncodings)
	assert.True(t, e.Declared())
	assert.True(t, e.Has(Layout))
	assert.False(t, e.Has(Partitioning))
	assert.Equal(t, "quant-encodings, layout", e.String())
}

func TestOrderingConstraints(t *testing.T) {
	Register(&Pass{Name: "test-first", Changes: NoEffects, Before: []string{"test-second"}, Run: func(*ir.Operation, Options, *Context) error { return nil }})
	Register(&Pass{Name: "test-second", Changes: NoEffects, Run: func(*ir.Operation, Options, *Context) error { return nil }})
	Register(&Pass{Name: "test-cleanup", Changes: NoEffects, After: []string{"test-second"}, Run: func(*ir.Operation, Options, *Context) error { return nil }})
	for _, ok := range []string{
		"builtin.module(test-first,test-second,test-cleanup)",
		"builtin.module(test-first,x.fn(test-second),test-cleanup)",
		"builtin.module(test-second)", // a constraint binds only when both passes are there
		"builtin.module(test-cleanup,test-first)",
	} {
		_, err := ParsePipeline(ok)
		assert.NoError(t, err, ok)
	}
	for text, want := range map[string]string{
		"builtin.module(test-second,test-first)":       "<pipeline>:1:28: error: pass 'test-first' must run before 'test-second', which comes earlier in the pipeline",
		"builtin.module(x.fn(test-second),test-first)": "<pipeline>:1:34: error: pass 'test-first' must run before 'test-second', which comes earlier in the pipeline",
		"builtin.module(test-cleanup,test-second)":     "<pipeline>:1:16: error: pass 'test-cleanup' must run after 'test-second', which comes later in the pipeline",
	} {
		_, err := ParsePipeline(text)
		assert.EqualError(t, err, want, text)
	}
	// The flag form and a named pipeline are checked too.
	assert.ErrorContains(t, ParsePassList(&OpPassManager{OpName: "builtin.module"}, "test-second,test-first"), "<pipeline>:1:13: error: pass 'test-first' must run before")
	RegisterPipeline("test-pl-misordered", "", "", "builtin.module(test-second,test-first)")
	_, err := LookupPipeline("test-pl-misordered").Expand()
	assert.ErrorContains(t, err, "pass pipeline 'test-pl-misordered': pass 'test-first' must run before 'test-second'")
	// A pipeline built with AddPass is checked when it runs.
	pm := &OpPassManager{OpName: "builtin.module"}
	require.NoError(t, pm.AddPass("test-second", nil))
	require.NoError(t, pm.AddPass("test-first", nil))
	var oe *OrderError
	assert.ErrorAs(t, pm.Run(module(t), &Config{Out: &discard{}}), &oe)
}
