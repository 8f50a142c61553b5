package ods

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type testBehavior struct{ name string }

func TestAttachInterfaces(t *testing.T) {
	a, b := &OpDef{Name: "a"}, &OpDef{Name: "b"}
	d := &Dialect{Name: "x", Ops: []*OpDef{a, b}}
	AttachInterfaces(d, map[string]testBehavior{"a": {"first"}})
	require.Len(t, a.Interfaces, 1)
	assert.Equal(t, testBehavior{"first"}, a.Interfaces[0])
	assert.Empty(t, b.Interfaces)
	assert.PanicsWithValue(t, "x: an interface table names 1 ops that are not in the dialect", func() {
		AttachInterfaces(d, map[string]testBehavior{"b": {}, "typo": {}})
	})
}
