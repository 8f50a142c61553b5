package main

import (
	"bytes"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// canonicalizeRef is a direct transcription of FileCheck::CanonicalizeFile.
func canonicalizeRef(in []byte, strict bool) []byte {
	var out []byte
	for i := 0; i < len(in); i++ {
		if i+1 < len(in) && in[i] == '\r' && in[i+1] == '\n' {
			continue
		}
		if strict || (in[i] != ' ' && in[i] != '\t') {
			out = append(out, in[i])
			continue
		}
		out = append(out, ' ')
		for i+1 < len(in) && (in[i+1] == ' ' || in[i+1] == '\t') {
			i++
		}
	}
	return out
}

func TestCanonicalize(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a  b", "a b"},
		{"a\t\tb", "a b"},
		{"a \t b", "a b"},
		{"\ta", " a"},
		{"a \r\nb\r\n", "a \nb\n"},
		{"a\rb", "a\rb"},
		{"  ", " "},
		{"", ""},
		{"x \t", "x "},
	} {
		got := canonicalize([]byte(tc.in), false)
		assert.Equal(t, tc.want, string(got), "input %q", tc.in)
	}
	assert.Equal(t, "a  b\n", string(canonicalize([]byte("a  b\r\n"), true)))

	r := rand.New(rand.NewSource(1))
	alphabet := []byte("ab \t\r\n")
	for i := 0; i < 20000; i++ {
		in := make([]byte, r.Intn(40))
		for j := range in {
			in[j] = alphabet[r.Intn(len(alphabet))]
		}
		for _, strict := range []bool{false, true} {
			want := canonicalizeRef(in, strict)
			got := canonicalize(bytes.Clone(in), strict)
			require.Equal(t, string(want), string(got), "input %q strict=%v", in, strict)
		}
	}
}

func TestParseRegexErrors(t *testing.T) {
	for re, want := range map[string]reErr{
		"a":           reOK,
		"":            reEMPTY,
		"a|":          reEMPTY,
		"(|a)":        reEMPTY,
		"()":          reOK,
		"a{0}":        reEMPTY,
		"a{0}b":       reOK,
		"*a":          reBADRPT,
		"a**":         reBADRPT,
		"^*":          reBADRPT,
		".*?":         reBADRPT,
		"a{1,2}{3}":   reBADRPT,
		"a{3,2}":      reBADBR,
		"a{256}":      reBADBR,
		"a{1":         reEBRACE,
		"a{1,2x}":     reBADBR,
		"a{":          reOK, // '{' not followed by a digit is literal
		"a{x}":        reOK,
		"{1}":         reBADRPT,
		"(a":          reEPAREN,
		"a)":          reEPAREN,
		"[a":          reEBRACK,
		"[]a]":        reOK,
		"[z-a]":       reERANGE,
		"[[:foo:]]":   reECTYPE,
		"[[.space.]]": reOK,
		"[[.foo.]]":   reECOLLATE,
		"[[=a=]]":     reOK,
		"a\\":         reEESCAPE,
		"\\1":         reESUBREG,
		"(a)\\1":      reOK,
		"(a\\1)":      reESUBREG,
		"\\d":         reOK,
		"[[:<:]]a":    reOK,
	} {
		_, got := parseRegex(re, false, false)
		assert.Equal(t, want, got, "regex %q: %v", re, got)
	}
	assert.Equal(t, "empty (sub)expression", reEMPTY.Error())
	assert.Equal(t, "repetition-operator operand invalid", reBADRPT.Error())
}

// matchRE compiles re with REG_NEWLINE and returns the matched text and the
// group texts ("<unset>" for unset groups), or nil.
func matchRE(t *testing.T, re string, icase bool, text string) []string {
	t.Helper()
	r, e := compileRegex(re, icase)
	require.Equal(t, reOK, e, "compile %q", re)
	m := r.match(text, true)
	if m == nil {
		return nil
	}
	var out []string
	for i := 0; i+1 < len(m); i += 2 {
		if m[i] < 0 {
			out = append(out, "<unset>")
		} else {
			out = append(out, text[m[i]:m[i+1]])
		}
	}
	return out
}

func TestRegexMatchSemantics(t *testing.T) {
	// leftmost-longest, not leftmost-first
	assert.Equal(t, []string{"abcd", "abcd"}, matchRE(t, "(ab|abcd)", false, "xabcd"))
	// '.' and negated classes are byte-wise and do not cross newlines
	assert.Nil(t, matchRE(t, "a.b", false, "aéb"))
	assert.Equal(t, []string{"aéb"}, matchRE(t, "a..b", false, "aéb"))
	assert.Nil(t, matchRE(t, "a[^x]b", false, "a\nb"))
	// \d is a literal 'd' in POSIX EREs
	assert.Equal(t, []string{"dd"}, matchRE(t, "\\d+", false, "12dd"))
	// anchors are per line (REG_NEWLINE)
	assert.Equal(t, []string{"bar"}, matchRE(t, "^bar$", false, "foo\nbar\nbaz"))
	// back-references, including in the byte-wise VM
	assert.Equal(t, []string{"abab", "ab"}, matchRE(t, "(ab)\\1", false, "xxababyy"))
	assert.Equal(t, []string{"\xffa\xffa", "\xffa"}, matchRE(t, "(.a)\\1", false, "\xffa\xffa"))
	// case folding is ASCII only and keeps invalid UTF-8 intact
	assert.Equal(t, []string{"A\xffC"}, matchRE(t, "a\xffc", true, "zA\xffC"))
	// word boundaries
	assert.Equal(t, []string{"cat"}, matchRE(t, "[[:<:]]cat[[:>:]]", false, "concat cat"))
	// unset groups
	assert.Equal(t, []string{"b", "<unset>"}, matchRE(t, "(a)?b", false, "b"))
	// the [[:space:]] class matches a newline, so matches can span lines
	assert.Equal(t, []string{"a\nb"}, matchRE(t, "a[[:space:]]b", false, "a\nb"))
}

func TestRegexEnginesAgree(t *testing.T) {
	// The Go-regexp path and the VM must find the same match on ASCII text
	// (captures are then assigned by the same dissect step).
	r := rand.New(rand.NewSource(3))
	for i := 0; i < 3000; i++ {
		g := &regexGen{r: r}
		src := g.alt(0)
		re, e := compileRegex(src, r.Intn(3) == 0)
		if e != reOK {
			continue
		}
		gre := re.goRegexp()
		if gre == nil {
			continue
		}
		text := strings.Map(func(c rune) rune {
			if c > 0x7f {
				return 'z'
			}
			return c
		}, randomInput(r))
		want := re.goFind(gre, text, true)
		got := re.vmMatch(text)
		require.Equal(t, want, got, "regex %q text %q", src, text)
	}
}

func TestDissect(t *testing.T) {
	// POSIX subexpression rule, as LLVM's regex library applies it.
	assert.Equal(t, []string{"abc", "ab", "c"}, matchRE(t, "(a|ab)(c|bc)", false, "abc"))
	assert.Equal(t, []string{"abcd", "abc", "ab", "c", "d"}, matchRE(t, "((a|ab)(c|bcd))(d*)", false, "abcd"))
	assert.Equal(t, []string{"xxx", "x", "xx"}, matchRE(t, "(x*)(x?xx)", false, "xxx"))
	// the last iteration of a repetition is captured
	assert.Equal(t, []string{"abab", "ab"}, matchRE(t, "(ab)+", false, "abab"))
}

func compilePattern(t *testing.T, text string, req *request) (*pattern, string) {
	t.Helper()
	var errs strings.Builder
	ctx := newPatternContext()
	ctx.lineVar = &numVar{name: "@LINE", format: exprFormat{kind: fmtUnsigned}}
	ctx.globalNumVars["@LINE"] = ctx.lineVar
	b := newBuf("check", text)
	p := newPattern(checkType{kind: ckPlain}, ctx, 1)
	if req == nil {
		req = &request{}
	}
	if p.parsePattern(b.fullSpan(), "CHECK", &diagSink{w: &errs}, req) != parseOK {
		return nil, errs.String()
	}
	return p, ""
}

func TestPatternCompilation(t *testing.T) {
	for _, tc := range []struct {
		pattern, fixed, regex string
	}{
		{"hello world", "hello world", ""},
		{"a{{[0-9]+}}b", "", "a[0-9]+b"},
		{"abc{{x|z}}def", "", "abc(x|z)def"},
		{"f(x) [[V:[a-z]+]] = [[V]]", "", `f\(x\) ([a-z]+) = \1`},
		{"[[#N:]]", "", "([0-9]+)"},
		{"[[#%x,N:]]", "", "([0-9a-f]+)"},
		{"[[#%.3d,N:]]", "", "(-?([1-9][0-9]*)?[0-9]{3})"},
		{"[[#%#X,N:]]", "", "(0x[0-9A-F]+)"},
		{"x", "x", ""},
		{"{{", "", ""}, // error
	} {
		p, errs := compilePattern(t, tc.pattern, nil)
		if tc.fixed == "" && tc.regex == "" {
			assert.Nil(t, p)
			assert.Contains(t, errs, "found start of regex string with no end '}}'")
			continue
		}
		require.NotNil(t, p, "%q: %s", tc.pattern, errs)
		assert.Equal(t, tc.fixed, p.fixedStr, tc.pattern)
		if tc.regex != "" {
			assert.Equal(t, tc.regex, p.regexStr.String(), tc.pattern)
		}
	}

	p, _ := compilePattern(t, "a b", &request{matchFullLines: true})
	assert.Equal(t, "^ *a b *$", p.regexStr.String())

	_, errs := compilePattern(t, "[[#Y:]] [[#Y+1]]", nil)
	assert.Contains(t, errs, "numeric variable 'Y' defined earlier in the same CHECK directive")
	_, errs = compilePattern(t, "{{a{3,2}}}", nil)
	assert.Contains(t, errs, "invalid regex")
}

func TestPatternMatch(t *testing.T) {
	p, errs := compilePattern(t, "%[[R:[0-9]+]] = add [[#%x,N:]]", nil)
	require.NotNil(t, p, errs)
	in := newBuf("in", "foo\n%12 = add ff\n")
	p.ctx.input = in
	mr := p.match(in.text, 0)
	require.True(t, mr.found)
	assert.Equal(t, 4, mr.pos)
	assert.Equal(t, len("%12 = add ff"), mr.len)
	assert.Equal(t, "12", p.ctx.globalVars["R"].val)
	assert.Equal(t, 0, p.ctx.globalNumVars["N"].value.Cmp(big.NewInt(255)))

	q := newPattern(checkType{kind: ckPlain}, p.ctx, 2)
	require.Equal(t, parseOK, q.parsePattern(newBuf("c", "[[R]] [[#N+1]]").fullSpan(), "CHECK", &diagSink{w: &strings.Builder{}}, &request{}))
	// N has the implicit format %x of its definition, so N+1 is "100".
	mr = q.match("x 12 256 12 100", 0)
	require.True(t, mr.found)
	assert.Equal(t, 9, mr.pos)

	f, _ := compilePattern(t, "HeLLo", &request{ignoreCase: true})
	mr = f.match("say hello", 0)
	assert.True(t, mr.found)
	assert.Equal(t, 4, mr.pos)
}

func TestNumericFormats(t *testing.T) {
	s, err := exprFormat{kind: fmtHexUpper, precision: 4, alt: true}.matchingString(big.NewInt(255))
	require.NoError(t, err)
	assert.Equal(t, "0x00FF", s)
	s, err = exprFormat{kind: fmtSigned}.matchingString(big.NewInt(-7))
	require.NoError(t, err)
	assert.Equal(t, "-7", s)
	_, err = exprFormat{kind: fmtUnsigned}.matchingString(big.NewInt(-7))
	assert.Equal(t, errOverflow, err)
	assert.Equal(t, int64(255), exprFormat{kind: fmtHexLower, alt: true}.valueFromString("0xff").Int64())
	assert.Equal(t, int64(-12), exprFormat{kind: fmtSigned}.valueFromString("-12").Int64())
}

func TestCountNewlines(t *testing.T) {
	n, first := countNewlines("a\nb\r\nc")
	assert.Equal(t, 2, n)
	assert.Equal(t, 2, first)
	n, _ = countNewlines("\n\r")
	assert.Equal(t, 1, n)
	n, _ = countNewlines("abc")
	assert.Equal(t, 0, n)
}

func TestIndexFold(t *testing.T) {
	assert.Equal(t, 4, indexFold("say HeLLo", "hello"))
	assert.Equal(t, -1, indexFold("say hell", "hello"))
	assert.Equal(t, 2, indexFold("xx1Ab", "1ab"))
	assert.Equal(t, 0, indexFold("abc", ""))
	// the scan must not go quadratic when one case never occurs
	long := strings.Repeat("a", 100000) + "B"
	assert.Equal(t, 100000, indexFold(long, "b"))
}

func TestInlineDiff(t *testing.T) {
	d, common := inlineDiff("bazz", "xx baz qux")
	assert.Equal(t, "{+xx +}baz[-z-]{+ qux+}", d)
	assert.Equal(t, 3, common)
	d, _ = inlineDiff("tensor<2xf32>", "tensor<3xf32>")
	assert.Equal(t, "tensor<[-2-]{+3+}xf32>", d)
}

func TestBestWindow(t *testing.T) {
	ws, we, d := bestWindow("wrold", "the whole world")
	assert.Equal(t, "world", "the whole world"[ws:we])
	assert.Equal(t, 2, d)
	_, _, d = bestWindow("tensor<2xf32>", "x tensor<3xf32>")
	assert.Equal(t, 2, d)
	ws, we, d = bestWindow("bazz", "xx baz qux")
	assert.Equal(t, "baz", "xx baz qux"[ws:we])
	assert.Equal(t, 1, d)
}

func TestOptions(t *testing.T) {
	o, errs := parseArgs("filecheck", []string{"c.txt", "-check-prefix", "A", "--check-prefixes=B,C",
		"-DX=1", "-D#N=2", "--input-file=in", "-vv", "--strict-whitespace=false", "--dump-input", "never"})
	require.Empty(t, errs)
	assert.Equal(t, "c.txt", o.checkFile)
	assert.Equal(t, []string{"A", "B", "C"}, o.checkPrefixes)
	assert.Equal(t, []string{"X=1", "#N=2"}, o.defines)
	assert.Equal(t, "in", o.inputFile)
	assert.True(t, o.verboseVerbose)
	assert.Equal(t, []dumpMode{dumpNever}, o.dumpInputs)

	_, errs = parseArgs("filecheck", []string{"--bogus"})
	require.Len(t, errs, 2)
	assert.Contains(t, errs[0], "Unknown command line argument '--bogus'")
	_, errs = parseArgs("filecheck", []string{"-D"})
	assert.Equal(t, []string{"filecheck: for the -D option: requires a value!"}, errs)
	o, errs = parseArgs("filecheck", []string{"--vvv"})
	assert.Empty(t, errs)
	assert.True(t, o.verbose)
	assert.Equal(t, []string{"a b", "c d", `e"f`}, tokenizeGNU(`"a b" 'c d' e\"f`))
}
