package asm

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mlirOpt returns the path of mlir-opt-19, or "" when it is not installed.
func mlirOpt() string {
	for _, name := range []string{"mlir-opt-19", "mlir-opt"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// runMLIROpt runs mlir-opt on src with the given flags, returning stdout and
// stderr.
func runMLIROpt(t *testing.T, bin, src string, flags ...string) (string, string, error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args := append([]string{"--allow-unregistered-dialect"}, flags...)
	cmd := exec.Command(bin, append(args, "-")...)
	cmd.Stdin = strings.NewReader(src)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	return stdout.String(), stderr.String(), err
}

func testdataFiles(t testing.TB) []string {
	files, err := filepath.Glob("testdata/syntax/*.mlir")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	return files
}

// TestSyntaxTestdata parses every testdata/syntax/*.mlir file, prints the
// tree back, and checks that (1) printing is a fixpoint of parse∘print and
// (2) when mlir-opt-19 is installed, it accepts the original and the printed
// text and prints the same generic IR for both — so the syntax tree dropped
// nothing MLIR cares about. (mlir-opt reads all files in one run with
// --split-input-file; a difference is then narrowed down per file.)
func TestSyntaxTestdata(t *testing.T) {
	files := testdataFiles(t)
	var origs, printeds []string
	for _, file := range files {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		f, err := parseSyntax(file, src)
		require.NoError(t, err, file)
		printed := printSyntax(f)

		f2, err := parseSyntax("printed.mlir", []byte(printed))
		require.NoError(t, err, "%s: reparsing printed text:\n%s", file, printed)
		assert.Equal(t, printed, printSyntax(f2), "%s: print(parse(print(parse(file)))) != print(parse(file))", file)
		origs = append(origs, string(src))
		printeds = append(printeds, printed)
	}

	bin := mlirOpt()
	if bin == "" {
		// The checks above ran; the oracle half did not, and the result says so.
		t.Skip("mlir-opt-19 not installed: the oracle comparison did not run (make deps installs it)")
	}
	const sep = "\n// -----\n"
	want, _, err1 := runMLIROpt(t, bin, strings.Join(origs, sep), "--split-input-file", "--mlir-print-op-generic")
	got, _, err2 := runMLIROpt(t, bin, strings.Join(printeds, sep), "--split-input-file", "--mlir-print-op-generic")
	if err1 == nil && err2 == nil && want == got {
		return
	}
	for i, file := range files {
		want, stderr, err := runMLIROpt(t, bin, origs[i], "--mlir-print-op-generic")
		require.NoError(t, err, "mlir-opt rejects %s: %s", file, stderr)
		got, stderr, err := runMLIROpt(t, bin, printeds[i], "--mlir-print-op-generic")
		require.NoError(t, err, "mlir-opt rejects the printed tree of %s: %s\n%s", file, stderr, printeds[i])
		assert.Equal(t, want, got, "mlir-opt reads the printed tree of %s differently; printed:\n%s", file, printeds[i])
	}
}

// TestSyntaxLitTests parses the IR lit tests (lit-tests/ir) that are expected
// to be valid input (no expected-error annotations), chunk by chunk.
func TestSyntaxLitTests(t *testing.T) {
	files, _ := filepath.Glob("../../lit-tests/ir/*.mlir")
	require.NotEmpty(t, files, "no lit tests in lit-tests/ir")
	for _, file := range files {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		if bytes.Contains(src, []byte("expected-error")) || bytes.Contains(src, []byte("not mlc-opt")) {
			continue
		}
		for i, chunk := range bytes.Split(src, []byte("// -----")) {
			_, err := parseSyntax(file, chunk)
			assert.NoError(t, err, "%s chunk %d", file, i)
		}
	}
}

// TestGeneratedBenchFile checks that the output of bench/gen-generic parses
// and that mlir-opt accepts it.
func TestGeneratedBenchFile(t *testing.T) {
	src := genericBenchInput(t, 3000)
	f, err := parseSyntax("gen.mlir", src)
	require.NoError(t, err)
	require.Len(t, f.Items, 1)
	mod := f.Items[0].(*astOp).Form.(*astModuleForm)
	fn := mod.Body.Blocks[0].Ops[0].Form.(*astFuncForm)
	assert.Len(t, fn.Body.Blocks[0].Ops, 3000)
	if bin := mlirOpt(); bin != "" {
		_, stderr, err := runMLIROpt(t, bin, string(src))
		require.NoError(t, err, stderr)
	}
}

// genericBenchInput runs bench/gen-generic for n ops (cached per test run).
func genericBenchInput(t testing.TB, n int) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "gen.mlir")
	cmd := exec.Command("go", "run", "../../bench/gen-generic", "-ops", strconv.Itoa(n), "-o", out)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("cannot run bench/gen-generic: %v", err) // in-repo generator: a failure is a bug
	}
	src, err := os.ReadFile(out)
	require.NoError(t, err)
	return src
}
