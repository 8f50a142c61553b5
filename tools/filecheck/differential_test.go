package main

// Differential tests against LLVM's FileCheck-19.
//
// Each testdata/diff/NAME.txt is one case:
//
//	# free text describing the case
//	expect: 1                 exit status (checked for our tool even without LLVM)
//	flags: --strict-whitespace  extra arguments after "%check --input-file %input"
//	args: %check -D X         full argument list instead of the default
//	stdin                     feed the input on stdin (default args: "%check")
//	noeol                     strip the final newline of the input
//	noeol-check               strip the final newline of the check file
//	noinput                   do not create the input file
//	env: FILECHECK_OPTS=-v    environment for both tools
//	stderr: ignore            do not compare stderr (known, documented difference)
//	=== check
//	CHECK: ...
//	=== input
//	...
//
// The test runs our filecheck in-process and FileCheck-19 as a subprocess on
// the same files and requires equal exit codes, equal stdout, and equal
// stderr once the program name is normalised and our extra "closest line
// differs" notes are removed.

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

type diffCase struct {
	name       string
	expect     int
	hasExpect  bool
	args       []string
	flags      []string
	stdin      bool
	noeol      bool
	noeolCheck bool
	noinput    bool
	env        []string
	ignoreErr  bool
	check      []byte
	input      []byte
	hasInput   bool
	hasCheck   bool
}

func loadDiffCases(t *testing.T) []*diffCase {
	files, err := filepath.Glob("testdata/diff/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases in testdata/diff: %v", err)
	}
	sort.Strings(files)
	var cases []*diffCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := &diffCase{name: strings.TrimSuffix(filepath.Base(f), ".txt")}
		section := ""
		var check, input bytes.Buffer
		for _, line := range bytes.SplitAfter(data, []byte("\n")) {
			if len(line) == 0 {
				continue
			}
			trimmed := strings.TrimRight(string(line), "\n")
			switch {
			case trimmed == "=== check":
				section, c.hasCheck = "check", true
				continue
			case trimmed == "=== input":
				section, c.hasInput = "input", true
				continue
			}
			switch section {
			case "check":
				check.Write(line)
				continue
			case "input":
				input.Write(line)
				continue
			}
			switch {
			case strings.HasPrefix(trimmed, "#") || trimmed == "":
			case strings.HasPrefix(trimmed, "expect:"):
				n, err := strconv.Atoi(strings.TrimSpace(trimmed[7:]))
				if err != nil {
					t.Fatalf("%s: bad expect line", f)
				}
				c.expect, c.hasExpect = n, true
			case strings.HasPrefix(trimmed, "flags:"):
				c.flags = tokenizeGNU(trimmed[6:])
			case strings.HasPrefix(trimmed, "args:"):
				c.args = tokenizeGNU(trimmed[5:])
				if c.args == nil {
					c.args = []string{}
				}
			case strings.HasPrefix(trimmed, "env:"):
				c.env = append(c.env, strings.TrimSpace(trimmed[4:]))
			case trimmed == "stdin":
				c.stdin = true
			case trimmed == "noeol":
				c.noeol = true
			case trimmed == "noeol-check":
				c.noeolCheck = true
			case trimmed == "noinput":
				c.noinput = true
			case trimmed == "stderr: ignore":
				c.ignoreErr = true
			default:
				t.Fatalf("%s: unknown header line %q", f, trimmed)
			}
		}
		c.check = check.Bytes()
		c.input = input.Bytes()
		if c.noeol {
			c.input = bytes.TrimSuffix(c.input, []byte("\n"))
		}
		if c.noeolCheck {
			c.check = bytes.TrimSuffix(c.check, []byte("\n"))
		}
		cases = append(cases, c)
	}
	return cases
}

// materialize writes the case's files into dir and returns the arguments.
func (c *diffCase) materialize(t *testing.T, dir string) []string {
	checkPath := filepath.Join(dir, "check.txt")
	inputPath := filepath.Join(dir, "input.txt")
	if c.hasCheck {
		if err := os.WriteFile(checkPath, c.check, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !c.noinput && !c.stdin {
		if err := os.WriteFile(inputPath, c.input, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var args []string
	switch {
	case c.args != nil:
		args = append(args, c.args...)
	case c.stdin:
		args = []string{"%check"}
	default:
		args = []string{"%check", "--input-file", "%input"}
	}
	args = append(args, c.flags...)
	for i, a := range args {
		a = strings.ReplaceAll(a, "%check", checkPath)
		a = strings.ReplaceAll(a, "%input", inputPath)
		args[i] = a
	}
	return args
}

type runResult struct {
	code           int
	stdout, stderr string
}

func runOurs(t *testing.T, c *diffCase, args []string) runResult {
	for _, kv := range c.env {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	if len(c.env) == 0 {
		t.Setenv("FILECHECK_OPTS", "")
	}
	var stdout, stderr bytes.Buffer
	var stdin *bytes.Reader
	if c.stdin {
		stdin = bytes.NewReader(c.input)
	} else {
		stdin = bytes.NewReader(nil)
	}
	code := run(args, stdin, &stdout, &stderr)
	return runResult{code, stdout.String(), stderr.String()}
}

func runLLVM(t *testing.T, bin string, c *diffCase, args []string) runResult {
	cmd := exec.Command(bin, args...)
	cmd.Args[0] = filepath.Base(bin)
	env := []string{"PATH=" + os.Getenv("PATH")}
	env = append(env, c.env...)
	cmd.Env = env
	if c.stdin {
		cmd.Stdin = bytes.NewReader(c.input)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("running %s: %v", bin, err)
		}
		code = ee.ExitCode()
		if code < 0 {
			code = 128 + 11 // killed by a signal (FileCheck crashes on some inputs)
		}
	}
	return runResult{code, stdout.String(), stderr.String()}
}

// closestNoteRE matches our "closest line differs" note; a color reset
// that ends the previous diagnostic stays.
var closestNoteRE = regexp.MustCompile(`(?m)^((?:\x1b\[[0-9;]*m)*)[^\n]*: note: closest line differs[^\n]*\n[^\n]*\n`)

// didYouMeanRE matches cl's option suggestion, which depends on the hash
// order of LLVM's option table for ties and is not compared.
var didYouMeanRE = regexp.MustCompile(`(?m)^[^\n]*: Did you mean '[^\n]*'\?\n`)

func normalizeStderr(s, llvmName string) string {
	s = strings.ReplaceAll(s, llvmName, progName)
	s = closestNoteRE.ReplaceAllString(s, "$1")
	s = didYouMeanRE.ReplaceAllString(s, "")
	return s
}

// TestDiffCasesExpected checks our exit codes against the recorded
// expectations; it needs no LLVM.
func TestDiffCasesExpected(t *testing.T) {
	cases := loadDiffCases(t)
	if len(cases) < 70 {
		t.Errorf("only %d differential cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !c.hasExpect {
				t.Fatalf("case has no expect: line")
			}
			dir := t.TempDir()
			args := c.materialize(t, dir)
			r := runOurs(t, c, args)
			if r.code != c.expect {
				t.Errorf("exit %d, want %d\nstderr:\n%s", r.code, c.expect, r.stderr)
			}
		})
	}
}

func TestDifferential(t *testing.T) { differential(t, nil) }

// TestDifferentialColor runs every case again with --color: the ANSI
// sequences in diagnostics and input dumps must be FileCheck-19's too.
func TestDifferentialColor(t *testing.T) { differential(t, []string{"--color"}) }

func differential(t *testing.T, extra []string) {
	bin, err := exec.LookPath("FileCheck-19")
	if err != nil {
		t.Skip("FileCheck-19 not on PATH")
	}
	cases := loadDiffCases(t)
	agreed, stderrAgreed := 0, 0
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			args := append(c.materialize(t, dir), extra...)
			want := runLLVM(t, bin, c, args)
			got := runOurs(t, c, args)
			if want.code != got.code {
				t.Errorf("exit codes differ: FileCheck-19 %d, filecheck %d\nFileCheck-19 stderr:\n%s\nfilecheck stderr:\n%s",
					want.code, got.code, want.stderr, got.stderr)
				return
			}
			agreed++
			if c.hasExpect && c.expect != got.code {
				t.Errorf("both exit %d but the case expects %d", got.code, c.expect)
			}
			if want.stdout != got.stdout {
				t.Errorf("stdout differs:\nFileCheck-19:\n%s\nfilecheck:\n%s", want.stdout, got.stdout)
			}
			ws := normalizeStderr(want.stderr, filepath.Base(bin))
			gs := normalizeStderr(got.stderr, filepath.Base(bin))
			if ws == gs {
				stderrAgreed++
			} else if !c.ignoreErr {
				t.Errorf("stderr differs:\n--- FileCheck-19:\n%s--- filecheck:\n%s", ws, gs)
			}
		})
	}
	if extra != nil {
		t.Logf("with %v: %d/%d cases agree on exit code with FileCheck-19 (%d with identical stderr)",
			extra, agreed, len(cases), stderrAgreed)
		return
	}
	t.Logf("differential: %d/%d cases agree on exit code with FileCheck-19 (%d with identical stderr)",
		agreed, len(cases), stderrAgreed)
	if !testing.Verbose() {
		os.Stdout.WriteString("differential: " + strconv.Itoa(agreed) + "/" + strconv.Itoa(len(cases)) +
			" cases agree with FileCheck-19 on exit code (" + strconv.Itoa(stderrAgreed) + " with identical stderr)\n")
	}
}
