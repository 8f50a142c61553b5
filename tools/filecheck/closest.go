package main

// Our addition to LLVM's diagnostics: when an expected pattern is not found,
// show a character diff between the pattern text and the closest input line
// ([-only in the pattern-] {+only in the input+}), so that a one-character
// difference is visible at once.

import (
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// printClosestLine picks the candidate line (the fuzzy match's line, or the
// first non-blank line of the search range) and prints the diff note.
func (c *checker) printClosestLine(p *pattern, bs, be, fuzzy int) {
	if p.ty.kind == ckEmpty || p.ty.kind == ckEOF || p.src.b == nil {
		return
	}
	text := c.input.text
	var ls int
	if fuzzy >= 0 {
		ls = strings.LastIndexByte(text[:bs+fuzzy], '\n') + 1
	} else {
		// first line of the search range with something on it
		ls = -1
		for s := bs; s < be; {
			e := strings.IndexByte(text[s:be], '\n')
			if e < 0 {
				e = be
			} else {
				e += s
			}
			if strings.TrimSpace(text[s:e]) != "" {
				ls = strings.LastIndexByte(text[:s], '\n') + 1
				break
			}
			s = e + 1
		}
		if ls < 0 {
			return
		}
	}
	le := strings.IndexByte(text[ls:], '\n')
	if le < 0 {
		le = len(text)
	} else {
		le += ls
	}
	actual := strings.TrimSpace(text[ls:le])
	expected := strings.TrimSpace(p.src.str())
	if actual == "" || actual == expected || len(actual)*len(expected) > 1<<22 {
		return
	}
	ws, we, dist := bestWindow(expected, actual)
	if dist*2 > len(expected) {
		return // too different to be the line the pattern was meant for
	}
	diff, _ := inlineDiff(expected, actual[ws:we])
	first := ls + (len(text[ls:le]) - len(strings.TrimLeft(text[ls:le], " \t")))
	c.d.raw(formatNoteNoSource(loc{c.input, first}, "closest line differs ([-expected-]{+actual+}):"))
	c.d.raw(actual[:ws] + diff + actual[we:] + "\n")
}

// bestWindow finds the substring actual[ws:we] with the smallest indel
// distance to expected (insertions and deletions only, so the window that
// shares the most characters wins; approximate substring matching: the
// alignment may start and end anywhere in actual).
func bestWindow(expected, actual string) (ws, we, dist int) {
	m, n := len(expected), len(actual)
	type cell struct{ d, start int }
	prev := make([]cell, n+1)
	cur := make([]cell, n+1)
	for j := range prev {
		prev[j] = cell{0, j}
	}
	for i := 1; i <= m; i++ {
		cur[0] = cell{i, 0}
		for j := 1; j <= n; j++ {
			sub := 2
			if expected[i-1] == actual[j-1] {
				sub = 0
			}
			// on ties keep the earlier start: the longer window shares more
			best := cell{prev[j-1].d + sub, prev[j-1].start}
			for _, c := range [2]cell{{prev[j].d + 1, prev[j].start}, {cur[j-1].d + 1, cur[j-1].start}} {
				if c.d < best.d || c.d == best.d && c.start < best.start {
					best = c
				}
			}
			cur[j] = best
		}
		prev, cur = cur, prev
	}
	we = 0
	for j := 1; j <= n; j++ {
		if prev[j].d < prev[we].d || prev[j].d == prev[we].d && j-prev[j].start > we-prev[we].start {
			we = j
		}
	}
	return prev[we].start, we, prev[we].d
}

// formatNoteNoSource prints just the "file:line:col: note: msg" line.
func formatNoteNoSource(l loc, msg string) string {
	s := formatDiag(l, dkNote, msg)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i+1]
	}
	return s
}

// inlineDiff renders a character diff with word-diff style marks and
// returns it with the number of bytes the two texts share.
func inlineDiff(expected, actual string) (string, int) {
	dmp := diffmatchpatch.New()
	diffs := dmp.DiffMain(expected, actual, false)
	diffs = dmp.DiffCleanupSemanticLossless(diffs)
	var sb strings.Builder
	common := 0
	for _, d := range diffs {
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			sb.WriteString(d.Text)
			common += len(d.Text)
		case diffmatchpatch.DiffDelete:
			sb.WriteString("[-" + d.Text + "-]")
		case diffmatchpatch.DiffInsert:
			sb.WriteString("{+" + d.Text + "+}")
		}
	}
	return sb.String(), common
}
