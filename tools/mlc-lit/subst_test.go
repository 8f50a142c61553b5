package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Expected values below were produced by lit 19's own code
// (lit.llvm.subst.ToolSubst, TestRunner.applySubstitutions/executeScript).

func TestToolSubst(t *testing.T) {
	fc := toolSubst("FileCheck", "/P")
	assert.Equal(t, `(?<!(\.|\-|\^|/|\\|\<))\bFileCheck\b(?!(\-|\.))`, fc.Pattern)
	for in, want := range map[string]string{
		"FileCheck %s": "/P %s",
		"x-FileCheck FileCheck-19 a/FileCheck FileCheck.x MyFileCheck FileCheck_ FileCheck": "x-FileCheck FileCheck-19 a/FileCheck FileCheck.x MyFileCheck FileCheck_ /P",
		"not FileCheck|FileCheck;(FileCheck)":                                               "not /P|/P;(/P)",
		`\FileCheck <FileCheck ^FileCheck .FileCheck é FileCheck éFileCheck`:                `\FileCheck <FileCheck ^FileCheck .FileCheck é /P éFileCheck`,
		"": "",
	} {
		assert.Equal(t, want, fc.Apply(in), in)
	}
	opt := toolSubst("mlir-opt", "/P")
	assert.Equal(t, "/P %s | mlir-opt-19 | mlir-opt.x | xmlir-opt | mlir-optx |/P",
		opt.Apply("mlir-opt %s | mlir-opt-19 | mlir-opt.x | xmlir-opt | mlir-optx |mlir-opt"))
}

func TestDefaultSubstitutions(t *testing.T) {
	p := testPaths{
		Source:  "/src/dir/a.mlir",
		SrcDir:  "/src/dir",
		ExecDir: "/tmp/x/dir",
		TmpDir:  "/tmp/x/dir/Output",
		TmpBase: "/tmp/x/dir/Output/a.mlir",
	}
	subs := defaultSubstitutions([]substitution{toolSubst("FileCheck", "/bin/FC")}, p)
	d := &directive{Keyword: "RUN:", Text: "%dbg(RUN: at line 1) FileCheck %s %S %p %t %T %basename_t " +
		"%{pathsep} %/s %:s %{fs-sep} 100%% %%s %%%s"}
	out, err := applySubstitutions([]*directive{d}, subs, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"%dbg(RUN: at line 1) /bin/FC /src/dir/a.mlir /src/dir /src/dir " +
		"/tmp/x/dir/Output/a.mlir.tmp /tmp/x/dir/Output a.mlir : /src/dir/a.mlir src/dir/a.mlir / " +
		"100% %s %/src/dir/a.mlir"}, out)
}

func TestIfElse(t *testing.T) {
	subs := []substitution{literalSubst("%{pathsep}", ":"), literalSubst("%s", "SRC")}
	for in, want := range map[string]string{
		"%dbg(RUN: at line 1) echo 100%% %%s %if linux %{ yes %} %else %{ no %} " +
			"%if foo %{ a %if linux %{ nested %} %} %else %{ b %}  ": "%dbg(RUN: at line 1) echo 100% %s  yes   b",
		"%if linux %{%s%}":                     "SRC",
		"%if !linux %{ x %}":                   "",
		"a %if linux && !foo %{b%} c":          "a b c",
		"%if {{li.*}} %{ok%} %else %{bad%}":    "ok",
		"no if here %else %{ x %}":             "no if here %else %{ x %}",
		"%iffy %if linux %{ y %}":              "%iffy  y",
		"%if linux %{ a %} %else %{ b %} tail": "a  tail",
	} {
		out, err := applySubstitutions([]*directive{{Keyword: "RUN:", Text: in}}, subs, set("linux"))
		require.NoError(t, err, in)
		assert.Equal(t, []string{want}, out, in)
	}
	for in, msg := range map[string]string{
		"%if linux echo":               "'%{' is missing for %if substitution",
		"%if linux %{ echo":            "'%}' is missing for %if substitution",
		"%if linux %{ a %} %else b":    "'%{' is missing for %else substitution",
		"%if linux %{ a %} %else %{ b": "'%}' is missing for %else substitution",
		"%if linux && %{ a %}":         "expected",
	} {
		_, err := applySubstitutions([]*directive{{Keyword: "RUN:", Text: in}}, subs, set("linux"))
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), msg, in)
	}
}

func TestDefineRedefine(t *testing.T) {
	script := []*directive{
		{Keyword: "DEFINE:", Name: "%{x}", Value: "one %s"},
		{Keyword: "RUN:", Text: "echo %{x}"},
		{Keyword: "REDEFINE:", Name: "%{x}", Value: "two"},
		{Keyword: "RUN:", Text: "echo %{x}"},
	}
	out, err := applySubstitutions(script, []substitution{literalSubst("%s", "SRC")}, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"echo one SRC", "echo two"}, out)

	lit := func(keys ...string) []substitution {
		var subs []substitution
		for _, k := range keys {
			subs = append(subs, literalSubst(k, "v"))
		}
		return subs
	}
	for _, tc := range []struct {
		d    *directive
		subs []substitution
		msg  string
	}{
		{&directive{Keyword: "REDEFINE:", Name: "%{y}", StartLine: 3, EndLine: 3}, lit("%{x}"),
			"No substitution for '%{y}' is defined before 'REDEFINE:' directive at line 3"},
		{&directive{Keyword: "DEFINE:", Name: "%{x}", StartLine: 2, EndLine: 4}, lit("%{x}"),
			"Substitution whose pattern contains '%{x}' is already defined before 'DEFINE:' directive from line 2 to 4\nExisting pattern: %{x}"},
		{&directive{Keyword: "REDEFINE:", Name: "%{x}"}, lit("%{x}", "a%{x}"),
			"Multiple substitutions whose patterns contain '%{x}'"},
		{&directive{Keyword: "REDEFINE:", Name: "%{x}"}, lit("%{x}y"),
			"does not have the pattern specified by 'REDEFINE:'"},
	} {
		_, err := applySubstitutions([]*directive{tc.d}, tc.subs, nil)
		require.Error(t, err, tc.msg)
		assert.Contains(t, err.Error(), tc.msg)
	}
}

func TestShQuote(t *testing.T) {
	for in, want := range map[string]string{
		"":           "''",
		"abc":        "abc",
		"a/b.c,d=e":  "a/b.c,d=e",
		"a b":        "'a b'",
		"it's":       `'it'"'"'s'`,
		"$x":         "'$x'",
		"%s@host:1+": "%s@host:1+",
	} {
		assert.Equal(t, want, shQuote(in), in)
	}
}

func TestBuildScript(t *testing.T) {
	got := buildScript([]string{
		"%dbg(RUN: at line 1)  echo 'it''s' | FileCheck %s",
		"%dbg(RUN: at line 2)",
		"plain",
	}, true)
	want := "set -o pipefail;set -x;{ { set +x; } 2>/dev/null && echo 'RUN: at line 1': 'echo '\"'\"'it'\"'\"''\"'\"'s'\"'\"' | FileCheck %s' >&2 && { set -x; } 2>/dev/null && {   echo 'it''s' | FileCheck %s; }; } &&\n" +
		"{ { set +x; } 2>/dev/null && echo 'RUN: at line 2' has no command after substitutions >&2 && { set -x; } 2>/dev/null; } &&\n" +
		"{ plain; }\n"
	assert.Equal(t, want, got)
}

func TestRealpath(t *testing.T) {
	dir := t.TempDir()
	r := realpath(dir + "/does/not/exist")
	assert.Equal(t, realpath(dir)+"/does/not/exist", r)
}
