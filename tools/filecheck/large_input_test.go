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
	}{
		{"numeric-next", "CHECK: [[#N:]]\nCHECK-NEXT: [[#N+1]]\n", "5\n6\n", 0},
		{"numeric-next-wrong", "CHECK: [[#N:]]\nCHECK-NEXT: [[#N+1]]\n", "5\n7\n", 1},
		{"numeric-hex", "CHECK: [[#%x,N:]]\nCHECK-NEXT: [[#%x,N+1]]\n", "ff\n100\n", 0},
		{"numeric-same-line", "CHECK: [[#A:]] [[#B:]]\nCHECK-NEXT: [[#A+B]]\n", "3 4\n7\n", 0},
		{"string-var", "CHECK: {{^}}[[V:[0-9]+]]\nCHECK-NEXT: v[[V]]\n", "42\nv42\n", 0},
		{"string-var-wrong", "CHECK: {{^}}[[V:[0-9]+]]\nCHECK-NEXT: v[[V]]\n", "42\nv43\n", 1},
		{"dag", "CHECK-DAG: [[#N:]]\nCHECK-DAG: y[[#N+1]]\n", "5\ny6\n", 0},
		{"non-ascii", "CHECK: [[#N:]]\nCHECK-NEXT: é[[#N+1]]\n", "é5\né6\n", 0},
		{"crlf", "CHECK: [[#N:]]\nCHECK-NEXT: [[#N+1]]\n", "5\r\n6\r\n", 0},
	}
	llvm, _ := exec.LookPath("FileCheck-19")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := &diffCase{
				name: tc.name, expect: tc.expect, hasExpect: true,
				check: []byte(tc.check), hasCheck: true,
				input: []byte(filler + tc.tail), hasInput: true,
				flags: []string{"--dump-input=never"},
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
