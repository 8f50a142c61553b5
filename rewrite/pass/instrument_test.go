package pass

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// recorder is a custom instrumentation added without touching the runner.
type recorder struct {
	mu     sync.Mutex
	events []string
}

func (r *recorder) add(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, fmt.Sprintf(format, args...))
}

func (r *recorder) RunBeforePipeline(pm *OpPassManager, root *ir.Operation) {
	r.add("before-pipeline %s on %s", pm.Text(), root.Name())
}
func (r *recorder) RunAfterPipeline(_ *OpPassManager, _ *ir.Operation, err error) {
	r.add("after-pipeline err=%v", err != nil)
}
func (r *recorder) RunBeforePass(pr *PassRun) {
	r.add("before %s on %s depth=%d", pr.Pass.Pass.Name, pr.Op.Name(), len(pr.Managers))
}
func (r *recorder) RunAfterPass(pr *PassRun) error {
	r.add("after %s", pr.Pass.Pass.Name)
	return nil
}
func (r *recorder) RunAfterPassFailed(pr *PassRun, err error) {
	var f *Failure
	r.add("failed %s: %v (failure=%t verification=%t)", pr.Pass.Pass.Name, err, errorAs(err, &f), f != nil && f.Verification)
}

func errorAs(err error, f **Failure) bool {
	x, ok := err.(*Failure)
	*f = x
	return ok
}

// module parses src (x.* ops, unregistered) or, with no src, holds two
// functions @a and @b.
func module(t *testing.T, src ...string) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	text := `"x.fn"() ({}) {sym_name = "a"} : () -> ()
"x.fn"() ({}) {sym_name = "b"} : () -> ()`
	if len(src) > 0 {
		text = src[0]
	}
	m, err := asm.Parse(ctx, "test.mlir", []byte(text), 1)
	require.NoError(t, err)
	return m
}

func init() {
	Register(&Pass{Name: "test-ok", Changes: NoEffects, Run: func(*ir.Operation, Options, *Context) error { return nil }})
	Register(&Pass{Name: "test-fail", Changes: NoEffects, Run: func(*ir.Operation, Options, *Context) error { return fmt.Errorf("no") }})
}

func TestCustomInstrumentationSeesEveryCallInOrder(t *testing.T) {
	pm, err := ParsePipeline("builtin.module(test-ok,x.fn(test-ok),test-fail,test-ok)")
	require.NoError(t, err)
	rec := &recorder{}
	pm.AddInstrumentation(rec)
	m := module(t)
	err = pm.Run(m, &Config{Out: &discard{}, DisableThreading: true})
	require.Error(t, err)
	assert.Equal(t, []string{
		"before-pipeline builtin.module(test-ok,x.fn(test-ok),test-fail,test-ok) on builtin.module",
		"before test-ok on builtin.module depth=0",
		"after test-ok",
		"before test-ok on x.fn depth=1",
		"after test-ok",
		"before test-ok on x.fn depth=1",
		"after test-ok",
		"before test-fail on builtin.module depth=0",
		"failed test-fail: no (failure=true verification=false)",
		"after-pipeline err=true",
	}, rec.events)
}

// An instrumentation whose RunAfterPass fails (as verify-each does) fails
// the pass: the instrumentations it brackets have had RunAfterPass, the
// ones around it get RunAfterPassFailed, and the run stops.
type vetoer struct{ BaseInstrumentation }

func (vetoer) RunAfterPass(pr *PassRun) error {
	if pr.Pass.Pass.Name == "test-ok" {
		return fmt.Errorf("vetoed")
	}
	return nil
}

func TestInstrumentationErrorFailsThePass(t *testing.T) {
	pm, err := ParsePipeline("builtin.module(test-ok,test-ok)")
	require.NoError(t, err)
	outer, inner := &recorder{}, &recorder{}
	pm.AddInstrumentation(outer)
	pm.AddInstrumentation(vetoer{})
	pm.AddInstrumentation(inner)
	err = pm.Run(module(t), &Config{Out: &discard{}})
	var f *Failure
	require.ErrorAs(t, err, &f)
	assert.Equal(t, "test-ok", f.Pass)
	assert.EqualError(t, err, "vetoed")
	assert.Equal(t, []string{"before test-ok on builtin.module depth=0", "after test-ok"}, inner.events[1:3])
	assert.Equal(t, []string{"before test-ok on builtin.module depth=0", "failed test-ok: vetoed (failure=true verification=false)", "after-pipeline err=true"}, outer.events[1:])
}

// verify-each is an instrumentation like any other: a custom one added on
// the manager sees the verifier's failure as the pass's.
func TestVerifyEachFailureReachesCustomInstrumentation(t *testing.T) {
	Register(&Pass{Name: "test-breaks", Changes: NoEffects, Run: func(op *ir.Operation, _ Options, _ *Context) error {
		// @b becomes a second @a: the IR no longer verifies.
		b := op.Region(0).Blocks()[0]
		b.Last().SetAttr("sym_name", b.First().Attr("sym_name"))
		return nil
	}})
	pm, err := ParsePipeline("builtin.module(test-breaks)")
	require.NoError(t, err)
	rec := &recorder{}
	pm.AddInstrumentation(rec)
	err = pm.Run(module(t), &Config{Out: &discard{}, VerifyEach: true})
	var f *Failure
	require.ErrorAs(t, err, &f)
	require.True(t, f.Verification, "%v", err)
	assert.True(t, strings.HasPrefix(rec.events[2], "failed test-breaks: "), rec.events)
	assert.Contains(t, rec.events[2], "verification=true")
	// Without verify-each the same pass succeeds.
	rec = &recorder{}
	pm.AddInstrumentation(rec)
	require.NoError(t, pm.Run(module(t), &Config{Out: &discard{}}))
}

// With after-change, after-all prints only the passes that changed the IR;
// module scope prints the whole module and names the op the pass ran on.
func TestPrintAfterChangeAndModuleScope(t *testing.T) {
	Register(&Pass{Name: "test-rename", Changes: NoEffects, Run: func(op *ir.Operation, _ Options, _ *Context) error {
		if ir.SymbolName(op) == "b" {
			op.SetAttr("tag", op.Ctx().StringAttr("x"))
		}
		return nil
	}})
	pm, err := ParsePipeline("builtin.module(test-ok,x.fn(test-rename))")
	require.NoError(t, err)
	var out strings.Builder
	require.NoError(t, pm.Run(module(t), &Config{Out: &out, PrintAfterAll: true, PrintAfterChange: true, DisableThreading: true}))
	assert.Equal(t, 1, strings.Count(out.String(), "IR Dump"), out.String())
	assert.Contains(t, out.String(), "// -----// IR Dump After test-rename (test-rename) //----- //\n\"x.fn\"() ({\n}) {sym_name = \"b\", tag = \"x\"}")

	out.Reset()
	require.NoError(t, pm.Run(module(t), &Config{Out: &out, PrintAfterAll: true, PrintModuleScope: true}))
	assert.Contains(t, out.String(), "// -----// IR Dump After test-rename (test-rename) ('x.fn' operation: @a) //----- //\nmodule {")
	assert.Contains(t, out.String(), "// -----// IR Dump After test-ok (test-ok) ('builtin.module' operation) //----- //\nmodule {")
}
