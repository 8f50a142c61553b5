package conformance

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/testutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMarkdown(t *testing.T) {
	r, err := Run("testdata/node", testConfig())
	require.NoError(t, err)
	md := r.Markdown("mlc conformance testdata/node")
	assert.True(t, strings.HasPrefix(md, GeneratedHeader+"\n"))
	testutil.Golden(t, "testdata/node-report.md.golden", md)

	cfg := testConfig()
	cfg.Mode = ModeModel
	cfg.Filter = nil
	r, err = Run("testdata/node", cfg)
	require.NoError(t, err)
	// Model-mode errors vary in the last digits with the kernels'
	// summation order; check the structure rather than a golden file.
	md = r.Markdown("mlc conformance --mode=model testdata/node")
	assert.Contains(t, md, "# ONNX model conformance")
	assert.Contains(t, md, "| test_relu | passed | 0 | 0 |  |")
	assert.Contains(t, md, "| test_abs | unsupported |")
	assert.Contains(t, md, "2 of 4 models pass.")
	var text strings.Builder
	require.NoError(t, r.WriteText(&text, false))
	assert.Regexp(t, `(?m)^unsupported:\n  test_abs .*Abs`, text.String(), "an unsupported model says why")
}

func TestMdCell(t *testing.T) {
	assert.Equal(t, `a \| b &lt;x> c`, mdCell("a | b\n <x>   c"))
}

func TestWriteText(t *testing.T) {
	r, err := Run("testdata/node", testConfig())
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, r.WriteText(&b, false))
	out := b.String()
	assert.Contains(t, out, "op type       passed  failed  unsupported  total\n")
	assert.Contains(t, out, "Relu               1       0            0      1\n")
	assert.Contains(t, out, "(multi-node)       1       0            0      1\n")
	assert.Contains(t, out, "total              2       1            1      4\n")
	assert.Contains(t, out, "supported op types (every case passes): 1 of 3\n")
	assert.Contains(t, out, "failures:\n  test_add [Add] compare: test_data_set_0 output 0: 60 of 60 elements differ")
	assert.NotContains(t, out, "PASSED")

	b.Reset()
	require.NoError(t, r.WriteText(&b, true))
	assert.Regexp(t, `(?m)^PASSED\s+test_relu \[Relu\] `, b.String())
	assert.Regexp(t, `(?m)^UNSUPPORTED test_abs \[Abs\] .*: .*unsupported ONNX op types: Abs$`, b.String())
}

func TestCheckClaims(t *testing.T) {
	r, err := Run("testdata/node", testConfig())
	require.NoError(t, err)
	assert.Empty(t, r.CheckClaims([]string{"Relu"}))
	bad := r.CheckClaims([]string{"Relu", "Add", "Abs", "Conv"})
	require.Len(t, bad, 3)
	assert.Contains(t, bad[0], "Add: claimed supported, but test_add failed: compare: ")
	assert.Contains(t, bad[1], "Abs: claimed supported, but test_abs unsupported: ")
	assert.Equal(t, "Conv: claimed supported, but no test case has it", bad[2])
	r.Filtered = true
	assert.Len(t, r.CheckClaims([]string{"Conv"}), 0, "a filtered run checks only the claims it covers")
}
