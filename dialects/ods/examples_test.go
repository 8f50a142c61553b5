package ods

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseExamples(t *testing.T) {
	got, err := ParseExamples("// example: d.a\nfunc.func @a() {\n  return\n}\n\n// -----\n\n// example: d.b\n%x = d.b\n")
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"d.a": "func.func @a() {\n  return\n}\n", "d.b": "%x = d.b\n"}, got)

	_, err = ParseExamples("func.func @a() {\n}\n")
	assert.EqualError(t, err, `chunk 1 does not start with "// example: dialect.op"`)
	_, err = ParseExamples("// example: d.a\nx\n// -----\n// example: d.a\ny\n")
	assert.EqualError(t, err, "two examples of d.a")
	got, err = ParseExamples("")
	require.NoError(t, err)
	assert.Empty(t, got)
}
