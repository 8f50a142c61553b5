package conformance

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/translate/onnx"
)

// The cases under testdata/node are real ONNX backend node tests (made by
// scripts/gen-onnx-node-tests.sh). fakeImport stands in for the importer:
// it parses the hand-written model.mlir next to model.onnx, and reports
// the model's op types as unsupported when there is none.
func fakeImport(ctx *ir.Context, in ImportInput) (*ir.Operation, error) {
	path := in.Path
	src, err := os.ReadFile(filepath.Join(filepath.Dir(path), "model.mlir"))
	if errors.Is(err, os.ErrNotExist) {
		ops, err := ReadOpTypes(path)
		if err != nil {
			return nil, err
		}
		d := ir.Errorf(ir.FileLineColLoc{File: path, Line: 1, Col: 1}, "unsupported ONNX op types: %s", strings.Join(ops, ", "))
		e := &onnx.UnsupportedOpsError{}
		for _, op := range ops {
			e.Ops = append(e.Ops, onnx.UnsupportedOp{OpType: op, Count: 1})
		}
		d.Err = e
		return nil, d
	}
	if err != nil {
		return nil, err
	}
	return asm.Parse(ctx, filepath.Join(filepath.Dir(path), "model.mlir"), src, 1)
}

func testConfig() Config { return Config{Import: fakeImport, Jobs: 2} }

func caseByName(t *testing.T, r *Report, name string) *Case {
	t.Helper()
	for _, c := range r.Cases {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no case %s in the report", name)
	return nil
}

func TestRunNodeCases(t *testing.T) {
	r, err := Run("testdata/node", testConfig())
	require.NoError(t, err)
	require.Len(t, r.Cases, 4)

	relu := caseByName(t, r, "test_relu")
	assert.Equal(t, Passed, relu.Status, relu.Reason())
	assert.Equal(t, []string{"Relu"}, relu.OpTypes)
	assert.Equal(t, "Relu", relu.Key)
	assert.Equal(t, 1, relu.DataSets)
	assert.Zero(t, relu.MaxAbs)

	// model.mlir computes x - y where ONNX wants x + y.
	add := caseByName(t, r, "test_add")
	assert.Equal(t, Failed, add.Status)
	assert.Equal(t, StageCompare, add.Stage)
	require.NotNil(t, add.Mismatch)
	m := add.Mismatch
	assert.Equal(t, 0, m.DataSet)
	assert.Equal(t, 0, m.Output)
	assert.Equal(t, 60, m.Len)
	assert.Equal(t, 60, m.Count, "x-y and x+y differ wherever y != 0")
	assert.Equal(t, []int64{0, 0, 0}, m.Index)
	assert.NotEqual(t, m.Got, m.Want)
	assert.Contains(t, add.Message, "test_data_set_0 output 0: 60 of 60 elements differ; first at [0,0,0]: got ")

	abs := caseByName(t, r, "test_abs")
	assert.Equal(t, Unsupported, abs.Status)
	assert.Contains(t, abs.Message, "unsupported ONNX op types: Abs")

	// A multi-node model counts under MultiNodeKey, with its ops listed.
	sm := caseByName(t, r, "test_softmax_axis_0_expanded")
	assert.Equal(t, Passed, sm.Status, sm.Reason())
	assert.Equal(t, MultiNodeKey, sm.Key)
	assert.Equal(t, []string{"Constant", "ReduceMax", "Sub", "Exp", "ReduceSum", "Div"}, sm.OpTypes)
	assert.Positive(t, sm.MaxAbs, "softmax is not bit-exact against ONNX's numpy reference")

	assert.Equal(t, OpStats{Op: "total", Passed: 2, Failed: 1, Unsupported: 1}, r.Total)
	assert.Equal(t, []OpStats{
		{Op: "Abs", Unsupported: 1},
		{Op: "Add", Failed: 1},
		{Op: "Relu", Passed: 1},
		{Op: MultiNodeKey, Passed: 1},
	}, r.Ops)
	assert.Equal(t, []string{"Relu"}, r.Supported())
	assert.Equal(t, []*Case{add}, r.Failures())
}

func TestRunModelMode(t *testing.T) {
	cfg := testConfig()
	cfg.Mode = ModeModel
	r, err := Run("testdata/node", cfg)
	require.NoError(t, err)
	// In model mode every case is its own key.
	assert.Equal(t, "test_add", caseByName(t, r, "test_add").Key)
	sm := caseByName(t, r, "test_softmax_axis_0_expanded")
	assert.Equal(t, Passed, sm.Status)
	assert.Positive(t, sm.Bound)
	assert.LessOrEqual(t, sm.MaxAbs, sm.Bound)
	add := caseByName(t, r, "test_add")
	require.Equal(t, Failed, add.Status)
	assert.Contains(t, add.Message, "> bound")
}

func TestRunSingleCaseDirAndFilter(t *testing.T) {
	r, err := Run("testdata/node/test_relu", testConfig())
	require.NoError(t, err)
	require.Len(t, r.Cases, 1)
	assert.Equal(t, Passed, r.Cases[0].Status)

	cfg := testConfig()
	cfg.Filter = regexp.MustCompile(`^test_(relu|abs)$`)
	r, err = Run("testdata/node", cfg)
	require.NoError(t, err)
	assert.Equal(t, 2, r.Total.Total())
	assert.True(t, r.Filtered)

	_, err = Run(t.TempDir(), testConfig())
	assert.ErrorContains(t, err, "no test cases")
	_, err = Run("testdata/node", Config{})
	assert.ErrorContains(t, err, "Config.Import is not set")
	_, err = Run("testdata/node", Config{Import: fakeImport, Mode: "fuzzy"})
	assert.ErrorContains(t, err, `unknown mode "fuzzy"`)
}

func TestStagesAreGuarded(t *testing.T) {
	only := regexp.MustCompile(`^test_relu$`)
	run := func(cfg Config) *Case {
		t.Helper()
		cfg.Filter = only
		r, err := Run("testdata/node", cfg)
		require.NoError(t, err)
		require.Len(t, r.Cases, 1)
		return r.Cases[0]
	}

	c := run(Config{Import: fakeImport, Lower: func(*ir.Operation) error {
		var m map[string]int
		m["x"] = 1 // a nil-map panic, as a buggy pattern might
		return nil
	}})
	assert.Equal(t, Failed, c.Status)
	assert.Equal(t, StageLower, c.Stage)
	assert.Contains(t, c.Message, "panic: assignment to entry in nil map")
	assert.Contains(t, c.Message, "runner_test.go", "the panic names where it happened")

	c = run(Config{Import: func(*ir.Context, ImportInput) (*ir.Operation, error) {
		panic(&onnx.UnsupportedError{Feature: "boom"})
	}})
	assert.Equal(t, Failed, c.Status, "a panic is a failure even when its value is an unsupported error")
	assert.Equal(t, StageImport, c.Stage)

	c = run(Config{Import: func(*ir.Context, ImportInput) (*ir.Operation, error) { return nil, nil }})
	assert.Equal(t, "import: the importer returned no module", c.Reason())

	c = run(Config{Import: fakeImport, Lower: func(*ir.Operation) error { return errors.New("no pattern for torch.aten.relu") }})
	assert.Equal(t, "lower: no pattern for torch.aten.relu", c.Reason())

	// The error's type decides, not its text.
	c = run(Config{Import: func(*ir.Context, ImportInput) (*ir.Operation, error) {
		return nil, errors.New("unsupported op Relu: not supported")
	}})
	assert.Equal(t, Failed, c.Status, "an untyped error is a failure whatever it says")
	for _, typed := range []error{
		&onnx.UnsupportedOpsError{Ops: []onnx.UnsupportedOp{{OpType: "Relu", Count: 1}}},
		&onnx.UnsupportedError{Feature: "attribute 'x'"},
		&onnx.NeedsConstantError{Input: "shape"},
	} {
		c = run(Config{Import: func(*ir.Context, ImportInput) (*ir.Operation, error) {
			d := ir.Errorf(ir.UnknownLoc{}, "cannot import")
			d.Err = typed
			return nil, fmt.Errorf("wrapped: %w", d)
		}})
		assert.Equal(t, Unsupported, c.Status, "%T", typed)
		assert.Equal(t, "wrapped: loc(unknown): error: cannot import", c.Message)
	}

	// A lowering that breaks the IR is caught by the verifier.
	c = run(Config{Import: fakeImport, Lower: func(m *ir.Operation) error {
		body := m.Region(0).Blocks()[0].Ops()[0].Region(0).Blocks()[0]
		body.Ops()[len(body.Ops())-1].Erase() // the func.return
		return nil
	}})
	assert.Equal(t, Failed, c.Status)
	assert.Equal(t, StageVerify, c.Stage, c.Reason())

	// A diagnostic keeps its position in the message.
	c = run(Config{Import: func(*ir.Context, ImportInput) (*ir.Operation, error) {
		return nil, ir.Errorf(ir.FileLineColLoc{File: "m.onnx", Line: 1, Col: 7}, "bad tensor")
	}})
	assert.Equal(t, "import: m.onnx:1:7: error: bad tensor", c.Reason())
}

func TestTimeout(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	cfg := Config{Import: fakeImport, Filter: regexp.MustCompile(`^test_relu$`), Timeout: 50 * time.Millisecond,
		Lower: func(*ir.Operation) error { <-release; return nil }}
	start := time.Now()
	r, err := Run("testdata/node", cfg)
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 5*time.Second)
	c := r.Cases[0]
	assert.Equal(t, Failed, c.Status)
	assert.Equal(t, "lower: timed out after 50ms", c.Reason())
	assert.Equal(t, "Relu", c.Key)
}

// An interpreter past its deadline stops at the next op: here a call tree
// of 2^40 relus that would never finish.
func TestTimeoutStopsInterpreter(t *testing.T) {
	var b strings.Builder
	const depth = 40
	for i := range depth {
		fmt.Fprintf(&b, `func.func @f%d(%%x: tensor<3x4x5xf32>) -> tensor<3x4x5xf32> {
  %%a = func.call @f%d(%%x) : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  %%b = func.call @f%d(%%a) : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  return %%b : tensor<3x4x5xf32>
}
`, i, i+1, i+1)
	}
	fmt.Fprintf(&b, "func.func @f%d(%%x: tensor<3x4x5xf32>) -> tensor<3x4x5xf32> {\n  %%0 = torch.aten.relu %%x : tensor<3x4x5xf32>\n  return %%0 : tensor<3x4x5xf32>\n}\n", depth)
	src := []byte(b.String())
	finished := make(chan *Case, 1)
	cfg := Config{
		Filter:   regexp.MustCompile(`^test_relu$`),
		Timeout:  200 * time.Millisecond,
		Entry:    "f0",
		finished: func(c *Case) { finished <- c },
		Import: func(ctx *ir.Context, in ImportInput) (*ir.Operation, error) {
			return asm.Parse(ctx, "tree.mlir", src, 1)
		},
	}
	r, err := Run("testdata/node", cfg)
	require.NoError(t, err)
	assert.Equal(t, "run: timed out after 200ms", r.Cases[0].Reason())
	select {
	case c := <-finished:
		assert.Equal(t, StageRun, c.Stage)
		assert.Contains(t, c.Message, "cancelled")
	case <-time.After(10 * time.Second):
		t.Fatal("the interpreter kept running after the timeout")
	}
}

func TestDataSetErrors(t *testing.T) {
	dir := t.TempDir()
	copyCase := func(name string) string {
		dst := filepath.Join(dir, name)
		require.NoError(t, os.CopyFS(dst, os.DirFS("testdata/node/test_add")))
		return dst
	}
	// input_0 missing while input_1 exists: the numbering has a gap.
	gap := copyCase("test_gap")
	require.NoError(t, os.Remove(filepath.Join(gap, "test_data_set_0", "input_0.pb")))
	// No test_data_set at all.
	none := copyCase("test_none")
	require.NoError(t, os.RemoveAll(filepath.Join(none, "test_data_set_0")))
	// A reference that is not a TensorProto.
	junk := copyCase("test_junk")
	require.NoError(t, os.WriteFile(filepath.Join(junk, "test_data_set_0", "output_0.pb"), []byte{0x0a, 0xff}, 0o644))
	// A second data set whose input has the wrong shape.
	second := copyCase("test_second")
	ds1 := filepath.Join(second, "test_data_set_1")
	require.NoError(t, os.CopyFS(ds1, os.DirFS(filepath.Join(second, "test_data_set_0"))))
	small := tensor.MustValues(tensor.F32, []int64{2}, 1, 2)
	require.NoError(t, tensor.WriteTensorProtoFile(filepath.Join(ds1, "input_1.pb"), small, "y"))
	// model.mlir computes x - y; make it right so data set 0 passes.
	src, err := os.ReadFile(filepath.Join(second, "model.mlir"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(second, "model.mlir"), []byte(strings.ReplaceAll(string(src), "sub.Tensor", "add.Tensor")), 0o644))

	r, err := Run(dir, testConfig())
	require.NoError(t, err)
	c := caseByName(t, r, "test_gap")
	assert.Equal(t, StageLoad, c.Stage)
	assert.Contains(t, c.Message, "input_0.pb: missing or not a regular file")
	c = caseByName(t, r, "test_none")
	assert.Contains(t, c.Message, "has no test_data_set_<n> directory")
	c = caseByName(t, r, "test_junk")
	assert.Equal(t, StageLoad, c.Stage)
	c = caseByName(t, r, "test_second")
	assert.Equal(t, StageRun, c.Stage)
	assert.Contains(t, c.Message, "test_data_set_1: ")
	assert.Equal(t, 1, c.DataSets, "data set 0 ran and passed")
}

func TestNumbered(t *testing.T) {
	for name, want := range map[string]int{"input_0.pb": 0, "input_12.pb": 12} {
		n, ok := numbered(name, "input_", ".pb")
		assert.True(t, ok, name)
		assert.Equal(t, want, n)
	}
	for _, name := range []string{"input_.pb", "input_01.pb", "input_-1.pb", "input_1.npy", "output_1.pb", "input_1x.pb", "input_99999999999.pb"} {
		_, ok := numbered(name, "input_", ".pb")
		assert.False(t, ok, name)
	}
}

// A model with dynamic input dims is imported again with the first data
// set's shapes; a static one is imported once, without shapes.
func TestDynamicInputsPinnedFromData(t *testing.T) {
	only := regexp.MustCompile(`^test_relu$`)
	for _, dynamic := range []bool{false, true} {
		var calls [][][]int64
		imp := func(ctx *ir.Context, in ImportInput) (*ir.Operation, error) {
			path, shapes := in.Path, in.InputShapes
			calls = append(calls, shapes)
			src, err := os.ReadFile(filepath.Join(filepath.Dir(path), "model.mlir"))
			if err != nil {
				return nil, err
			}
			if dynamic && shapes == nil {
				src = []byte(strings.ReplaceAll(string(src), "3x4x5", "?x4x5"))
			}
			return asm.Parse(ctx, "model.mlir", src, 1)
		}
		r, err := Run("testdata/node", Config{Import: imp, Filter: only})
		require.NoError(t, err)
		require.Len(t, r.Cases, 1)
		assert.Equal(t, Passed, r.Cases[0].Status, r.Cases[0].Reason())
		if dynamic {
			assert.Equal(t, [][][]int64{nil, {{3, 4, 5}}}, calls)
		} else {
			assert.Equal(t, [][][]int64{nil}, calls)
		}
	}
}
