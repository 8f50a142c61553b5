package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// fuzzFlags maps bits of a fuzzed integer to command-line options.
var fuzzFlags = []string{
	"--strict-whitespace", "--ignore-case", "--match-full-lines", "--enable-var-scope",
	"--implicit-check-not=err", "--allow-deprecated-dag-overlap", "-v", "--dump-input=always",
	"-vv", "--allow-empty", "--check-prefixes=CHECK,ALT", "--allow-unused-prefixes",
	"-DVAR=val", "-D#NUM=42", "--comment-prefixes=NOTE",
}

// FuzzCheckFile runs the check-file parser and the matcher on arbitrary check
// text, input and options: whatever the bytes, filecheck must not panic and
// must exit with 0, 1 or 2.
//
//	go test -run XXX -fuzz FuzzCheckFile -fuzztime 3m ./tools/filecheck/
func FuzzCheckFile(f *testing.F) {
	f.Add([]byte("CHECK: a\nCHECK-NEXT: b\n"), []byte("a\nb\n"), uint16(0))
	f.Add([]byte("CHECK: [[X:[a-z]+]] [[X]]\nCHECK-NOT: {{x|y}}\nCHECK-DAG: [[#N:]]\n"), []byte("ab ab\n12\n"), uint16(1))
	f.Add([]byte("CHECK-LABEL: f\nCHECK: [[#%x,A:]] [[#A+1]]\nCHECK-EMPTY:\nCHECK-COUNT-2: q\n"), []byte("f\na b\n\nq q\n"), uint16(0x28))
	f.Add([]byte("CHECK{LITERAL}: [[x]]\nCHECK-SAME: {{(a)\\1}}[[@LINE]]\n"), []byte("[[x]] aa2\n"), uint16(0x7f))
	if cases, err := os.ReadDir("testdata/diff"); err == nil {
		for _, e := range cases {
			data, err := os.ReadFile("testdata/diff/" + e.Name())
			if err != nil {
				continue
			}
			check, input, _ := strings.Cut(string(data), "=== input\n")
			if i := strings.Index(check, "=== check\n"); i >= 0 {
				check = check[i+len("=== check\n"):]
			}
			f.Add([]byte(check), []byte(input), uint16(len(e.Name())))
		}
	}
	f.Fuzz(func(t *testing.T, check, input []byte, flags uint16) {
		if len(check) > 1<<12 || len(input) > 1<<14 {
			return
		}
		args := []string{"check.txt", "--input-file", "input.txt"}
		for i, fl := range fuzzFlags {
			if flags&(1<<i) != 0 {
				args = append(args, fl)
			}
		}
		read := func(name string) ([]byte, error) {
			switch name {
			case "check.txt":
				return bytes.Clone(check), nil
			case "input.txt":
				return bytes.Clone(input), nil
			}
			return nil, os.ErrNotExist
		}
		var stdout, stderr bytes.Buffer
		code := runWith(args, read, &stdout, &stderr)
		if code < 0 || code > 2 {
			t.Fatalf("exit status %d", code)
		}
	})
}
