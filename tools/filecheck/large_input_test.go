package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Variables defined far into a large input: past lineScanLimit a regex
// without a required literal is searched by a different path (one whole
// search of the rest instead of line by line), which must keep the
// captures. Each case also runs under FileCheck-19 when it is on PATH.
func TestLargeInputCaptures(t *testing.T) {
	filler := strings.Repeat("x\n", 70000) // 140 KB, over lineScanLimit
	cases := []struct {
		name, check, tail string
		expect            int
		flags             []string
	}{
		{"numeric-next", "CHECK: [[#N:]]\nCHECK-NEXT: [[#N+1]]\n", "5\n6\n", 0, nil},
		{"numeric-next-wrong", "CHECK: [[#N:]]\nCHECK-NEXT: [[#N+1]]\n", "5\n7\n", 1, nil},
		{"numeric-hex", "CHECK: [[#%x,N:]]\nCHECK-NEXT: [[#%x,N+1]]\n", "ff\n100\n", 0, nil},
		{"numeric-same-line", "CHECK: [[#A:]] [[#B:]]\nCHECK-NEXT: [[#A+B]]\n", "3 4\n7\n", 0, nil},
		{"string-var", "CHECK: {{^}}[[V:[0-9]+]]\nCHECK-NEXT: v[[V]]\n", "42\nv42\n", 0, nil},
		{"string-var-wrong", "CHECK: {{^}}[[V:[0-9]+]]\nCHECK-NEXT: v[[V]]\n", "42\nv43\n", 1, nil},
		{"dag", "CHECK-DAG: [[#N:]]\nCHECK-DAG: y[[#N+1]]\n", "5\ny6\n", 0, nil},
		{"non-ascii", "CHECK: [[#N:]]\nCHECK-NEXT: é[[#N+1]]\n", "é5\né6\n", 0, nil},
		{"crlf", "CHECK: [[#N:]]\nCHECK-NEXT: [[#N+1]]\n", "5\r\n6\r\n", 0, nil},
		{"full-lines", "CHECK: [[#N:]]\nCHECK-NEXT: [[#N+1]]\n", "5\n6\n", 0, []string{"--match-full-lines"}},
		{"ignore-case", "CHECK: [[#%X,N:]]\nCHECK-NEXT: [[#%X,N+1]]\n", "af\nB0\n", 0, []string{"--ignore-case"}},
		{"strict-ws", "CHECK: {{ }}[[#N:]]\nCHECK-NEXT: [[#N+1]]\n", " 5\n6\n", 0, []string{"--strict-whitespace"}},
		{"not-after", "CHECK: [[#N:]]\nCHECK-NOT: [[#N+2]]\nCHECK: [[#N+1]]\n", "5\n6\n", 0, nil},
		{"not-after-found", "CHECK: [[#N:]]\nCHECK-NOT: [[#N+1]]\n", "5\n6\n", 1, nil},
		{"label", "CHECK-LABEL: [[#N:]]\nCHECK: [[#N+1]]\n", "5\n6\n", 0, nil},
	}
	llvm, _ := exec.LookPath("FileCheck-19")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := &diffCase{
				name: tc.name, expect: tc.expect, hasExpect: true,
				check: []byte(tc.check), hasCheck: true,
				input: []byte(filler + tc.tail), hasInput: true,
				flags: append([]string{"--dump-input=never"}, tc.flags...),
			}
			dir := t.TempDir()
			args := c.materialize(t, dir)
			got := runOurs(t, c, args)
			assert.Equal(t, tc.expect, got.code, "filecheck stderr:\n%s", got.stderr)
			if llvm == "" {
				return
			}
			want := runLLVM(t, llvm, c, args)
			assert.Equal(t, want.code, got.code, "FileCheck-19 and filecheck disagree")
			assert.Equal(t, normalizeStderr(want.stderr, filepath.Base(llvm)), normalizeStderr(got.stderr, filepath.Base(llvm)))
		})
	}
}
