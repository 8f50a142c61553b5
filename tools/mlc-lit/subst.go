package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// substitution is one entry of lit's ordered substitution list. Pattern is
// the key as lit would show it (for DEFINE/REDEFINE lookups); Apply does
// the replacement.
type substitution struct {
	Pattern string
	Apply   func(string) string
}

// literalSubst replaces every occurrence of key by value. All of lit's
// built-in %-keys are regexes that match only themselves.
func literalSubst(key, value string) substitution {
	return substitution{Pattern: key, Apply: func(s string) string {
		return strings.ReplaceAll(s, key, value)
	}}
}

// Characters around a tool name that stop it from being substituted, as in
// lit's ToolSubst defaults (pre=".-^/\<", post="-.").
const (
	toolPre  = `.-^/\<`
	toolPost = "-."
)

func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsNumber(r)
}

// toolSubst replaces word by path where word stands alone as a command
// name, as lit's ToolSubst(word) does: at word boundaries, not preceded by
// any of toolPre and not followed by any of toolPost. So in
// "FileCheck %s", "FileCheck" is replaced, but not in "FileCheck-19",
// "/usr/bin/FileCheck", "x.FileCheck" or "MyFileCheck".
func toolSubst(word, path string) substitution {
	pattern := `(?<!(\.|\-|\^|/|\\|\<))\b` + word + `\b(?!(\-|\.))`
	return substitution{Pattern: pattern, Apply: func(s string) string {
		return replaceTool(s, word, path)
	}}
}

func replaceTool(s, word, path string) string {
	if word == "" || !strings.Contains(s, word) {
		return s
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], word)
		if j < 0 {
			break
		}
		start, end := i+j, i+j+len(word)
		ok := true
		if start > 0 {
			r, _ := utf8.DecodeLastRuneInString(s[:start])
			first, _ := utf8.DecodeRuneInString(word)
			if isWordRune(first) && isWordRune(r) || strings.ContainsRune(toolPre, r) {
				ok = false
			}
		}
		if ok && end < len(s) {
			r, _ := utf8.DecodeRuneInString(s[end:])
			lastR, _ := utf8.DecodeLastRuneInString(word)
			if isWordRune(lastR) && isWordRune(r) || strings.ContainsRune(toolPost, r) {
				ok = false
			}
		}
		if !ok {
			_, size := utf8.DecodeRuneInString(s[start:])
			i = start + size
			continue
		}
		b.WriteString(s[last:start])
		b.WriteString(path)
		last, i = end, end
	}
	b.WriteString(s[last:])
	return b.String()
}

// realpath is Python's os.path.realpath: symlinks resolved in the longest
// existing prefix; the rest appended as is.
func realpath(p string) string {
	p = filepath.Clean(p)
	var tail []string
	for cur := p; ; {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(append([]string{r}, tail...)...)
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return p
		}
		tail = append([]string{filepath.Base(cur)}, tail...)
		cur = parent
	}
}

// testPaths are the paths of one test, as lit computes them.
type testPaths struct {
	Source  string // %s
	SrcDir  string // %S, %p
	ExecDir string // where the script runs
	TmpDir  string // %T: ExecDir/Output
	TmpBase string // TmpDir/<test file name>; %t is TmpBase + ".tmp"
}

// defaultSubstitutions returns lit's default substitutions for a test
// (getDefaultSubstitutions), after the config's (tool) substitutions.
func defaultSubstitutions(config []substitution, p testPaths) []substitution {
	subs := append([]substitution{}, config...)
	tmpName := p.TmpBase + ".tmp"
	subs = append(subs,
		literalSubst("%{pathsep}", string(os.PathListSeparator)),
		literalSubst("%basename_t", filepath.Base(p.TmpBase)),
		literalSubst("%{fs-src-root}", "/"),
		literalSubst("%{fs-tmp-root}", "/"),
		literalSubst("%{fs-sep}", string(os.PathSeparator)),
		literalSubst("%/et", tmpName),
	)
	regexEscape := strings.NewReplacer("@", `\@`, "&", `\&`)
	for _, ps := range []struct{ letter, path string }{
		{"s", p.Source}, {"S", p.SrcDir}, {"p", p.SrcDir}, {"t", tmpName}, {"T", p.TmpDir},
	} {
		l, path := ps.letter, ps.path
		real := realpath(path)
		subs = append(subs,
			literalSubst("%"+l, path),
			literalSubst("%/"+l, path),
			literalSubst("%{"+l+":real}", real),
			literalSubst("%{/"+l+":real}", real),
			literalSubst("%{/"+l+":regex_replacement}", regexEscape.Replace(path)),
			literalSubst("%:"+l, strings.TrimPrefix(path, "/")),
		)
	}
	return subs
}

// percentMarker hides "%%" while substitutions run, as in lit.
const percentMarker = "#_MARKER_#"

func escapePercents(s string) string   { return strings.ReplaceAll(s, "%%", percentMarker) }
func unescapePercents(s string) string { return strings.ReplaceAll(s, percentMarker, "%") }

var ifBraceRE = regexp.MustCompile(`%\{`)
var elseRE = regexp.MustCompile(`^\s*%else\s*(%\{)?`)

// substituteIfElse expands "%if FEATURE-EXPR %{ A %} %else %{ B %}".
func substituteIfElse(ln string, features map[string]bool) (string, error) {
	if !strings.Contains(ln, "%if ") {
		return ln, nil
	}
	var parse func(ln string, nested bool) (string, string, error)
	parse = func(ln string, nested bool) (string, string, error) {
		var result strings.Builder
		for len(ln) > 0 {
			if nested && strings.HasPrefix(ln, "%}") {
				break
			}
			if strings.HasPrefix(ln, "%if ") {
				rest := ln[4:]
				loc := ifBraceRE.FindStringIndex(rest)
				if loc == nil {
					return "", "", fmt.Errorf("'%%{' is missing for %%if substitution")
				}
				cond := rest[:loc[0]]
				ln = rest[loc[1]:]
				if cond != "" {
					ifBranch, r, err := parse(ln, true)
					if err != nil {
						return "", "", err
					}
					if !strings.HasPrefix(r, "%}") {
						return "", "", fmt.Errorf("'%%}' is missing for %%if substitution")
					}
					ln = r[2:]
					elseBranch := ""
					if m := elseRE.FindStringSubmatchIndex(ln); m != nil {
						if m[2] < 0 {
							return "", "", fmt.Errorf("'%%{' is missing for %%else substitution")
						}
						eb, r, err := parse(ln[m[1]:], true)
						if err != nil {
							return "", "", err
						}
						if !strings.HasPrefix(r, "%}") {
							return "", "", fmt.Errorf("'%%}' is missing for %%else substitution")
						}
						elseBranch, ln = eb, r[2:]
					}
					ok, err := evalBool(cond, features)
					if err != nil {
						return "", "", err
					}
					if ok {
						result.WriteString(ifBranch)
					} else {
						result.WriteString(elseBranch)
					}
					continue
				}
			}
			// Plain text up to the next %if (or %} when nested).
			next := strings.Index(ln, "%if")
			if nested {
				if e := strings.Index(ln, "%}"); e >= 0 && (next < 0 || e < next) {
					next = e
				}
			}
			if next < 0 {
				result.WriteString(ln)
				ln = ""
			} else if next == 0 {
				// "%if" not followed by a space: lit's parser takes the
				// empty text before it and then, finding no condition,
				// the text; consume it as text to make progress.
				result.WriteString(ln[:3])
				ln = ln[3:]
			} else {
				result.WriteString(ln[:next])
				ln = ln[next:]
			}
		}
		return result.String(), ln, nil
	}
	out, _, err := parse(ln, false)
	return out, err
}

// applySubstitutions expands a test's script into shell commands, as lit's
// applySubstitutions: DEFINE/REDEFINE adjust the list as they come, and
// each RUN line gets %if expansion and then every substitution in order,
// with "%%" hidden until the end.
func applySubstitutions(script []*directive, subs []substitution, features map[string]bool) ([]string, error) {
	subs = append([]substitution{}, subs...)
	var out []string
	for _, d := range script {
		if d.Keyword != "RUN:" {
			var err error
			if subs, err = adjustSubstitutions(d, subs); err != nil {
				return nil, err
			}
			continue
		}
		ln, err := substituteIfElse(escapePercents(d.Text), features)
		if err != nil {
			return nil, err
		}
		for _, s := range subs {
			ln = s.Apply(escapePercents(ln))
		}
		out = append(out, unescapePercents(pyStrip(ln)))
	}
	return out, nil
}

// adjustSubstitutions applies a DEFINE or REDEFINE directive to subs.
func adjustSubstitutions(d *directive, subs []substitution) ([]substitution, error) {
	var existing []int
	for i, s := range subs {
		if strings.Contains(s.Pattern, d.Name) {
			existing = append(existing, i)
		}
	}
	var existingRes strings.Builder
	for _, i := range existing {
		existingRes.WriteString("\nExisting pattern: " + subs[i].Pattern)
	}
	if d.Keyword == "DEFINE:" {
		if len(existing) > 0 {
			return nil, fmt.Errorf("Substitution whose pattern contains '%s' is already defined before '%s' directive %s%s",
				d.Name, d.Keyword, d.location(), existingRes.String())
		}
		return append([]substitution{literalSubst(d.Name, d.Value)}, subs...), nil
	}
	switch {
	case len(existing) > 1:
		return nil, fmt.Errorf("Multiple substitutions whose patterns contain '%s' are defined before '%s' directive %s%s",
			d.Name, d.Keyword, d.location(), existingRes.String())
	case len(existing) == 0:
		return nil, fmt.Errorf("No substitution for '%s' is defined before '%s' directive %s",
			d.Name, d.Keyword, d.location())
	case subs[existing[0]].Pattern != d.Name:
		return nil, fmt.Errorf("Existing substitution whose pattern contains '%s' does not have the pattern specified by '%s' directive %s\nExpected pattern: %s%s",
			d.Name, d.Keyword, d.location(), d.Name, existingRes.String())
	}
	subs[existing[0]] = literalSubst(d.Name, d.Value)
	return subs, nil
}

var pdbgRE = regexp.MustCompile(`(?s)^%dbg\(([^)'"]*)\)(.*)$`)
var shUnsafeRE = regexp.MustCompile(`[^\w@%+=:,./-]`)

// shQuote is Python's shlex.quote.
func shQuote(s string) string {
	if s == "" {
		return "''"
	}
	if !shUnsafeRE.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'"'"'`) + "'"
}

// buildScript turns expanded commands into the bash script lit writes for
// an external-shell ShTest: each RUN line is announced on stderr and traced
// with set -x, and the lines are chained with && so the first failure ends
// the test.
func buildScript(commands []string, pipefail bool) string {
	cmds := make([]string, len(commands))
	for i, ln := range commands {
		cmds[i] = ln
		m := pdbgRE.FindStringSubmatch(ln)
		if m == nil {
			continue
		}
		dbg, command := m[1], m[2]
		var msg string
		if command != "" {
			msg = fmt.Sprintf("'%s': %s", dbg, shQuote(strings.TrimLeft(command, " \t\n\r\f\v")))
		} else {
			msg = fmt.Sprintf("'%s' has no command after substitutions", dbg)
		}
		cmds[i] = "{ set +x; } 2>/dev/null && echo " + msg + " >&2 && { set -x; } 2>/dev/null"
		if command != "" {
			cmds[i] += " && { " + command + "; }"
		}
	}
	var b strings.Builder
	if pipefail {
		b.WriteString("set -o pipefail;")
	}
	b.WriteString("set -x;")
	b.WriteString("{ " + strings.Join(cmds, "; } &&\n{ ") + "; }")
	b.WriteString("\n")
	return b.String()
}
