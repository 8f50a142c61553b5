package pass

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestClosest(t *testing.T) {
	names := []string{"canonicalize", "cse", "inline", "symbol-dce"}
	for in, want := range map[string]string{
		"canonicalise":  "canonicalize",
		"cannonicalize": "canonicalize",
		"csee":          "cse",
		"inlien":        "inline",
		"symbol-dc":     "symbol-dce",
		"frobnicate":    "",
		"x":             "",
	} {
		assert.Equal(t, want, Closest(in, names), in)
	}
}

func TestUnknownPassSuggests(t *testing.T) {
	_, err := ParsePipeline("builtin.module(test-c)")
	if assert.Error(t, err) {
		assert.Contains(t, err.Error(), "'test-c' does not refer to a registered pass or pass pipeline; did you mean 'test-a'?")
	}
	_, err = ParsePipeline("builtin.module(zzzzzzzz)")
	if assert.Error(t, err) {
		assert.NotContains(t, err.Error(), "did you mean")
	}
}

func TestHelpListsPassesAndOptions(t *testing.T) {
	h := Help()
	assert.Contains(t, h, "see docs/passes.md")
	var passLine, optLine string
	for _, l := range strings.Split(h, "\n") {
		switch {
		case strings.HasPrefix(l, "  --test-a "):
			passLine = l
		case strings.HasPrefix(strings.TrimSpace(l), "--n=<string>") && passLine != "" && optLine == "":
			optLine = l
		}
	}
	assert.NotEmpty(t, passLine, "one line per pass")
	assert.Contains(t, optLine, "(default: 1)", "options below their pass")
}

func TestSummaryLine(t *testing.T) {
	assert.Equal(t, "Erases dead ops", summaryLine("Erases dead ops. It runs to a fixpoint.", "X"))
	assert.Equal(t, "X", summaryLine("", "X"))
	long := strings.Repeat("word ", 40)
	s := summaryLine(long, "X")
	assert.LessOrEqual(t, len(s), 104)
	assert.True(t, strings.HasSuffix(s, " …"))
}
