package qnnser

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	qd "github.com/mlc-go/mlc/dialects/qnn"
)

// TestTableCoversDialect: every qnn op but StaticTensor has a row, and
// every row lists exactly its op's attributes as parameters.
func TestTableCoversDialect(t *testing.T) {
	for _, def := range qd.Dialect.Ops {
		name := "qnn." + def.Name
		if name == "qnn.StaticTensor" {
			require.Nil(t, ops[name])
			continue
		}
		row := ops[name]
		require.NotNil(t, row, "%s has no row in translate/qnn's table", name)
		var attrs, params []string
		for _, a := range def.Attrs {
			attrs = append(attrs, a.Name)
		}
		for _, p := range row.Params {
			params = append(params, p.Name)
		}
		assert.ElementsMatch(t, attrs, params, "%s: parameters", name)
	}
	require.Len(t, ops, len(qd.Dialect.Ops)-1)
}

func TestMarkdownFresh(t *testing.T) {
	got, err := os.ReadFile("../../docs/qnn-serialize.md")
	require.NoError(t, err, "docs/qnn-serialize.md is missing: run `make docs`")
	assert.Equal(t, Markdown(), string(got), "docs/qnn-serialize.md is stale: run `make docs`")
}

func TestCName(t *testing.T) {
	for in, want := range map[string]string{"input.1": "input_1", "7x": "_7x", "": "_", "../a": "___a", "ok_Name9": "ok_Name9"} {
		assert.Equal(t, want, cName(in), in)
	}
}

func TestPack4(t *testing.T) {
	in := []byte{0xf8, 0x07, 0x01, 0xff, 0x03}
	packed := pack4(in)
	require.Equal(t, []byte{0x78, 0xf1, 0x03}, packed)
	require.Equal(t, in, unpack4(packed, 5, true))
}
