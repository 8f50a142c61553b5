package qnnser_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	qnnser "github.com/mlc-go/mlc/translate/qnn"
)

func newContext() *ir.Context {
	ctx := ir.NewContext()
	all.Register(ctx)
	return ctx
}

// parse reads a module from text and verifies it.
func parse(t testing.TB, ctx *ir.Context, name string, src []byte) *ir.Operation {
	t.Helper()
	m, err := asm.ParseFile(ctx, name, src)
	require.NoError(t, err)
	require.NoError(t, ir.Verify(m))
	return m
}

// printed is op's text without aliases or locations.
func printed(t testing.TB, op *ir.Operation) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, asm.Print(&b, op, asm.PrintOptions{LocalScope: true}))
	return b.String()
}

// roundTrip serializes fn into dir, imports the JSON back and returns
// the imported function.
func roundTrip(t testing.TB, fn *ir.Operation, dir, model string) *ir.Operation {
	t.Helper()
	files, err := qnnser.WriteBundle(dir, fn, qnnser.Options{ModelName: model})
	require.NoError(t, err)
	require.Equal(t, qnnser.Files(model), files)
	m, err := qnnser.ImportNetJSON(newContext(), filepath.Join(dir, model+"_net.json"))
	require.NoError(t, err)
	got, err := qnnser.FindFunc(m, "")
	require.NoError(t, err)
	return got
}

// fixtureDir holds lowered qnn-htp-v73 models (bench/qnn-fixtures.sh).
func fixtureDir() string {
	if d := os.Getenv("MLC_QNN_FIXTURES"); d != "" {
		return d
	}
	return "../../build/qnn-fixtures"
}

func TestRoundTripExportedModels(t *testing.T) {
	for _, name := range []string{"resnet18", "mobilenet_v2", "efficientnet_b0", "transformer_encoder"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(fixtureDir(), name+".qnn.mlir")
			src, err := os.ReadFile(path)
			if err != nil {
				t.Skipf("fixture %s absent (make it with bash bench/qnn-fixtures.sh): %v", path, err)
			}
			ctx := newContext()
			m := parse(t, ctx, path, src)
			fn, err := qnnser.FindFunc(m, "")
			require.NoError(t, err)
			dir := t.TempDir()
			got := roundTrip(t, fn, dir, "model")
			require.Equal(t, printed(t, fn), printed(t, got))
			checkWithScript(t, filepath.Join(dir, "model_net.json"))
		})
	}
}

func TestRoundTripOps(t *testing.T) {
	src, err := os.ReadFile("testdata/ops.mlir")
	require.NoError(t, err)
	ctx := newContext()
	m := parse(t, ctx, "testdata/ops.mlir", src)
	seen := map[string]bool{}
	for _, fn := range m.Region(0).Block(0).Ops() {
		name := ir.SymbolName(fn)
		ir.Walk(fn, func(op *ir.Operation) { seen[op.Name()] = true })
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			got := roundTrip(t, fn, dir, name)
			require.Equal(t, printed(t, fn), printed(t, got))
			checkWithScript(t, filepath.Join(dir, name+"_net.json"))
		})
	}
	for _, op := range qnnser.SupportedOps() {
		require.True(t, seen[op], "testdata/ops.mlir has no %s", op)
	}
}

// TestDeterministic: two serializations of the same IR, parsed twice,
// are byte-identical.
func TestDeterministic(t *testing.T) {
	src, err := os.ReadFile("testdata/ops.mlir")
	require.NoError(t, err)
	var first *qnnser.Bundle
	for i := 0; i < 2; i++ {
		m := parse(t, newContext(), "testdata/ops.mlir", src)
		fn, err := qnnser.FindFunc(m, "conv")
		require.NoError(t, err)
		b, err := qnnser.Serialize(fn, qnnser.Options{})
		require.NoError(t, err)
		if first == nil {
			first = b
			continue
		}
		require.Equal(t, first, b)
	}
}
