package bench

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMarkdownFresh(t *testing.T) {
	got, err := os.ReadFile("../../docs/bench-results.md")
	require.NoError(t, err, "docs/bench-results.md is missing: run `make docs`")
	assert.Equal(t, Markdown(), string(got), "docs/bench-results.md is stale: run `make docs`")
}

// Every JSON field of Record is documented.
func TestRecordFieldsDocumented(t *testing.T) {
	rt := reflect.TypeOf(Record{})
	var want []string
	for i := range rt.NumField() {
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		want = append(want, name)
	}
	var got []string
	for _, f := range recordFields {
		got = append(got, f[0])
	}
	require.Equal(t, want, got)
}
