package main

// Randomised differential test of the regex engines against FileCheck-19:
// random LLVM regexes inside [[X:...]] on random inputs, compared by exit
// code and by the -v diagnostics, which show the match range and the
// captured text. Off by default; run with
//
//	FILECHECK_RANDOM=2000 go test -run TestRandomRegexDifferential ./tools/filecheck/

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

type regexGen struct {
	r      *rand.Rand
	groups int
	closed []int
}

func (g *regexGen) atom(depth int) string {
	switch g.r.Intn(14) {
	case 0:
		return "."
	case 1:
		return "[ab]"
	case 2:
		return "[^a]"
	case 3:
		return "[[:alpha:]]"
	case 4:
		if depth < 3 {
			g.groups++
			n := g.groups
			s := "(" + g.alt(depth+1) + ")"
			g.closed = append(g.closed, n)
			return s
		}
	case 5:
		if len(g.closed) > 0 && g.r.Intn(3) == 0 {
			n := g.closed[g.r.Intn(len(g.closed))]
			if n <= 9 {
				return "\\" + strconv.Itoa(n)
			}
		}
	case 6:
		if depth == 0 {
			return "^"
		}
	case 7:
		if depth == 0 {
			return "$"
		}
	case 8:
		return " "
	case 9:
		return "[[:space:]]"
	}
	return string("abc"[g.r.Intn(3)])
}

func (g *regexGen) piece(depth int) string {
	a := g.atom(depth)
	if a == "^" || a == "$" {
		// Repeated anchors hit a known quirk of LLVM's engine (see README).
		return a
	}
	switch g.r.Intn(8) {
	case 0:
		return a + "*"
	case 1:
		return a + "+"
	case 2:
		return a + "?"
	case 3:
		m := g.r.Intn(3)
		return a + fmt.Sprintf("{%d,%d}", m, m+g.r.Intn(3))
	}
	return a
}

func (g *regexGen) concat(depth int) string {
	n := 1 + g.r.Intn(4)
	var sb strings.Builder
	for i := 0; i < n; i++ {
		sb.WriteString(g.piece(depth))
	}
	return sb.String()
}

func (g *regexGen) alt(depth int) string {
	s := g.concat(depth)
	for g.r.Intn(4) == 0 {
		s += "|" + g.concat(depth)
	}
	return s
}

func randomInput(r *rand.Rand) string {
	n := 1 + r.Intn(30)
	var sb strings.Builder
	for i := 0; i < n; i++ {
		switch k := r.Intn(20); {
		case k == 0:
			sb.WriteByte('\n')
		case k == 1:
			sb.WriteString("é")
		case k == 2:
			sb.WriteByte(0xff)
		case k < 5:
			sb.WriteByte(' ')
		case k < 7:
			sb.WriteByte("ABC"[r.Intn(3)])
		default:
			sb.WriteByte("abc"[r.Intn(3)])
		}
	}
	sb.WriteByte('\n')
	return sb.String()
}

func TestRandomRegexDifferential(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("FILECHECK_RANDOM"))
	if n == 0 {
		t.Skip("set FILECHECK_RANDOM=N to run N random cases")
	}
	bin, err := exec.LookPath("FileCheck-19")
	if err != nil {
		t.Skip("FileCheck-19 not on PATH")
	}
	t.Setenv("FILECHECK_OPTS", "")
	seed := int64(1)
	if s := os.Getenv("FILECHECK_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	r := rand.New(rand.NewSource(seed))
	dir := t.TempDir()
	checkPath := filepath.Join(dir, "check.txt")
	inputPath := filepath.Join(dir, "input.txt")
	fails := 0
	for i := 0; i < n && fails < 10; i++ {
		g := &regexGen{r: r}
		re := g.alt(0)
		check := "CHECK: [[X:" + re + "]]"
		if r.Intn(2) == 0 {
			// A second capture right after the first: LLVM splits the match
			// between them by its POSIX subexpression rule.
			g2 := &regexGen{r: r}
			re2 := g2.alt(0)
			if !strings.Contains(re2, "\\") {
				check += "[[Y:" + re2 + "]]"
				re += " ++ " + re2
			}
		}
		check += "\n"
		if r.Intn(4) == 0 {
			check += "CHECK: [[X]]\n"
		}
		input := randomInput(r)
		args := []string{checkPath, "--input-file", inputPath, "-v", "--dump-input=never"}
		if r.Intn(4) == 0 {
			args = append(args, "--ignore-case")
		}
		if r.Intn(5) == 0 {
			args = append(args, "--strict-whitespace")
		}
		os.WriteFile(checkPath, []byte(check), 0o644)
		os.WriteFile(inputPath, []byte(input), 0o644)
		cmd := exec.Command(bin, args...)
		cmd.Args[0] = "FileCheck-19"
		cmd.Env = []string{}
		var lerr bytes.Buffer
		cmd.Stderr = &lerr
		lcode := 0
		if err := cmd.Run(); err != nil {
			if ee, ok := err.(*exec.ExitError); ok {
				lcode = ee.ExitCode()
			} else {
				t.Fatal(err)
			}
		}
		var gerr bytes.Buffer
		gcode := run(args, nil, &bytes.Buffer{}, &gerr)
		ls := normalizeStderr(lerr.String(), "FileCheck-19")
		gs := normalizeStderr(gerr.String(), "FileCheck-19")
		if lcode != gcode || ls != gs {
			fails++
			t.Errorf("case %d: regex %q input %q args %v\nFileCheck-19 exit %d:\n%s\nfilecheck exit %d:\n%s",
				i, re, input, args[3:], lcode, ls, gcode, gs)
		}
	}
}
