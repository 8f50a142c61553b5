package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runTexts(ts *testScript) []string {
	var out []string
	for _, d := range ts.Script {
		if d.Keyword == "RUN:" {
			out = append(out, d.Text)
		}
	}
	return out
}

func TestParseRunLines(t *testing.T) {
	src := "// RUN: mlc-opt %s | FileCheck %s\n" +
		"# RUN: echo hash\n" +
		"; RUN: echo semicolon\n" +
		"RUN: echo bare\n" +
		"// CHECK: foo\n" +
		"  // RUN:   indented   \r\n" +
		"// NORUN: counts too, as in lit\n"
	ts, err := parseTestScript([]byte(src))
	require.NoError(t, err)
	assert.Equal(t, []string{
		"%dbg(RUN: at line 1)  mlc-opt %s | FileCheck %s",
		"%dbg(RUN: at line 2)  echo hash",
		"%dbg(RUN: at line 3)  echo semicolon",
		"%dbg(RUN: at line 4)  echo bare",
		"%dbg(RUN: at line 6)    indented",
		"%dbg(RUN: at line 7)  counts too, as in lit",
	}, runTexts(ts))
}

func TestParseContinuation(t *testing.T) {
	src := "// RUN: mlc-opt %s \\\n" +
		"// RUN:   --canonicalize \\\n" +
		"// RUN: | FileCheck %s\n" +
		"// RUN: echo next\n"
	ts, err := parseTestScript([]byte(src))
	require.NoError(t, err)
	require.Len(t, ts.Script, 2)
	assert.Equal(t, "%dbg(RUN: at line 1)  mlc-opt %s    --canonicalize  | FileCheck %s", ts.Script[0].Text)
	assert.Equal(t, 1, ts.Script[0].StartLine)
	assert.Equal(t, 3, ts.Script[0].EndLine)
	assert.Equal(t, "%dbg(RUN: at line 4)  echo next", ts.Script[1].Text)
}

func TestParseLineNumbers(t *testing.T) {
	ts, err := parseTestScript([]byte("\n\n# RUN: echo %(line) %(line+1) %(line - 2) %(line +10)\n"))
	require.NoError(t, err)
	assert.Equal(t, []string{"%dbg(RUN: at line 3)  echo 3 4 1 13"}, runTexts(ts))
}

func TestParseFeatureLists(t *testing.T) {
	src := "# REQUIRES: linux, FileCheck\n" +
		"# REQUIRES: mlir-opt && \\\n" +
		"# REQUIRES: !windows\n" +
		"# UNSUPPORTED: darwin\n" +
		"# XFAIL: *\n" +
		"# XFAIL: a || b,\n" +
		"# ALLOW_RETRIES: 3\n" +
		"# RUN: true\n"
	ts, err := parseTestScript([]byte(src))
	require.NoError(t, err)
	assert.Equal(t, []string{"linux", "FileCheck", "mlir-opt && !windows"}, ts.Requires)
	assert.Equal(t, []string{"darwin"}, ts.Unsupported)
	assert.Equal(t, []string{"*", "a || b"}, ts.XFails)
	assert.Equal(t, 3, ts.AllowRetries)
}

func TestParseDefine(t *testing.T) {
	src := "# DEFINE: %{check} = FileCheck \\\n" +
		"# DEFINE:     --strict-whitespace\n" +
		"# RUN: %{check} %s\n" +
		"# REDEFINE: %{check}=FileCheck\n"
	ts, err := parseTestScript([]byte(src))
	require.NoError(t, err)
	require.Len(t, ts.Script, 3)
	assert.Equal(t, "%{check}", ts.Script[0].Name)
	assert.Equal(t, "FileCheck --strict-whitespace", ts.Script[0].Value)
	assert.Equal(t, "REDEFINE:", ts.Script[2].Keyword)
	assert.Equal(t, "FileCheck", ts.Script[2].Value)
}

func TestParseEnd(t *testing.T) {
	ts, err := parseTestScript([]byte("# RUN: one\n# END. not yet\n# RUN: two\n# END.\n# RUN: three\n"))
	require.NoError(t, err)
	assert.Len(t, runTexts(ts), 2)
}

func TestParseNoTrailingNewlineAndHugeLine(t *testing.T) {
	huge := strings.Repeat("x", 1<<20)
	ts, err := parseTestScript([]byte("// " + huge + "\n// RUN: echo " + huge))
	require.NoError(t, err)
	require.Len(t, ts.Script, 1)
	assert.Equal(t, 2, ts.Script[0].StartLine)
	assert.True(t, strings.HasSuffix(ts.Script[0].Text, huge))
}

func TestParseErrors(t *testing.T) {
	for src, msg := range map[string]string{
		"":                                   "Test has no 'RUN:' line",
		"// CHECK: x\n":                      "Test has no 'RUN:' line",
		"# RUN: echo \\\n":                   "Test has unterminated 'RUN:' directive (with '\\') at line 1",
		"# RUN: a \\\n# RUN: b \\\n":         "Test has unterminated 'RUN:' directive (with '\\') from line 1 to 2",
		"# RUN: a \\\n# XFAIL: *\n":          "unterminated 'RUN:'",
		"# REQUIRES: a &&\n# RUN: true\n":    "in REQUIRES: directive on test line 1",
		"# XFAIL: a b\n# RUN: true\n":        "expected: <end of expression>",
		"# UNSUPPORTED: x \\\n# RUN: true\n": "Test has unterminated 'UNSUPPORTED:' lines",
		"# ALLOW_RETRIES: x\n# RUN: true\n":  "INTEGER parser requires the input to be an integer",
		"# ALLOW_RETRIES: -1\n# RUN: true\n": "INTEGER parser",
		"# ALLOW_RETRIES: 1\n# ALLOW_RETRIES: 2\n# RUN: true\n": "more than one ALLOW_RETRIES",
		"# RUN: echo \xff\n":                            "not valid UTF-8",
		"# DEFINE: %{x}\n# RUN: true\n":                 "does not contain '='",
		"# DEFINE: %x = 1\n# RUN: true\n":               "Substitution name '%x' is malformed",
		"# DEFINE: %{x} = \\\n# DEFINE:\n# RUN: true\n": "Substitution's continuation is empty",
	} {
		_, err := parseTestScript([]byte(src))
		require.Error(t, err, "%q", src)
		assert.Contains(t, err.Error(), msg, "%q", src)
	}
}

func TestParseNonUTF8OutsideDirectives(t *testing.T) {
	ts, err := parseTestScript([]byte("\xff\xfe\x00 binary\n# RUN: true\n"))
	require.NoError(t, err)
	assert.Len(t, ts.Script, 1)
}
