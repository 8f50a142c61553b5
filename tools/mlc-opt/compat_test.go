package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite/optmain"
)

// MLIR's own IR tests that use only builtin, func and quant (chunks of
// mlir/test/IR and mlir/test/Dialect/Quant of LLVM 19, kept out of the
// repository like LLVM's FileCheck tests: `make llvm-tests`, part of make
// deps, fetches them from Debian's source package into build/mlir-tests;
// MLC_MLIR_TESTS names another directory; the test skips without them)
// are run chunk by chunk through mlir-opt-19 and mlc-opt:
//
//   - acceptance: both accept the chunk or both reject it;
//   - diagnostics: on the chunks whose expected-* comments mlir-opt-19
//     itself satisfies, mlc-opt --verify-diagnostics passes too;
//   - text: on the chunks both accept, the generic forms are equal, with
//     and without --mlir-print-debuginfo;
//   - errors: on the chunks both reject, the diagnostics are the same
//     text (with the "see current operation" notes).
//
// Each count must stay at or above the floor below, so a regression in
// any of them fails; raise the floors as mlc-opt gets closer.
var compatFloors = struct{ accept, diags, text, errors int }{accept: 246, diags: 234, text: 21, errors: 212}

type compatResult struct {
	chunks, acceptAgree, oracleValid, diagsAgree, bothAccept, textAgree int
	bothReject, errorsAgree                                             int
	disagree                                                            []string
}

func TestMLIRTestsAgreeWithMLIROpt(t *testing.T) {
	mlirOpt, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		t.Skip("mlir-opt-19 not installed (make deps installs it)")
	}
	dir := os.Getenv("MLC_MLIR_TESTS")
	if dir == "" {
		dir = "../../build/mlir-tests"
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.mlir"))
	if err != nil || len(files) == 0 {
		t.Skipf("no MLIR test chunks in %s (MLC_MLIR_TESTS names another directory)", dir)
	}
	sort.Strings(files)
	dir = t.TempDir()
	var total compatResult
	for _, f := range files {
		r := compareFile(t, mlirOpt, dir, f)
		t.Logf("%s: %d chunks, acceptance %d, diagnostics %d/%d, generic text %d/%d, error text %d/%d",
			filepath.Base(f), r.chunks, r.acceptAgree, r.diagsAgree, r.oracleValid, r.textAgree, r.bothAccept, r.errorsAgree, r.bothReject)
		total.chunks += r.chunks
		total.acceptAgree += r.acceptAgree
		total.oracleValid += r.oracleValid
		total.diagsAgree += r.diagsAgree
		total.bothAccept += r.bothAccept
		total.textAgree += r.textAgree
		total.bothReject += r.bothReject
		total.errorsAgree += r.errorsAgree
		total.disagree = append(total.disagree, r.disagree...)
	}
	t.Logf("total: %d chunks; acceptance agrees on %d; --verify-diagnostics passes on %d of the %d mlir-opt-19 passes; generic text equal on %d of %d accepted by both; error text equal on %d of %d rejected by both",
		total.chunks, total.acceptAgree, total.diagsAgree, total.oracleValid, total.textAgree, total.bothAccept, total.errorsAgree, total.bothReject)
	for _, d := range total.disagree {
		t.Log("  " + d)
	}
	assert.GreaterOrEqual(t, total.acceptAgree, compatFloors.accept, "acceptance agreement fell")
	assert.GreaterOrEqual(t, total.diagsAgree, compatFloors.diags, "diagnostics agreement fell")
	assert.GreaterOrEqual(t, total.textAgree, compatFloors.text, "generic text agreement fell")
	assert.GreaterOrEqual(t, total.errorsAgree, compatFloors.errors, "error text agreement fell")
}

func compareFile(t *testing.T, mlirOpt, dir, file string) compatResult {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var r compatResult
	for i, ch := range asm.SplitInput(src) {
		if len(bytes.TrimSpace(stripComments(ch.Text))) == 0 {
			continue // the empty chunk before a leading '// -----'
		}
		r.chunks++
		where := fmt.Sprintf("%s:%d", filepath.Base(file), ch.FirstLine)
		path := filepath.Join(dir, fmt.Sprintf("%s.%d.mlir", filepath.Base(file), i))
		// Blank lines keep the chunk's line numbers those of the file.
		text := append(bytes.Repeat([]byte("\n"), ch.FirstLine-1), ch.Text...)
		if err := os.WriteFile(path, text, 0o644); err != nil {
			t.Fatal(err)
		}
		mOut, mErr, mOK := runMLIROpt(mlirOpt, path, "--mlir-print-op-generic")
		cOut, cErr, cOK := runMLCOpt(path, false, false)
		if mOK == cOK {
			r.acceptAgree++
		} else {
			r.disagree = append(r.disagree, fmt.Sprintf("%s: mlir-opt-19 accepts: %t, mlc-opt accepts: %t", where, mOK, cOK))
		}
		if mOK && cOK {
			r.bothAccept++
			mDbg, _, _ := runMLIROpt(mlirOpt, path, "--mlir-print-op-generic", "--mlir-print-debuginfo")
			cDbg, _, _ := runMLCOpt(path, false, true)
			if mOut == cOut && mDbg == cDbg {
				r.textAgree++
			} else {
				r.disagree = append(r.disagree, where+": generic forms differ")
			}
		}
		if !mOK && !cOK {
			r.bothReject++
			if mErr == cErr {
				r.errorsAgree++
			} else {
				r.disagree = append(r.disagree, fmt.Sprintf("%s: error text differs: mlir-opt-19: %q, mlc-opt: %q", where, mErr, cErr))
			}
		}
		if _, _, ok := runMLIROpt(mlirOpt, path, "--verify-diagnostics"); ok {
			r.oracleValid++
			if _, diag, ok := runMLCOpt(path, true, false); ok {
				r.diagsAgree++
			} else {
				r.disagree = append(r.disagree, fmt.Sprintf("%s: diagnostics differ: %s", where, firstLine(diag)))
			}
		}
	}
	return r
}

func runMLIROpt(mlirOpt, path string, flags ...string) (string, string, bool) {
	cmd := exec.Command(mlirOpt, append(append([]string{"--allow-unregistered-dialect"}, flags...), path)...)
	var out, errOut bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &errOut
	err := cmd.Run()
	return out.String(), errOut.String(), err == nil
}

// runMLCOpt runs mlc-opt in process and returns the generic output (with
// locations when debugInfo) and the diagnostics (with verify, the
// problems --verify-diagnostics reports).
func runMLCOpt(path string, verify, debugInfo bool) (string, string, bool) {
	var stdout, stderr bytes.Buffer
	opts := optmain.Options{
		Input:             path,
		AllowUnregistered: true,
		VerifyDiagnostics: verify,
		Print:             asm.PrintOptions{Generic: true, DebugInfo: debugInfo},
		Register:          registerAll,
	}
	code := optmain.Run(opts, nil, &stdout, &stderr)
	return stdout.String(), stderr.String(), code == 0
}

func stripComments(src []byte) []byte {
	var out []byte
	for _, line := range bytes.Split(src, []byte("\n")) {
		if !bytes.HasPrefix(bytes.TrimSpace(line), []byte("//")) {
			out = append(out, line...)
			out = append(out, '\n')
		}
	}
	return out
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
