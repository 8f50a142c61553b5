package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func set(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// Cases from lit's own BooleanExpression tests.
func TestBoolVariables(t *testing.T) {
	vars := set("its-true", "false-lol-true", "under_score", "e=quals", "d1g1ts")
	for _, e := range []string{
		"true", "its-true", "false-lol-true", "under_score", "e=quals", "d1g1ts",
		"{{its.+}}", "{{false-[lo]+-true}}", "{{(true|false)-lol-(true|false)}}",
		"d1g{{[0-9]}}ts", "d1g{{[0-9]}}t{{[a-z]}}", "{{d}}1g{{[0-9]}}t{{[a-z]}}",
		"d1{{(g|1)+}}ts",
	} {
		v, err := evalBool(e, vars)
		require.NoError(t, err, e)
		assert.True(t, v, e)
	}
	for _, e := range []string{
		"false", "True", "true-ish", "not_true", "tru", "{{its-true.+}}", "{{its}}", "{{true}}-lol-true",
	} {
		v, err := evalBool(e, vars)
		require.NoError(t, err, e)
		assert.False(t, v, e)
	}
}

func TestBoolOperators(t *testing.T) {
	for e, want := range map[string]bool{
		"true || true":                     true,
		"true || false":                    true,
		"false || true":                    true,
		"false || false":                   false,
		"true && true":                     true,
		"true && false":                    false,
		"false && true":                    false,
		"false && false":                   false,
		"!true":                            false,
		"!false":                           true,
		"   ((!((false) ))   ) ":           true,
		"true && (true)":                   true,
		"!false && !false && !! !false":    true,
		"false && false || true":           true,
		"(false && false) || true":         true,
		"false && (false || true)":         false,
		"linux && !windows":                true,
		"(linux || darwin) && FileCheck":   true,
		"{{lin.*}} && !{{win.*}}":          true,
		"mlir-opt":                         false,
		"!mlir-opt || FileCheck":           true,
		"linux&&FileCheck":                 true,
		"!(linux && FileCheck) || windows": false,
	} {
		v, err := evalBool(e, set("linux", "FileCheck"))
		require.NoError(t, err, e)
		assert.Equal(t, want, v, e)
	}
}

func TestBoolErrors(t *testing.T) {
	for e, msg := range map[string]string{
		"ba#d":                      "couldn't parse text: \"#d\"",
		"true and true":             "expected: <end of expression>\nhave: \"and\"",
		"|| true":                   "expected: '!', '(', '{{', or identifier\nhave: \"||\"",
		"true &&":                   "expected: '!', '(', '{{', or identifier\nhave: <end of expression>",
		"":                          "expected: '!', '(', '{{', or identifier\nhave: <end of expression>",
		"*":                         "couldn't parse text: \"*\"",
		"no wait stop":              "expected: <end of expression>\nhave: \"wait\"",
		"no-$-please":               "couldn't parse text: \"$-please\"",
		"(((true && true) || true)": "expected: \")\"\nhave: <end of expression>",
		"true (true)":               "expected: <end of expression>\nhave: \"(\"",
		"( )":                       "expected: '!', '(', '{{', or identifier\nhave: \")\"",
		"abc{{def":                  "couldn't parse text: \"{{def\"",
		"{{(}}":                     "bad regex",
	} {
		_, err := evalBool(e, nil)
		require.Error(t, err, e)
		assert.Contains(t, err.Error(), msg, e)
	}
}
