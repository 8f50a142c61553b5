package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLLVMFileCheckSuite runs LLVM's own FileCheck tests (llvm/test/FileCheck)
// under LLVM's lit twice, once with FileCheck-19 and once with filecheck
// installed as FileCheck, and requires every test that passes with
// FileCheck-19 to pass with filecheck too.
//
// The tests are not in this repository (they are LLVM's): `make
// llvm-tests` (part of make deps, so of make test and CI) fetches
// llvm/test/FileCheck from Debian's LLVM 19 source package into
// build/llvm-filecheck-tests; $LLVM_FILECHECK_TESTS names another copy.
// Without them, or without lit, python3 or FileCheck-19, it is skipped.
func TestLLVMFileCheckSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	src := os.Getenv("LLVM_FILECHECK_TESTS")
	if src == "" {
		src = filepath.Join("..", "..", "build", "llvm-filecheck-tests")
	}
	const (
		litPy   = "/usr/lib/llvm-19/build/utils/lit/lit.py"
		python  = "/usr/bin/python3"
		llvmBin = "/usr/lib/llvm-19/bin"
	)
	for _, p := range []string{src, litPy, python, filepath.Join(llvmBin, "FileCheck")} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("needs %s: %v", p, err)
		}
	}

	// A copy of the suite with our lit config (LLVM's own lit.cfg.py
	// belongs to the whole llvm/test tree and needs a build of LLVM).
	work := t.TempDir()
	suite := filepath.Join(work, "FileCheck")
	copyTree(t, src, suite)
	writeFile(t, filepath.Join(suite, "lit.cfg.py"), suiteConfig)
	writeFile(t, filepath.Join(work, "reveal-ansi-escapes.py"), revealANSI)

	// Two tool directories that differ only in what FileCheck is.
	tools := func(name, fileCheck string) string {
		dir := filepath.Join(work, name)
		require.NoError(t, os.MkdirAll(dir, 0o755))
		require.NoError(t, os.Symlink(fileCheck, filepath.Join(dir, "FileCheck")))
		for _, tool := range []string{"not", "count", "split-file"} {
			if _, err := os.Stat(filepath.Join(llvmBin, tool)); err == nil {
				require.NoError(t, os.Symlink(filepath.Join(llvmBin, tool), filepath.Join(dir, tool)))
			}
		}
		return dir
	}
	ours := filepath.Join(work, "build", "filecheck")
	build := exec.Command(goTool(), "build", "-o", ours, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	llvmTools := tools("llvm", filepath.Join(llvmBin, "FileCheck"))
	ourTools := tools("ours", ours)

	runLit := func(toolDir string) (map[string]string, string) {
		results := filepath.Join(work, filepath.Base(toolDir)+".json")
		cmd := exec.Command(python, litPy, "-v", "-j", "2", "-o", results,
			"--param", "tools="+toolDir,
			"--param", "exec_root="+filepath.Join(work, "exec-"+filepath.Base(toolDir)),
			"--param", "reveal="+python+" "+filepath.Join(work, "reveal-ansi-escapes.py"),
			suite)
		cmd.Env = append(os.Environ(), "FILECHECK_OPTS=")
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
			err = nil // some tests failed
		}
		require.NoError(t, err, "lit: %s", out)
		data, err := os.ReadFile(results)
		require.NoError(t, err)
		var r struct{ Tests []struct{ Name, Code string } }
		require.NoError(t, json.Unmarshal(data, &r))
		m := map[string]string{}
		for _, tc := range r.Tests {
			m[tc.Name] = tc.Code
		}
		return m, string(out)
	}
	want, _ := runLit(llvmTools)
	got, gotOut := runLit(ourTools)

	var names []string
	for n := range want {
		names = append(names, n)
	}
	sort.Strings(names)
	passed, agreed := 0, 0
	var failures, skipped, counted []string
	for _, n := range names {
		// XFAIL is a pass too: the test expects FileCheck to fail.
		if want[n] != "PASS" && want[n] != "XFAIL" {
			skipped = append(skipped, n+" ("+want[n]+" with FileCheck-19)")
			continue
		}
		passed++
		counted = append(counted, n+" ("+want[n]+")")
		if got[n] == want[n] {
			agreed++
		} else {
			failures = append(failures, n+": "+got[n])
		}
	}
	t.Logf("LLVM FileCheck suite: %d tests, %d pass with FileCheck-19, %d of those pass with filecheck", len(names), passed, agreed)
	t.Logf("counted:\n  %s", strings.Join(counted, "\n  "))
	if len(skipped) > 0 {
		t.Logf("not counted (FileCheck-19 does not pass them):\n  %s", strings.Join(skipped, "\n  "))
	}
	require.NotZero(t, passed, "no test passed with FileCheck-19: is the suite copy complete?")
	if len(failures) > 0 {
		t.Errorf("tests that pass with FileCheck-19 but not with filecheck:\n  %s\nlit output with filecheck:\n%s",
			strings.Join(failures, "\n  "), gotOut)
	}
}

// suiteConfig is the lit configuration the copy of LLVM's suite runs
// under: lit's internal shell, as llvm/test/FileCheck/lit.local.cfg sets,
// the substitutions its tests use, and the tools from --param tools.
const suiteConfig = `import os
import lit.formats

config.name = "FileCheck"
config.test_format = lit.formats.ShTest()
config.suffixes = [".txt"]
config.excludes = ["Inputs", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = lit_config.params["exec_root"]
config.environment["PATH"] = os.pathsep.join([lit_config.params["tools"], config.environment.get("PATH", "")])
config.substitutions.append(("%ProtectFileCheckOutput", "env -u FILECHECK_OPTS"))
config.substitutions.append(("%{reveal-ansi-escapes}", lit_config.params["reveal"]))
config.available_features.add("ansi-escapes")
`

// revealANSI turns the ANSI colour sequences of raw_ostream into
// readable tags (<bold>, <reset>, <bold-red>, <bg-bold-cyan>, ...).
const revealANSI = `import re, sys
names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
def tag(m):
    codes = m.group(1)
    if codes == "0":
        return "<reset>"
    if codes == "1":
        return "<bold>"
    mm = re.fullmatch(r"0;1;(\d)(\d)", codes)
    if mm:
        kind, c = mm.group(1), names[int(mm.group(2))]
        if kind == "3":
            return "<bold-%s>" % c
        if kind == "9":
            return "<bold-bright-%s>" % c
        if kind == "4":
            return "<bg-bold-%s>" % c
    return m.group(0)
data = sys.stdin.buffer.read().decode("latin-1")
sys.stdout.buffer.write(re.sub(r"\x1b\[([0-9;]*)m", tag, data).encode("latin-1"))
`

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.Walk(from, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		if fi.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	require.NoError(t, err)
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
}

func goTool() string {
	p := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(p); err == nil {
		return p
	}
	return "go"
}
