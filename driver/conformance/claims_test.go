package conformance

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadClaims(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	claims, err := ReadClaims(write("ok.txt", "# ops that must pass\nRelu\n\nAdd  # a comment\n"))
	require.NoError(t, err)
	assert.Equal(t, []Claim{{"Relu", 2}, {"Add", 4}}, claims)

	dup := write("dup.txt", "Relu\nRelu\n")
	_, err = ReadClaims(dup)
	assert.EqualError(t, err, dup+":2:1: error: Relu is listed twice (first at line 1)")
	two := write("two.txt", "Relu Add\n")
	_, err = ReadClaims(two)
	assert.EqualError(t, err, two+`:1:1: error: want one name a line, got "Relu Add"`)
	_, err = ReadClaims(filepath.Join(dir, "missing.txt"))
	assert.Error(t, err)
}
