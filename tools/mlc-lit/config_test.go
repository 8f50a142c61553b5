package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The built-in table and lit-tests/lit.features (which lit.cfg.py reads)
// must say the same.
func TestBuiltinFeaturesMatchSuiteFile(t *testing.T) {
	path := filepath.Join("..", "..", "lit-tests", featuresFile)
	data, err := os.ReadFile(path)
	require.NoError(t, err, "lit-tests/lit.features is committed")
	f, err := parseFeatures(string(data), path)
	require.NoError(t, err)
	assert.Equal(t, builtinFeatures, f)
}

func TestParseFeatures(t *testing.T) {
	f, err := parseFeatures("# c\nsuffixes .a .b # trailing\n\nfeature x e1 e2\nhost h linux\nsubst w e\npassenv A B\nexcludes I\nname s\nparam b B tools-dir\n", "f")
	require.NoError(t, err)
	assert.Equal(t, &features{
		Name:     "s",
		Params:   []paramRule{{"b", "B", roleToolsDir}},
		Suffixes: []string{".a", ".b"},
		Excludes: []string{"I"},
		Features: []featureRule{{"x", []string{"e1", "e2"}}},
		Hosts:    []hostRule{{"h", "linux"}},
		Substs:   []substRule{{"w", []string{"e"}}},
		PassEnv:  []string{"A", "B"},
	}, f)
	for src, msg := range map[string]string{
		"bogus x\n":         "f:1: unknown directive \"bogus\"",
		"\nfeature x\n":     "f:2: want: feature NAME EXE...",
		"host a\n":          "want: host NAME OS",
		"subst FileCheck\n": "want: subst WORD EXE...",
		"name a b\n":        "want: name NAME",
		"param a B\n":       "want: param NAME ENV ROLE",
		"param a B bin\n":   "unknown parameter role \"bin\"",
	} {
		_, err := parseFeatures(src, "f")
		require.Error(t, err, src)
		assert.Contains(t, err.Error(), msg)
	}
}

func writeExe(t *testing.T, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, []byte("#!/bin/sh\nexit 0\n"), 0o755))
	return p
}

func TestNewSuiteFeaturesAndEnvironment(t *testing.T) {
	saved := llvmBinDir
	llvmBinDir = ""
	defer func() { llvmBinDir = saved }()

	self, tools, root := t.TempDir(), t.TempDir(), t.TempDir()
	fc := writeExe(t, tools, "FileCheck-19")
	writeExe(t, self, "not")
	require.NoError(t, os.WriteFile(filepath.Join(tools, "mlir-opt"), []byte("not executable"), 0o644))
	// A directory with bash alone, so that the host's tools stay out.
	bashDir := t.TempDir()
	require.NoError(t, os.Symlink(lookPath("bash", filepath.SplitList(os.Getenv("PATH"))), filepath.Join(bashDir, "bash")))
	env := map[string]string{
		"PATH":       tools + ":" + bashDir,
		"HOME":       "/home/x",
		"TMPDIR":     "/tmp/t",
		"GOCOVERDIR": "/cover",
		"TERM":       "",
	}
	s, err := newSuite(root, "/exec", self, nil, func(k string) string { return env[k] })
	require.NoError(t, err)

	assert.Equal(t, []string{self, tools, bashDir}, s.Path)
	assert.True(t, s.Available["FileCheck"])
	assert.False(t, s.Available["mlir-opt"], "a non-executable file provides nothing")
	assert.Equal(t, map[string]string{"FileCheck": fc}, s.Resolved)
	require.Len(t, s.Substs, 1)
	assert.Equal(t, fc+" %s", s.Substs[0].Apply("FileCheck %s"))
	assert.Equal(t, []string{
		"GOCOVERDIR=/cover",
		"LLVM_DISABLE_CRASH_REPORT=1",
		"PATH=" + strings.Join([]string{self, tools, bashDir}, ":"),
		"TMPDIR=/tmp/t",
	}, s.Env)
	assert.NotEmpty(t, s.Bash)
}

func TestNewSuiteReadsFeaturesFile(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, featuresFile), []byte("suffixes .x\nhost everywhere "+goos()+"\n"), 0o644))
	s, err := newSuite(root, "/exec", "", nil, os.Getenv)
	require.NoError(t, err)
	assert.Equal(t, []string{".x"}, s.Conf.Suffixes)
	assert.Equal(t, []string{"everywhere"}, s.featureList())

	require.NoError(t, os.WriteFile(filepath.Join(root, featuresFile), []byte("nonsense\n"), 0o644))
	_, err = newSuite(root, "/exec", "", nil, os.Getenv)
	assert.ErrorContains(t, err, "unknown directive")
}

func TestFindSuiteRoot(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b")
	require.NoError(t, os.MkdirAll(deep, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "lit.cfg.py"), nil, 0o644))
	assert.Equal(t, root, findSuiteRoot(deep))
	other := t.TempDir()
	assert.Equal(t, other, findSuiteRoot(other))
}
